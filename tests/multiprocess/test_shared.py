"""What the bot processes share through Redis (``storage.shared_limits``, ``bot.fleet``), on a single server and on a
Redis Cluster: a group's send window counted across processes, and work done once per change however many processes
start at once."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aredis

from bot import fleet
from storage import cluster_client, split_cluster_url
from storage.shared_limits import SharedLimits
from tests.conftest import unlink_namespace


@pytest.fixture(params=["single", "cluster"])
async def clients(request: pytest.FixtureRequest) -> AsyncIterator[list[SharedLimits]]:
    """Three processes' views of one namespace (three clients of the same Redis)."""
    namespace = f"bbtest-{uuid.uuid4().hex}"
    if request.param == "cluster":
        url = split_cluster_url(request.getfixturevalue("redis_cluster_url"))[0]
        redis = [cluster_client(url) for _ in range(3)]
        for client in redis:
            await client.initialize()
    else:
        url = request.getfixturevalue("redis_url")
        redis = [aredis.Redis.from_url(url, decode_responses=True) for _ in range(3)]
    yield [SharedLimits(client, namespace=namespace) for client in redis]
    await unlink_namespace(redis[0], namespace)
    for client in redis:
        await client.aclose()


async def test_a_window_is_counted_across_processes(clients):
    a, b, c = clients
    limit, period = 5, 1.0
    waits = [await process.take("tg-group:-100", limit, period) for process in (a, b, c, a, b, c, a)]
    assert waits[:5] == [0.0] * 5  # five go, whichever process sends them
    assert all(0 < w <= period for w in waits[5:])  # the sixth and seventh wait, in every process
    assert await a.take("tg-group:-200", limit, period) == 0.0  # another group has its own window


async def test_wait_turn_spreads_a_burst_over_the_window(clients):
    a, b, _c = clients
    limit, period = 4, 0.5
    start = time.monotonic()
    await asyncio.gather(*(fleet.wait_turn(p, "tg-group:-1", limit, period) for p in (a, b) * 6))  # 12 messages
    took = time.monotonic() - start
    assert took >= 2 * period * 0.9  # 4 at once, 4 after one period, 4 after two
    assert took < 2 * period + 1.5


async def test_work_is_done_once_by_processes_starting_together(clients):
    done: list[str] = []

    async def work(who: str) -> None:
        await asyncio.sleep(0.2)  # a sync takes a while: the others start meanwhile
        done.append(who)

    results = await asyncio.gather(*(
        fleet.once_per_change(process, "discord-commands:1:global", "d1", lambda w=str(i): work(w), look_again=0.05)
        for i, process in enumerate(clients)))
    assert len(done) == 1 and results.count(True) == 1
    # a restart with the same commands does nothing; new commands are sent once more
    assert await fleet.once_per_change(clients[1], "discord-commands:1:global", "d1", lambda: work("x")) is False
    assert await fleet.once_per_change(clients[2], "discord-commands:1:global", "d2", lambda: work("y")) is True
    assert done == [done[0], "y"]


async def test_work_that_fails_is_left_to_the_next_process(clients):
    a, b, _c = clients

    async def fails() -> None:
        raise RuntimeError("Discord said no")

    with pytest.raises(RuntimeError):
        await fleet.once_per_change(a, "telegram-commands:1", "d1", fails)
    ran = []

    async def works() -> None:
        ran.append(1)

    assert await fleet.once_per_change(b, "telegram-commands:1", "d1", works) is True and ran == [1]


async def test_a_process_that_dies_at_its_work_leaves_it_after_its_lease(clients):
    a, b, _c = clients
    assert await a.begin_once("discord-commands:9:global", "d1", "dead-process", lease=0.3) == "go"  # and dies
    ran = []

    async def works() -> None:
        ran.append(1)

    start = time.monotonic()
    assert await fleet.once_per_change(b, "discord-commands:9:global", "d1", works, look_again=0.05) is True
    assert ran == [1] and 0.2 < time.monotonic() - start < 2.0


async def test_processes_agree_on_one_generated_value(clients):
    values = await asyncio.gather(*(p.agree("telegram-webhook-secret", f"secret-{i}") for i, p in enumerate(clients)))
    assert len(set(values)) == 1 and values[0].startswith("secret-")
