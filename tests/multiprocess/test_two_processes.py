"""Two ``boardbot run`` processes serve the same Discord and Telegram bots against a Redis Cluster of three primaries
(issue 17, item 2).

The fakes run in the test process on loopback: a fake Discord with two shards (each process runs one; a server's
events reach the process of its shard) and a fake Telegram that delivers updates by webhook to a reverse proxy in
front of the two processes' webhook servers. Games are played through both processes; then one is killed (SIGKILL)
while the messages of a move it committed hang at Discord and at Telegram, and started again (as its supervisor
would). Nothing is lost or told twice: every committed move is told once in its channel (by the survivor or the
restarted process, from the outbox), every stored game is the replay of its log, an update delivered twice is
applied once, and the commands were registered once for all the starts.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.core.history import logged_moves
from bot.core.service import GameService
from bot.core.table import Table
from bot.telegram import ids as tg_ids
from rules.registry import get_game
from storage import GameStore, cluster_client, split_cluster_url
from tests.conftest import unlink_namespace
from tests.discord.conftest import ALICE, BORIS, hand_button
from tests.fakes.discord_server import FakeDiscord, User
from tests.fakes.telegram_server import TOKEN, FakeTelegram
from tests.multiprocess.processes import BotProcess, WebhookProxy, free_port, port_open, until
from tests.resilience.checks import stored_game_is_the_replay_of_its_log
from tests.telegram.conftest import menu_version, menus

SHARDS = 2
GUILDS = (600000000000000001, 600000000004194305)  # (id >> 22) % 2: shard 0, shard 1
CHANNELS = (700000000000000101, 700000000000000102)
TG_GROUP = -1001000000077
TG_ALICE, TG_BOB = 501, 502
# Seconds before a change not delivered is told again by any process (BOARDBOT_DELIVERY_GRACE; 60 by default). It
# must be longer than any delivery takes, or a slow one is told twice: a process's first boards are drawn cold.
GRACE = 8.0
SECRET = "multi-process-secret"
DUEL = get_game("duel")

def shard_of(guild: int) -> int:
    return (guild >> 22) % SHARDS


class Deployment:
    """The fakes, the proxy, the store the test reads, and the bot processes."""

    def __init__(self, cluster_url: str, workdir: Path) -> None:
        self.cluster_url = cluster_url
        self.workdir = workdir
        self.namespace = f"bbtest-{uuid.uuid4().hex[:12]}"
        self.discord = FakeDiscord(guild_id=GUILDS[0])
        self.discord.shard_count = SHARDS
        self.telegram = FakeTelegram()
        self.telegram.push_to_webhook = True
        self.webhook_ports = [free_port(), free_port()]
        self.proxy = WebhookProxy(self.webhook_ports)
        self.redis: Any = None
        self.store: GameStore | None = None
        self.service: GameService | None = None
        self.processes: list[BotProcess] = []

    async def start(self) -> None:
        await self.discord.start()
        await self.telegram.start()
        self.telegram.add_group(TG_GROUP, "Duel night")
        self.telegram.add_user(TG_ALICE, "Alice", username="alice", lang="en")
        self.telegram.add_user(TG_BOB, "Bob", username="bob", lang="en")
        await self.proxy.start()
        self.redis = cluster_client(split_cluster_url(self.cluster_url)[0])
        await self.redis.initialize()
        self.store = GameStore(self.redis, namespace=self.namespace)
        self.service = GameService(self.store, render=False)  # the test's reader of logs

    async def close(self) -> None:
        for process in self.processes:
            process.stop(10)
        await self.proxy.stop()
        await self.telegram.stop()
        await self.discord.close()
        if self.redis is not None:
            await unlink_namespace(self.redis, self.namespace)
            await self.redis.aclose()

    def env(self, index: int) -> dict[str, str]:
        return {
            "BOARDBOT_REDIS_URL": self.cluster_url,
            "BOARDBOT_NAMESPACE": self.namespace,
            "BOARDBOT_EMBEDDED_REDIS": "false",
            "BOARDBOT_RENDER_PROCESSES": "0",
            "BOARDBOT_DELIVERY_GRACE": str(GRACE),
            "BOARDBOT_SHUTDOWN_TIMEOUT": "3",
            "BOARDBOT_DISCORD__TOKEN": "fake.token.value",
            "BOARDBOT_DISCORD__API_BASE": self.discord.api_base,
            "BOARDBOT_DISCORD__GATEWAY_URL": self.discord.gateway_url,
            "BOARDBOT_DISCORD__SHARD_COUNT": str(SHARDS),
            "BOARDBOT_DISCORD__SHARD_IDS": str(index),
            "BOARDBOT_TELEGRAM__TOKEN": TOKEN,
            "BOARDBOT_TELEGRAM__BASE_URL": self.telegram.base_url,
            "BOARDBOT_TELEGRAM__BASE_FILE_URL": self.telegram.base_file_url,
            "BOARDBOT_TELEGRAM__WEBHOOK_URL": self.proxy.url,
            "BOARDBOT_TELEGRAM__WEBHOOK_PORT": str(self.webhook_ports[index]),
            "BOARDBOT_TELEGRAM__WEBHOOK_SECRET": SECRET,
            "BOARDBOT_TELEGRAM__OVERALL_MAX_RATE": "0",
        }

    async def launch(self, index: int, name: str) -> BotProcess:
        """Start the process that runs shard ``index`` and listens on webhook port ``index``; wait until it serves."""
        process = BotProcess(name, self.env(index), self.workdir).start()
        self.processes.append(process)
        before = self.discord.identified_shards[index]

        async def serving() -> bool:
            assert process.alive, process.tail()
            return (self.discord.identified_shards[index] > before and index in self.discord.shards()
                    and await port_open(self.webhook_ports[index]))

        await until(serving, 60, f"{name} to serve")
        return process

    # --- reading the games --------------------------------------------------------------------------------------
    async def table(self, channel: str) -> tuple[int, Table, Any]:
        assert self.store is not None
        stored = await self.store.load(channel)
        assert stored is not None, channel
        table = Table.model_validate_json(stored.doc)
        return stored.version, table, DUEL.load(table.state) if table.state is not None else None

    async def version(self, channel: str) -> int:
        return (await self.table(channel))[0]

    async def next_move(self, channel: str) -> tuple[str, str]:
        """The user who decides now (the service's key) and a legal move for them."""
        _v, table, state = await self.table(channel)
        seat = min(DUEL.active_seats(state))
        return table.players[seat].user, DUEL.legal_moves(state, seat)[0].notation


# --- Discord -----------------------------------------------------------------------------------------------------
USERS = {f"dc:{ALICE.id}": ALICE, f"dc:{BORIS.id}": BORIS}


def dc_channel(i: int) -> str:
    return f"dc:{GUILDS[i]}:{CHANNELS[i]}"


async def dc_command(dep: Deployment, i: int, user: User, command: str, sub: str | None, **options: Any) -> Any:
    data = dep.discord.slash_data(command, sub, options)
    inter = await dep.discord.interact(2, data, user, channel_id=CHANNELS[i], guild_id=GUILDS[i])
    await asyncio.wait_for(inter.acked.wait(), 15)
    return inter


async def dc_open(dep: Deployment, i: int) -> None:
    await dc_command(dep, i, ALICE, "game", "new", game="duel", options="first_player=0")
    await until(lambda: dep.store.load(dc_channel(i)), 15, "the Discord table")
    await dc_command(dep, i, BORIS, "game", "join")
    await until(lambda: players(dep, dc_channel(i), 2), 15, "Boris seated")
    await dc_command(dep, i, ALICE, "game", "start")
    await until(lambda: playing(dep, dc_channel(i)), 15, "the Discord game to start")
    start = await dep.version(dc_channel(i))
    await until(lambda: dc_told(dep, i)[start] >= 1, 20, "the first board")


async def players(dep: Deployment, channel: str, count: int) -> bool:
    return len((await dep.table(channel))[1].players) >= count


async def playing(dep: Deployment, channel: str) -> bool:
    return (await dep.table(channel))[1].status == "playing"


def dc_told(dep: Deployment, i: int) -> Counter[int]:
    """The versions whose board was posted in the channel (each board's "My hand" button names its version)."""
    told: Counter[int] = Counter()
    for message in dep.discord.channel_messages(CHANNELS[i]):
        button = hand_button(message)
        if button is not None:
            told[int(button["custom_id"].rsplit(":", 1)[1])] += 1
    return told


async def dc_move(dep: Deployment, i: int) -> int:
    """The deciding player makes a legal move with /play; the version it made, once its board is posted."""
    version = await dep.version(dc_channel(i))
    user, notation = await dep.next_move(dc_channel(i))
    await dc_command(dep, i, USERS[user], "play", None, move=notation)
    await until(lambda: dc_told(dep, i)[version + 1] >= 1, 20, f"the board of version {version + 1}")
    return version + 1


# --- Telegram ----------------------------------------------------------------------------------------------------
TG_CHANNEL = f"tg:{TG_GROUP}"


async def tg_say(dep: Deployment, chat: int, user: int, text: str) -> dict[str, Any]:
    return dep.telegram.command(chat, user, text)


async def tg_open(dep: Deployment) -> None:
    for user in (TG_ALICE, TG_BOB):
        await tg_say(dep, user, user, f"/start g{TG_GROUP}")
    await until(lambda: all(dep.telegram.sent(u) for u in (TG_ALICE, TG_BOB)), 15, "the private chats answered")
    await tg_say(dep, TG_GROUP, TG_ALICE, "/new duel first_player=0")
    await until(lambda: dep.store.load(TG_CHANNEL), 15, "the Telegram table")
    await tg_say(dep, TG_GROUP, TG_BOB, "/join")
    await until(lambda: players(dep, TG_CHANNEL, 2), 15, "Bob seated")
    await tg_say(dep, TG_GROUP, TG_ALICE, "/startgame")
    await until(lambda: playing(dep, TG_CHANNEL), 15, "the Telegram game to start")


def tg_menu(dep: Deployment, user: int, version: int) -> Any:
    found = [m for m in menus(dep.telegram, user) if menu_version(m) == version]
    return found[-1] if found else None


async def tg_move(dep: Deployment, *, wait_told: bool = True) -> tuple[int, dict[str, Any]]:
    """The deciding player presses the first move of their newest menu; the version it made and the update."""
    version = await dep.version(TG_CHANNEL)
    user_key, _notation = await dep.next_move(TG_CHANNEL)
    user = tg_ids.telegram_id(user_key)
    assert user is not None
    await until(lambda: tg_menu(dep, user, version) is not None, 20, f"the menu of version {version}")
    update = dep.telegram.press(tg_menu(dep, user, version), user, "m:")
    await until(lambda: _at_least(dep, TG_CHANNEL, version + 1), 20, f"Telegram version {version + 1}")
    if wait_told:
        await until(lambda: tg_menu(dep, _other(user), version + 1) is not None
                    or tg_menu(dep, user, version + 1) is not None, 20, "the next menu")
    return version + 1, update


def _other(user: int) -> int:
    return TG_BOB if user == TG_ALICE else TG_ALICE


async def _at_least(dep: Deployment, channel: str, version: int) -> bool:
    return await dep.version(channel) >= version


async def tg_log_lines(dep: Deployment) -> list[str]:
    assert dep.service is not None
    caller = tg_ids.caller(TG_GROUP, TG_ALICE, "Alice", "en")
    reply = await dep.service.log(caller, "100")
    return [line.split(". ", 1)[1] for line in reply.messages[0].text.split("\n") if ". " in line]


def tg_group_text(dep: Deployment) -> str:
    return " ".join((m.text or "").replace("\n", " ") for m in dep.telegram.sent(TG_GROUP))


# --- the test ----------------------------------------------------------------------------------------------------
@pytest.fixture
async def deployment(redis_cluster_url: str, tmp_path: Path) -> Any:
    dep = Deployment(redis_cluster_url, tmp_path)
    await dep.start()
    try:
        yield dep
    finally:
        await dep.close()
        for process in dep.processes:
            print(f"--- {process.name} ---\n{process.tail(25)}")


async def test_two_processes_share_the_bots_and_lose_nothing_when_one_is_killed(deployment):
    dep = deployment
    first = await dep.launch(0, "first")  # shard 0, webhook worker 0
    second = await dep.launch(1, "second")  # shard 1, webhook worker 1
    assert dep.discord.shards() == {0: 1, 1: 1}
    assert {shard_of(g) for g in GUILDS} == {0, 1}
    # Registered once for two starts: the Discord commands, and the Telegram menus (2 scopes x 3 languages).
    await until(lambda: dep.discord.syncs == 1, 30, "the Discord commands synced")
    await until(lambda: len(dep.telegram.requests("setMyCommands")) == 6, 30, "the Telegram menus published")
    assert dep.telegram.webhook is not None and dep.telegram.webhook["secret_token"] == SECRET

    # Games through both: a Discord server on each shard, one Telegram group whose updates alternate workers.
    await dc_open(dep, 0)
    await dc_open(dep, 1)
    await tg_open(dep)
    for _ in range(3):
        await dc_move(dep, 0)
        await dc_move(dep, 1)
        await tg_move(dep)
    assert {port for port, status in dep.proxy.routed if status == 200} == set(dep.webhook_ports)

    # A duplicate of an update (Telegram retries, the other worker gets it): applied once.
    version = await dep.version(TG_CHANNEL)
    _v, update = await tg_move(dep)
    dep.telegram.redeliver(update)
    await until(lambda: sum(1 for uid, status in dep.telegram.webhook_posts
                            if uid == update["update_id"] and status == 200) == 2, 15, "the duplicate delivered")
    await asyncio.sleep(0.5)
    assert await dep.version(TG_CHANNEL) == version + 1

    # The first process commits a move in each platform; the messages hang at Discord and Telegram; it is killed.
    dep.discord.hold(CHANNELS[0])
    dep.telegram.hold(TG_GROUP)
    dep.proxy.prefer = dep.webhook_ports[0]
    dc_version = await dep.version(dc_channel(0))
    tg_version = await dep.version(TG_CHANNEL)
    user, notation = await dep.next_move(dc_channel(0))
    await dc_command(dep, 0, USERS[user], "play", None, move=notation)
    tg_user = tg_ids.telegram_id((await dep.next_move(TG_CHANNEL))[0])
    await until(lambda: tg_menu(dep, tg_user, tg_version) is not None, 20, "the Telegram menu")
    dep.telegram.press(tg_menu(dep, tg_user, tg_version), tg_user, "m:")
    await until(lambda: _at_least(dep, dc_channel(0), dc_version + 1), 20, "the Discord move committed")
    await until(lambda: _at_least(dep, TG_CHANNEL, tg_version + 1), 20, "the Telegram move committed")
    await until(lambda: dep.discord.waiting.get(CHANNELS[0], 0) >= 1, 20, "the Discord message hanging")
    await until(lambda: dep.telegram.holding(TG_GROUP) >= 1, 20, "the Telegram message hanging")
    first.kill()
    dep.proxy.prefer = None
    dep.discord.release(CHANNELS[0])
    dep.telegram.release(TG_GROUP)
    await until(lambda: dep.discord.dropped and dep.telegram.dropped, 10,
                lambda: f"the cut requests dropped ({len(dep.discord.dropped)}, {len(dep.telegram.dropped)})")
    assert dc_told(dep, 0)[dc_version + 1] == 0  # not told yet
    assert set(await dep.store.undelivered(dc_channel(0))) >= {dc_version + 1}
    assert set(await dep.store.undelivered(TG_CHANNEL)) >= {tg_version + 1}

    # Its supervisor starts it again; the survivor or it tells what was cut, once.
    await dep.launch(0, "first-again")
    await until(lambda: dc_told(dep, 0)[dc_version + 1] == 1, 30, "the cut Discord move told")
    await until(lambda: _delivered(dep, TG_CHANNEL), 30, "the cut Telegram move told")
    await until(lambda: _delivered(dep, dc_channel(0)), 30, "the Discord outbox emptied")
    # ...and play goes on through both.
    for _ in range(3):
        await dc_move(dep, 0)
        await dc_move(dep, 1)
        await tg_move(dep)
    await asyncio.sleep(GRACE + 2.5)  # long enough for any redelivery that should not happen
    assert second.alive

    # Nothing lost, nothing told twice.
    for i in (0, 1):
        channel = dc_channel(i)
        moves = await stored_game_is_the_replay_of_its_log(dep.store, channel)
        versions = [m.version for m in logged_moves(await dep.store.log(channel))]
        told = dc_told(dep, i)
        assert len(versions) == moves >= 6
        assert all(told[v] == 1 for v in versions), (channel, versions, told)
        assert max(told.values()) == 1, told
        assert await dep.store.undelivered(channel) == {}
    tg_moves = await stored_game_is_the_replay_of_its_log(dep.store, TG_CHANNEL)
    assert tg_moves >= 8
    lines = await tg_log_lines(dep)
    assert len(lines) == tg_moves
    group = tg_group_text(dep)
    for line in set(lines):
        assert group.count(line) == lines.count(line), (line, group.count(line), lines.count(line))
    assert await dep.store.undelivered(TG_CHANNEL) == {}
    # No restart registered the commands again (they did not change).
    assert dep.discord.syncs == 1 and len(dep.discord.command_syncs()) == 1
    assert len(dep.telegram.requests("setMyCommands")) == 6
    assert not dep.telegram.refused("sendPhoto") and not dep.telegram.refused("sendMessage")


async def _delivered(dep: Deployment, channel: str) -> bool:
    return await dep.store.undelivered(channel) == {}
