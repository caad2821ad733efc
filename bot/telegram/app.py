"""The python-telegram-bot ``Application`` of the bot: rate-limited, processing updates concurrently."""

from __future__ import annotations

from typing import Any

from telegram.ext import AIORateLimiter, Application, BaseUpdateProcessor

from bot.core.service import GameService
from bot.settings import Settings
from bot.telegram.handlers import Handlers

ALLOWED_UPDATES = ["message", "callback_query"]  # "message" includes the service messages of a group's migration
GROUP_PERIOD = 60.0  # seconds over which ``group_max_rate`` messages may go to one group


class RateLimiter(AIORateLimiter):
    """``AIORateLimiter``, except for the answers to button presses. After a ``RetryAfter`` the limiter holds every
    request of the process until the wait is over; an answer held that long comes too late for Telegram ("query is
    too old"). Answers send no message, so no group's limit is at stake: they go at once."""

    async def process_request(self, callback: Any, args: Any, kwargs: dict[str, Any], endpoint: str,
                              data: dict[str, Any], rate_limit_args: int | None) -> Any:
        if endpoint == "answerCallbackQuery":
            return await callback(*args, **kwargs)
        return await super().process_request(callback, args, kwargs, endpoint, data, rate_limit_args)


def build_application(
    settings: Settings, service: GameService, *, update_processor: BaseUpdateProcessor | None = None
) -> tuple[Application, Handlers]:
    tg = settings.telegram
    if tg.token is None:
        raise ValueError("BOARDBOT_TELEGRAM__TOKEN is not set")
    app = (
        Application.builder()
        .token(tg.token.get_secret_value())
        .base_url(tg.base_url)
        .base_file_url(tg.base_file_url)
        .rate_limiter(RateLimiter(overall_max_rate=tg.overall_max_rate, group_max_rate=tg.group_max_rate,
                                  group_time_period=GROUP_PERIOD, max_retries=3))
        .concurrent_updates(update_processor or tg.concurrent_updates)
        .get_updates_read_timeout(tg.poll_timeout + 10)
        .build()
    )
    handlers = Handlers(service)
    handlers.install(app)
    return app, handlers
