"""Redis Cluster: no command of the store spans two hash slots; connecting to a cluster; the indexes in buckets.

``test_no_command_spans_two_slots`` records every command the Redis client puts on the wire (below redis-py's
cluster routing and splitting) while a whole game, its timers, "my games", preferences, claimed tokens, the export,
the archive of a finished game, a moved channel and the repairs run through the service, then asks the server which
arguments of each command are keys (``COMMAND GETKEYS``): every command, and every MULTI/EXEC transaction as a
whole, must keep to one slot. It runs on the single server (where Redis would accept a cross-slot command, so only
this check can catch one) and on the cluster (where the nodes would refuse one with CROSSSLOT, too).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator

import pytest
import redis as sync_redis
import redis.asyncio as aredis
from redis.asyncio.connection import AbstractConnection
from redis.crc import key_slot

from bot.core.service import Caller, GameService
from bot.core.timing import DAY, HOUR
from bot.settings import Settings
from storage import GameStore, RedisUnavailable, connect, is_cluster, split_cluster_url
from storage.keys import bucket_of
from storage.store import CLUSTER_INDEX_BUCKETS
from tests.conftest import unlink_namespace
from tests.core.helpers import ALICE, BOB, CAROL, CHANNEL, play_random

# Commands that name no key (COMMAND GETKEYS refuses them); any other command must have its keys found.
KEYLESS = frozenset({
    "PING", "HELLO", "CLIENT", "CLUSTER", "INFO", "SCRIPT", "SCAN", "MULTI", "EXEC", "DISCARD", "COMMAND", "SELECT",
    "READONLY", "READWRITE", "AUTH", "ECHO", "TIME",
})


class Clock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Recorder:
    """Every command packed by any redis-py asyncio connection, with the connection it went on."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, tuple[str, ...]]] = []
        self.on = True

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        pack_one, pack_many = AbstractConnection.pack_command, AbstractConnection.pack_commands
        recorder = self

        def pack_command(connection: AbstractConnection, *args):  # noqa: ANN202
            if recorder.on and not getattr(connection, "_recorded_batch", False):
                recorder.sent.append((id(connection), _words(args)))
            return pack_one(connection, *args)

        def pack_commands(connection: AbstractConnection, commands):  # noqa: ANN202
            commands = [tuple(command) for command in commands]
            if recorder.on:
                recorder.sent += [(id(connection), _words(command)) for command in commands]
            connection._recorded_batch = True  # type: ignore[attr-defined]
            try:
                return pack_many(connection, commands)
            finally:
                connection._recorded_batch = False  # type: ignore[attr-defined]

        monkeypatch.setattr(AbstractConnection, "pack_command", pack_command)
        monkeypatch.setattr(AbstractConnection, "pack_commands", pack_commands)

    def units(self) -> Iterator[list[tuple[str, ...]]]:
        """Each command on its own, and each MULTI ... EXEC transaction as one unit (per connection)."""
        open_transactions: dict[int, list[tuple[str, ...]]] = {}
        for connection, command in self.sent:
            name = command[0].upper()
            if name == "MULTI":
                open_transactions[connection] = []
            elif name in ("EXEC", "DISCARD"):
                yield open_transactions.pop(connection, [])
            elif connection in open_transactions:
                open_transactions[connection].append(command)
            else:
                yield [command]
        assert not open_transactions, "a transaction was never executed"


def _words(args: tuple) -> tuple[str, ...]:
    words: list[str] = []
    for i, arg in enumerate(args):
        text = arg.decode("utf-8", "replace") if isinstance(arg, bytes | memoryview) else str(arg)
        words += text.split() if i == 0 else [text]  # redis-py accepts "MEMORY USAGE" as one first argument
    return tuple(words)


def _keys_of(server: sync_redis.Redis, command: tuple[str, ...], cache: dict) -> list[str]:
    if command[0].upper() in KEYLESS:
        return []
    if command not in cache:
        cache[command] = server.command_getkeys(*command)
    return cache[command]


async def a_bit_of_everything(store: GameStore) -> GameService:
    """A game through the service from its creation to its export and archive, with everything around it."""
    clock = Clock()
    service = GameService(store, render=False, seeds=lambda: 7, clock=clock, grace=0.0)
    other = [Caller("test:other", c.user, c.name, place="#other") for c in (ALICE, CAROL)]
    assert (await service.new(ALICE, "duel", "wonders=preset first_player=0 reminder=1h clock=1d")).ok
    assert (await service.join(BOB)).ok
    assert (await service.new(other[1], "duel", "reminder=1h")).ok
    assert (await service.join(other[0])).ok
    assert (await service.start(ALICE)).ok
    assert (await service.lang(ALICE, "it", personal=True)).ok
    assert (await service.lang(BOB, "ru")).ok
    assert await service.first_time("tg:update:1") and not await service.first_time("tg:update:1")
    await service.set_private_chat(BOB.user, True)
    await service.remember(CHANNEL, "place", "#main")
    assert await service.recall(CHANNEL, "place") == "#main"
    assert (await service.my_games(ALICE)).ok
    for _ in range(3):  # reminders
        clock.now += 2 * HOUR
        await service.fire_due()
    assert (await service.away(BOB)).ok
    clock.now += 2 * HOUR
    await service.fire_due()  # the bot plays for Bob, if it is his turn
    await service.back(BOB) if (await service.status(BOB)).ok else None
    assert await play_random(service, store, 4, seed=3) == 4
    assert (await service.undo(ALICE)).ok or True  # whether it may be taken back or not, it is asked
    for request in (service.hand(ALICE), service.board(BOB), service.status(CAROL), service.log(ALICE, 5)):
        assert (await request).messages
    await play_random(service, store, 500, seed=4)  # to the end
    export = await service.export(CAROL)
    assert export.ok and json.loads(export.messages[0].file.data)["game"] == "duel"
    assert (await service.new(ALICE, "duel")).ok  # the finished game is put aside
    assert (await service.export(BOB)).ok
    assert (await service.my_games(BOB)).ok
    for item in await service.redeliveries(grace=0.0):
        await service.delivered(item.channel, item.version)
    assert await store.move_channel("test:other", "test:moved")
    clock.now += DAY
    await service.fire_due()
    await store.reindex_timers()
    await store.reindex_outboxes(time.time())
    await store.memory_usage(CHANNEL)
    await store.due_outboxes(time.time() + DAY)
    assert (await service.abort(ALICE)).ok
    await store.delete("test:moved")
    return service


def cross_slot(recorder: Recorder, url: str) -> tuple[list[list[tuple[str, ...]]], int, int]:
    """The units (commands, transactions) of what ``recorder`` saw whose keys are in several slots; and how many
    units had several keys, how many were transactions."""
    server = sync_redis.Redis.from_url(split_cluster_url(url)[0], decode_responses=True)
    cache: dict = {}
    bad, multi_key, transactions = [], 0, 0
    try:
        for unit in recorder.units():
            keys = [key for command in unit for key in _keys_of(server, command, cache)]
            if len({key_slot(key.encode()) for key in keys}) > 1:
                bad.append(unit)
            multi_key += len(set(keys)) > 1
            transactions += len(unit) > 1
    finally:
        server.close()
    return bad, multi_key, transactions


async def test_no_command_spans_two_slots(store: GameStore, store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = Recorder()
    recorder.install(monkeypatch)
    await a_bit_of_everything(store)
    recorder.on = False
    bad, multi_key, transactions = cross_slot(recorder, store_url)
    assert bad == []
    # the check saw what matters: the scripts and transactions on several keys of a game, in hundreds of commands
    assert len(recorder.sent) > 500 and multi_key > 50 and transactions > 10


async def test_the_check_sees_a_command_or_a_transaction_across_slots(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = Recorder()
    recorder.install(monkeypatch)
    client = aredis.Redis.from_url(redis_url, decode_responses=True)  # a single server accepts what a cluster refuses
    try:
        await client.delete("bbtest-check:{a}:x", "bbtest-check:{b}:x")
        await client.delete("bbtest-check:{a}:x", "bbtest-check:{a}:y")
        async with client.pipeline(transaction=True) as pipe:
            pipe.get("bbtest-check:{a}:x").get("bbtest-check:{b}:x")
            await pipe.execute()
        async with client.pipeline(transaction=False) as pipe:
            pipe.get("bbtest-check:{a}:x").get("bbtest-check:{b}:x")
            await pipe.execute()
    finally:
        await client.aclose()
    recorder.on = False
    bad, multi_key, transactions = cross_slot(recorder, redis_url)
    assert [[command[0] for command in unit] for unit in bad] == [["DEL"], ["GET", "GET"]]
    assert (multi_key, transactions) == (3, 1)


# -- connecting -----------------------------------------------------------------------------------------------------


async def test_connect_recognises_a_cluster_by_its_url_or_by_itself(redis_cluster_url: str, redis_url: str) -> None:
    plain = split_cluster_url(redis_cluster_url)[0]
    for url, kw in ((redis_cluster_url, {}), (plain, {}), (plain, {"cluster": True})):
        async with await connect(url, **kw) as conn:
            assert conn.cluster and is_cluster(conn.redis)
            store = GameStore(conn.redis, namespace="bbtest-connect")
            assert store.cluster and store.index_buckets == CLUSTER_INDEX_BUCKETS
            assert await conn.redis.set("bbtest-connect:{x}:probe", "1", ex=5)
    with pytest.raises(RedisUnavailable, match="cluster mode"):
        await connect(plain, cluster=False)
    if not redis_url.startswith("unix:"):
        with pytest.raises(RedisUnavailable, match="not a cluster node"):
            await connect("redis+cluster://" + redis_url.partition("://")[2])
    async with await connect(redis_url) as conn:
        assert not conn.cluster and GameStore(conn.redis).index_buckets == 1


def test_the_setting_says_cluster_through_the_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOARDBOT_REDIS_URL", "redis://10.0.0.1:7001/0")
    monkeypatch.setenv("BOARDBOT_REDIS_CLUSTER", "true")
    assert Settings(_env_file=None).redis_url == "redis+cluster://10.0.0.1:7001/0"
    monkeypatch.setenv("BOARDBOT_REDIS_URL", "rediss+cluster://10.0.0.1:7001")
    assert Settings(_env_file=None).redis_url == "rediss+cluster://10.0.0.1:7001"
    monkeypatch.delenv("BOARDBOT_REDIS_CLUSTER")
    monkeypatch.setenv("BOARDBOT_REDIS_URL", "redis://10.0.0.1:7001/0")
    assert Settings(_env_file=None).redis_url == "redis://10.0.0.1:7001/0"  # a cluster is still recognised at connect


# -- the indexes in buckets, the repairs on every node --------------------------------------------------------------


@pytest.fixture
async def cluster_store(redis_cluster_url: str):
    async with await connect(redis_cluster_url) as conn:
        store = GameStore(conn.redis, namespace=f"bbtest-cl-{time.time_ns()}")
        yield store
        await unlink_namespace(conn.redis, store.namespace)


def _node_of(store: GameStore, key: str) -> str:
    return store.redis.get_node_from_key(key).name


async def test_the_indexes_spread_over_the_nodes_and_the_repairs_scan_every_node(cluster_store: GameStore) -> None:
    store = cluster_store
    assert len({_node_of(store, key) for key in store.timer_keys()}) == 3
    assert len({_node_of(store, key) for key in store.outbox_index_keys()}) == 3
    channels = [f"tg:-{i}" for i in range(40)]
    assert len({_node_of(store, store.keys.game(c)) for c in channels}) == 3  # games on every node
    for channel in channels:
        await store.create(channel, "{}", status="playing")
        await store.commit(channel, 1, "{}", status="playing", log=None, deadline=100.0, tell='{"x": 1}')
    assert {store.timer_key(c) for c in channels} == set(store.timer_keys())  # every bucket used
    for key in store.timer_keys() + store.outbox_index_keys():
        await store.redis.delete(key)  # as if every process died between its commits and their index entries
    assert await store.reindex_timers() == 40
    assert await store.reindex_outboxes(50.0) == 40
    for channel in channels:
        assert await store.redis.zscore(store.timer_key(channel), f"{channel}|2") == 100.0
        assert bucket_of(channel, store.index_buckets) == int(store.timer_key(channel).rsplit(":", 1)[1])
    claimed = await asyncio.gather(*(store.due_timers(200.0, limit=3, lease=30) for _ in range(20)))
    assert sorted(c for got in claimed for c in got) == sorted(channels)  # each once, from every bucket
    assert sorted(await store.due_outboxes(60.0, limit=100)) == sorted(channels)
