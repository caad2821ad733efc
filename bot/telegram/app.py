"""The python-telegram-bot ``Application`` of the bot: rate-limited, processing updates concurrently."""

from __future__ import annotations

from telegram.ext import AIORateLimiter, Application, BaseUpdateProcessor

from bot.core.service import GameService
from bot.settings import Settings
from bot.telegram.handlers import Handlers

ALLOWED_UPDATES = ["message", "callback_query"]


def build_application(
    settings: Settings, service: GameService, *, update_processor: BaseUpdateProcessor | None = None
) -> Application:
    tg = settings.telegram
    if tg.token is None:
        raise ValueError("BOARDBOT_TELEGRAM__TOKEN is not set")
    app = (
        Application.builder()
        .token(tg.token.get_secret_value())
        .base_url(tg.base_url)
        .base_file_url(tg.base_file_url)
        .rate_limiter(AIORateLimiter(overall_max_rate=tg.overall_max_rate, group_max_rate=tg.group_max_rate,
                                     max_retries=3))
        .concurrent_updates(update_processor or tg.concurrent_updates)
        .get_updates_read_timeout(tg.poll_timeout + 10)
        .build()
    )
    Handlers(service).install(app)
    return app
