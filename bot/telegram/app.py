"""The python-telegram-bot ``Application`` of the bot: rate-limited, processing updates concurrently.

The limit of messages to one group (``group_max_rate`` a minute) is counted in Redis, across every process of the
bot (``bot.fleet.wait_turn``): webhook workers behind one URL send to the same groups. The overall limit (requests
per second) stays per process: it is Telegram's limit per bot only roughly, and each worker keeps to it.
"""

from __future__ import annotations

from typing import Any

from telegram.ext import AIORateLimiter, Application, BaseUpdateProcessor

from bot import fleet
from bot.core.service import GameService
from bot.settings import Settings
from bot.telegram.handlers import Handlers
from storage.shared_limits import SharedLimits

ALLOWED_UPDATES = ["message", "callback_query"]  # "message" includes the service messages of a group's migration
GROUP_PERIOD = 60.0  # seconds over which ``group_max_rate`` messages may go to one group


GROUP_LIMITED = ("send", "edit", "copy", "forward")  # the requests that count toward a group's limit


def group_of(data: dict[str, Any]) -> int | None:
    """The group a request goes to (a negative chat id), or None."""
    try:
        chat = int(data.get("chat_id"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return chat if chat < 0 else None


class RateLimiter(AIORateLimiter):
    """``AIORateLimiter``, except for the answers to button presses, and with the groups' limit shared.

    After a ``RetryAfter`` the limiter holds every request of the process until the wait is over; an answer held that
    long comes too late for Telegram ("query is too old"). Answers send no message, so no group's limit is at stake:
    they go at once. With ``shared`` (the bot's Redis), a message sent or edited in a group first waits for its turn
    in the group's window, counted across every process (``group_max_rate`` per ``group_time_period``); the
    process's own group limiter is then off."""

    def __init__(self, *, shared: SharedLimits | None = None, group_max_rate: float = 20.0,
                 group_time_period: float = 60.0, **options: Any) -> None:
        super().__init__(group_max_rate=0 if shared is not None else group_max_rate,
                         group_time_period=group_time_period, **options)
        self.shared = shared if group_max_rate and group_time_period else None
        self.group_limit = max(1, round(group_max_rate)) if group_max_rate else 0
        self.group_period = group_time_period

    async def process_request(self, callback: Any, args: Any, kwargs: dict[str, Any], endpoint: str,
                              data: dict[str, Any], rate_limit_args: int | None) -> Any:
        if endpoint == "answerCallbackQuery":
            return await callback(*args, **kwargs)
        group = group_of(data)
        if self.shared is not None and group is not None and endpoint.startswith(GROUP_LIMITED):
            await fleet.wait_turn(self.shared, f"tg-group:{group}", self.group_limit, self.group_period)
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
                                  group_time_period=GROUP_PERIOD, max_retries=3,
                                  shared=SharedLimits.of(service.store) if tg.shared_group_limit else None))
        .concurrent_updates(update_processor or tg.concurrent_updates)
        .get_updates_read_timeout(tg.poll_timeout + 10)
        .build()
    )
    handlers = Handlers(service)
    handlers.install(app)
    return app, handlers
