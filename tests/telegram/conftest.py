"""The Telegram bot as it runs (``run_telegram``: the real ``Application`` long-polling), against the fake Bot API on
loopback, with a ``GameService`` on the test Redis.

``bot.settle()`` waits until every update queued so far was fetched and fully processed (an update processor counts
them), so a test can assert on what was, and was not, sent.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from PIL import Image
from telegram.ext import SimpleUpdateProcessor

from bot.core.service import GameService
from bot.settings import Settings, TelegramSettings
from bot.telegram import ids, run_telegram
from storage import GameStore
from tests.core.helpers import load
from tests.fakes.telegram_server import TOKEN, FakeTelegram, SentMessage

GROUP = -1001234567890
CHANNEL = f"tg:{GROUP}"
ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004
SEED = 5


def tiny_png(view: Any, names: list[str]) -> bytes:
    """A stand-in for the renderer: a small real PNG whose colour follows the view (so a new board differs)."""
    digest = hashlib.sha1(repr(view).encode()).digest()
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), tuple(digest[:3])).save(buf, "PNG")
    return buf.getvalue()


class CountingProcessor(SimpleUpdateProcessor):
    """Processes updates concurrently, like the default, and counts the finished ones."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self.finished = 0

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        try:
            await coroutine
        finally:
            self.finished += 1


class RunningBot:
    """One bot process: a service and ``run_telegram`` until ``close``."""

    def __init__(self, fake: FakeTelegram, store: GameStore, *, renderer: Callable | None = tiny_png,
                 grace: float | None = None, redelivery_interval: float = 0.2, clock: Callable[[], float] | None = None,
                 timer_poll: float | None = None, **telegram: Any) -> None:
        self.fake = fake
        self.service = GameService(
            store, render=True, seeds=lambda: SEED, ai="greedy",  # the one-step player: quick
            **({"board_renderer": renderer, "options_renderer": renderer} if renderer else {}),
            **({"grace": grace} if grace is not None else {}),
            **({"clock": clock} if clock is not None else {}),
        )
        self.redelivery_interval = redelivery_interval
        self.timer_poll = timer_poll  # seconds between two looks at the tables' timers (None: the bot's own)
        self.settings = Settings(telegram=TelegramSettings(
            token=TOKEN, base_url=fake.base_url, base_file_url=fake.base_file_url, poll_timeout=1.0,
            **({"overall_max_rate": 0, "group_max_rate": 0} | telegram),
        ))
        self.processor = CountingProcessor(16)
        self.stop = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.baseline = 0

    async def start(self) -> None:
        polls = len(self.fake.requests("getUpdates"))
        self.baseline = self.fake.delivered  # updates handed to an earlier process
        self.task = asyncio.create_task(run_telegram(self.settings, self.service, self.stop,
                                                     update_processor=self.processor,
                                                     redelivery_interval=self.redelivery_interval,
                                                     **({"timer_poll": self.timer_poll} if self.timer_poll else {})))
        if self.settings.telegram.webhook_url:
            await self.fake.wait_for(lambda: self.fake.webhook is not None or self.task.done())
        else:
            await self.fake.wait_for(lambda: len(self.fake.requests("getUpdates")) > polls or self.task.done())
        if self.task.done():
            self.task.result()

    async def until(self, predicate: Callable[[], bool]) -> None:
        """Wait until ``predicate()`` holds (the timeout only guards against a hang)."""
        async def poll() -> None:
            while not predicate():
                if self.task is not None and self.task.done():
                    self.task.result()
                await asyncio.sleep(0.005)

        await asyncio.wait_for(poll(), 30)

    async def settle(self) -> None:
        """Wait until every queued update was fetched and fully processed."""
        await self.until(lambda: self.fake.idle and self.processor.finished >= self.fake.delivered - self.baseline)

    async def close(self) -> None:
        self.stop.set()
        if self.task is not None:
            await asyncio.wait_for(self.task, 30)


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    server.add_group(GROUP, "Duel night")
    server.add_user(ALICE, "Alice", username="alice", lang="en")
    server.add_user(BOB, "Борис", lang="ru")
    server.add_user(CAROL, "Carla", lang="it")
    server.add_user(DAVE, "Dave", username="dave", lang="en")
    yield server
    await server.stop()


@pytest.fixture
async def bot(fake: FakeTelegram, store: GameStore) -> AsyncIterator[RunningBot]:
    running = RunningBot(fake, store)
    await running.start()
    yield running
    await running.close()


# --- helpers for the tests ---------------------------------------------------------------------------------------


async def say(bot: RunningBot, chat: int, user: int, text: str, **kw: Any) -> dict[str, Any]:
    update = bot.fake.command(chat, user, text, **kw)
    await bot.settle()
    return update


async def press(bot: RunningBot, message: SentMessage, user: int, data: str | None = None,
                **kw: Any) -> dict[str, Any]:
    update = bot.fake.press(message, user, data, **kw)
    await bot.settle()
    return update


async def version(store: GameStore, channel: str = CHANNEL) -> int | None:
    stored = await store.load(channel)
    return stored.version if stored else None


def menus(fake: FakeTelegram, chat: int) -> list[SentMessage]:
    """The messages in ``chat`` that still carry move buttons, newest last."""
    return [m for m in fake.sent(chat) if any(b.get("callback_data", "").startswith("m:") for b in m.buttons)]


def menu_made(message: SentMessage) -> ids.Made:
    """The game and version a menu's buttons were made for."""
    button = ids.parse_move_data(next(b["callback_data"] for b in message.buttons
                                      if b.get("callback_data", "").startswith("m:")))
    assert button is not None
    return button.made


def menu_version(message: SentMessage) -> int:
    return menu_made(message).version


def texts(fake: FakeTelegram, chat: int) -> list[str]:
    return [m.text or "" for m in fake.sent(chat)]


async def open_private_chats(bot: RunningBot, *users: int, payload: str = f"g{GROUP}") -> None:
    for user in users:
        await say(bot, user, user, f"/start {payload}")


async def started_duel(bot: RunningBot, store: GameStore, *, chat: int = GROUP, thread: int | None = None,
                       players: tuple[int, int] = (ALICE, BOB)) -> None:
    """The first player opens a Duel in the group (in its topic ``thread``), the second joins, both opened their
    private chats, the first starts."""
    first, second = players
    await open_private_chats(bot, first, second)
    await say(bot, chat, first, "/new duel", thread=thread)
    await say(bot, chat, second, "/join", thread=thread)
    await say(bot, chat, first, "/startgame", thread=thread)
    _v, table, _state = await load(store, f"tg:{chat}" + (f":{thread}" if thread is not None else ""))
    assert table.status == "playing"


def deciding(table: Any, state: Any) -> int:
    """The Telegram id of the player who must decide now (a Duel)."""
    from tests.core.helpers import DUEL

    return int(table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:"))


