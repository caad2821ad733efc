"""The Discord adapter end to end: the real discord.py client, run by ``run_discord`` with a real ``GameService`` on
the test Redis, against the fake Discord of ``tests/fakes/discord_server.py`` on loopback.

``discord_env`` gives a ``Harness``: ``start()`` a bot process (again after ``stop()``, on the same store, for a
restart), users who type commands, ask for autocomplete, press buttons and pick from menus, each returning an
``Exchange`` (the interaction, its acknowledgement, and the messages it produced). Every acknowledgement time is
collected and reported at the end of the session.
"""

from __future__ import annotations

import asyncio
import random
import statistics
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import discord
import discord.gateway
import discord.http
import pytest
import yarl

from bot.core.service import GameService
from bot.discord.actions import DRAIN_TIMEOUT
from bot.discord.client import BoardBotClient
from bot.discord.run import run_discord
from bot.settings import DiscordSettings, Settings
from bot.games import presenters
from rules.registry import games
from storage import GameStore
from tests.core.simultaneous_game import RpsGame, RpsPresenter
from tests.discord.pick_game import PickGame, PickPresenter
from tests.fakes.discord_server import FakeDiscord, Interaction, User

CHANNEL = 700000000000000001
OTHER_CHANNEL = 700000000000000002
ACK_BUDGET = 3.0  # seconds: Discord's limit to acknowledge an interaction
REDELIVER_INTERVAL = 0.1  # seconds between two looks at the outbox (the bot's default: 2)
TIMER_POLL = 0.1  # seconds between two looks at the due timers (the bot's default: 1)
ALICE = User(100000000000000011, "Alice", "en-US")
BORIS = User(100000000000000012, "Boris", "ru")
CARLA = User(100000000000000013, "Carla", "it")  # never seated
DANA = User(100000000000000014, "Dana", "en-GB")
SEED = 4242

ACK_TIMES: dict[str, list[float]] = {}  # interaction kind -> seconds, for the session's report


def record_ack(kind: str, seconds: float) -> None:
    ACK_TIMES.setdefault(kind, []).append(seconds)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not ACK_TIMES:
        return
    terminalreporter.write_sep("-", "Discord: time from INTERACTION_CREATE to the acknowledgement")
    for kind, times in sorted(ACK_TIMES.items()):
        ms = sorted(t * 1000 for t in times)
        p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
        terminalreporter.write_line(
            f"{kind:<13} n={len(ms):<4} median={statistics.median(ms):6.1f} ms  p95={p95:6.1f} ms  "
            f"max={ms[-1]:6.1f} ms"
        )


@dataclass
class Exchange:
    """One interaction and what came of it."""

    interaction: Interaction
    new: list[dict[str, Any]]  # messages made while it was handled (any audience)
    fake: FakeDiscord

    @property
    def public(self) -> list[dict[str, Any]]:
        return [m for m in self.new if m["_audience"] is None]

    @property
    def private(self) -> list[dict[str, Any]]:
        return [m for m in self.new if m["_audience"] is not None]

    @property
    def answer(self) -> dict[str, Any] | None:
        """The interaction's own answer as it stands now (the thinking message, or the edited hand view)."""
        msg = self.fake.messages.get(self.interaction.original or 0)
        return None if msg is None or msg["_deleted"] else msg

    @property
    def answers(self) -> list[dict[str, Any]]:
        """Everything only the asker sees from this interaction."""
        out = [m for m in self.fake.messages_of(self.interaction) if m["_audience"] == self.interaction.user.id]
        return sorted(out, key=lambda m: int(m["id"]))

    def answer_text(self) -> str:
        return "\n".join(m["content"] for m in self.answers)


def components(msg: dict[str, Any], kind: int | None = None) -> list[dict[str, Any]]:
    """The components of a message (``kind`` 2: buttons, 3: string selects)."""
    out = [c for row in msg.get("components") or [] for c in row.get("components", [])]
    return [c for c in out if kind is None or c["type"] == kind]


def hand_button(msg: dict[str, Any]) -> dict[str, Any] | None:
    return next((c for c in components(msg, 2) if c.get("custom_id", "").startswith("bb:hand:")), None)


def mentioned(msg: dict[str, Any]) -> list[int]:
    import re

    return [int(x) for x in re.findall(r"<@(\d+)>", msg.get("content") or "")]


class Harness:
    def __init__(self, fake: FakeDiscord, store: GameStore, render: bool = True) -> None:
        self.fake = fake
        self.store = store
        self.render = render
        self.client: BoardBotClient | None = None
        self.service: GameService | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None

    # --- the bot process ----------------------------------------------------------------------------------
    def settings(self, **discord_options: Any) -> Settings:
        return Settings(_env_file=None, discord=DiscordSettings(  # type: ignore[call-arg]
            token="fake.token.value", api_base=self.fake.api_base, gateway_url=self.fake.gateway_url,
            **discord_options))

    async def start(self, *, grace: float | None = None, drain_timeout: float = DRAIN_TIMEOUT,
                    redeliver_interval: float = REDELIVER_INTERVAL, clock: Callable[[], float] | None = None,
                    **discord_options: Any) -> BoardBotClient:
        """Start a bot process (a new client and a new service on the same store). ``grace``: the service's
        (seconds before an undelivered change is delivered again); ``drain_timeout``: how long a stop waits for
        the interactions in progress; ``clock``: the service's time (its timers fire by it)."""
        extra: dict[str, Any] = {} if grace is None else {"grace": grace}
        if clock is not None:
            extra["clock"] = clock
        # the one-step player: the search player's second a decision is for play, not for tests
        self.service = GameService(self.store, render=self.render, seeds=lambda: SEED, ai="greedy", **extra)
        self._stop = asyncio.Event()
        clients: list[BoardBotClient] = []
        before = self.fake.identified
        self._task = asyncio.create_task(
            run_discord(self.settings(**discord_options), self.service, self._stop, started=clients.append,
                        drain_timeout=drain_timeout, redeliver_interval=redeliver_interval, timer_poll=TIMER_POLL))
        task = self._task
        await self.fake.wait_until(lambda: self.fake.identified > before or task.done())
        if self._task.done():
            self._task.result()
        self.client = clients[0]  # connected: the gateway has sent READY, events that follow are handled
        return self.client

    async def synced(self) -> bool:
        """Wait for the registration of the commands the started bot runs in the background: True when it sent
        them (False: unchanged, or failed)."""
        assert self.client is not None and self.client.command_sync is not None
        return await asyncio.wait_for(asyncio.shield(self.client.command_sync), 15)

    async def stop(self) -> None:
        assert self._stop is not None and self._task is not None
        self._stop.set()
        await asyncio.wait_for(self._task, 15)
        self.client = None

    # --- users acting -------------------------------------------------------------------------------------
    async def _run(self, inter: Interaction, kind: str) -> Exchange:
        await asyncio.wait_for(inter.acked.wait(), 10)
        assert inter.ack_seconds is not None
        record_ack(kind, inter.ack_seconds)
        assert inter.ack_seconds < ACK_BUDGET, f"acknowledged after {inter.ack_seconds:.2f} s"
        assert self.client is not None
        await asyncio.wait_for(self.client.actions.idle(), 20)
        new = [m for m in self.fake.visible() if int(m["id"]) > inter.id]
        return Exchange(inter, sorted(new, key=lambda m: int(m["id"])), self.fake)

    async def send_slash(self, user: User, command: str, sub: str | None = None, *, channel: int = CHANNEL,
                         locale: str | None = None, dm: bool = False, **options: Any) -> Interaction:
        data = self.fake.slash_data(command, sub, options)
        return await self.fake.interact(2, data, user, channel_id=None if dm else channel, locale=locale, dm=dm)

    async def slash(self, user: User, command: str, sub: str | None = None, **kwargs: Any) -> Exchange:
        return await self._run(await self.send_slash(user, command, sub, **kwargs), "command")

    async def game(self, user: User, sub: str, **kwargs: Any) -> Exchange:
        return await self.slash(user, "game", sub, **kwargs)

    async def autocomplete(self, user: User, command: str, sub: str | None, focused: str, *,
                           channel: int = CHANNEL, locale: str | None = None, **options: Any) -> list[dict[str, Any]]:
        data = self.fake.slash_data(command, sub, options, focused=focused)
        inter = await self.fake.interact(4, data, user, channel_id=channel, locale=locale)
        await asyncio.wait_for(inter.acked.wait(), 10)
        assert inter.ack_seconds is not None and inter.ack_seconds < ACK_BUDGET
        record_ack("autocomplete", inter.ack_seconds)
        assert inter.callback_type == 8
        return inter.callback["data"]["choices"]  # type: ignore[index]

    async def send_press(self, user: User, message: dict[str, Any], custom_id: str, *, locale: str | None = None,
                         values: list[str] | None = None) -> Interaction:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = values
        dm = message["_kind"] == "dm"
        return await self.fake.interact(3, data, user, channel_id=int(message["channel_id"]), message=message,
                                        locale=locale, dm=dm)

    async def press(self, user: User, message: dict[str, Any], custom_id: str, **kwargs: Any) -> Exchange:
        return await self._run(await self.send_press(user, message, custom_id, **kwargs), "button")

    async def select(self, user: User, message: dict[str, Any], custom_id: str, value: str, **kwargs: Any) -> Exchange:
        return await self._run(await self.send_press(user, message, custom_id, values=[value], **kwargs), "select")

    async def my_hand(self, user: User, **kwargs: Any) -> Exchange:
        """Press "My hand" under the latest board of the channel."""
        board = self.latest_board()
        button = hand_button(board)
        assert button is not None
        return await self.press(user, board, button["custom_id"], **kwargs)

    # --- what is there ------------------------------------------------------------------------------------
    def latest_board(self, channel: int = CHANNEL) -> dict[str, Any]:
        boards = [m for m in self.fake.channel_messages(channel) if hand_button(m) is not None]
        assert boards, "no message with a My hand button in the channel"
        return boards[-1]

    async def stored_version(self, channel: int = CHANNEL) -> int | None:
        stored = await self.store.load(f"dc:{self.fake.guild_id}:{channel}")
        return None if stored is None else stored.version

    async def stored(self, channel: int = CHANNEL) -> Any:
        return await self.store.load(f"dc:{self.fake.guild_id}:{channel}")


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    # run_discord points discord.py at the fake from the settings; these restore the real endpoints afterwards
    monkeypatch.setattr(discord.http.Route, "BASE", server.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url))
    yield server
    await server.close()


@pytest.fixture
async def discord_env(fake: FakeDiscord, store: GameStore) -> AsyncIterator[Harness]:
    harness = Harness(fake, store)
    yield harness
    if harness.client is not None:
        await harness.stop()


@pytest.fixture
def extra_games() -> Iterator[None]:
    """Two small test games next to the real ones: ``rps`` (simultaneous, secret choices, private hands) and
    ``pick`` (140 options in one decision). Registered before the bot starts, so ``/game new`` offers them."""
    added = {"rps": (RpsGame(), RpsPresenter()), "pick": (PickGame(), PickPresenter())}
    for name, (game, pres) in added.items():
        games()[name] = game
        presenters()[name] = pres
    yield
    for name in added:
        games().pop(name, None)
        presenters().pop(name, None)


def pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))]

