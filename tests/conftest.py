"""Shared fixtures.

Redis: ``redis_url`` (session) is ``$BOARDBOT_TEST_REDIS_URL``, else a local server on 127.0.0.1:6379 if one
answers, else a private embedded server for the session. ``redis`` is a client (``decode_responses=True``) and
``store`` a ``GameStore`` in a namespace of its own, whose keys are all removed afterwards.

Redis Cluster: in the modules of ``ON_CLUSTER_TOO`` every test that uses ``redis`` or ``store`` runs twice, on the
single server (``[single]``) and on a Redis Cluster of three primaries (``[cluster]``; ``redis`` is then a
``RedisCluster`` and ``store`` splits its indexes in buckets), except the tests named in ``SINGLE_ONLY``. The cluster
(session) is ``$BOARDBOT_TEST_REDIS_CLUSTER_URL`` (a ``redis+cluster://`` URL), else three ``redis-server`` children
in cluster mode on free loopback ports started for the session (``storage.local_cluster``); without a server binary
the cluster variants are skipped, saying why. ``store_url`` is the URL of the store's Redis for another process
(``storage.client`` reads it).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis as sync_redis
import redis.asyncio as aredis

from storage import EmbeddedRedis, GameStore, cluster_client, split_cluster_url

LOCAL_REDIS_URL = "redis://127.0.0.1:6379/0"
ROOT = Path(__file__).resolve().parents[1]

# Where the tests using ``redis``/``store`` run on a cluster too (paths relative to the repository).
ON_CLUSTER_TOO = (
    "tests/storage/",
    "tests/core/test_service.py",
    "tests/core/test_async_play.py",
    "tests/core/test_outbox.py",
)
# Tests of those modules that run on the single server only: long games whose time goes to the engines and the
# bot's stand-in, not to Redis (the storage commands they use are covered by the other tests on the cluster, and
# tests/storage/test_cluster.py plays a whole game, to its export and archive, on it).
SINGLE_ONLY = frozenset({
    "test_stand_ins_finish_a_whole_game",
    "test_the_end_of_a_game_brings_its_record_and_export",
    "test_standin_the_bot_plays_until_the_player_is_back",
})


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "redis_kind" not in metafunc.fixturenames:
        return
    path = Path(str(metafunc.definition.path)).resolve()
    try:
        relative = path.relative_to(ROOT).as_posix()
    except ValueError:
        return
    if relative.startswith(ON_CLUSTER_TOO) and metafunc.definition.originalname not in SINGLE_ONLY:
        metafunc.parametrize("redis_kind", ["single", "cluster"], indirect=True)


def _answers(url: str) -> bool:
    client = sync_redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5)
    try:
        return bool(client.ping())
    except (sync_redis.RedisError, OSError):
        return False
    finally:
        client.close()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """The Redis server the tests use (see the module docstring)."""
    if url := os.environ.get("BOARDBOT_TEST_REDIS_URL"):
        yield url
    elif _answers(LOCAL_REDIS_URL):
        yield LOCAL_REDIS_URL
    else:
        with EmbeddedRedis() as server:
            yield server.url


@pytest.fixture(scope="session")
def redis_cluster_url() -> Iterator[str]:
    """A Redis Cluster of three primaries for the session (see the module docstring)."""
    if url := os.environ.get("BOARDBOT_TEST_REDIS_CLUSTER_URL"):
        yield url
        return
    from storage.local_cluster import ClusterError, LocalCluster

    cluster = LocalCluster()
    if cluster.executable is None:
        pytest.skip("no Redis Cluster for the [cluster] variants: no redis-server on the PATH "
                    "(install it, e.g. apt-get install redis-server, or set BOARDBOT_TEST_REDIS_CLUSTER_URL)")
    try:
        cluster.start()
    except ClusterError as exc:
        pytest.skip(f"no Redis Cluster for the [cluster] variants: {exc}")
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture
def redis_kind(request: pytest.FixtureRequest) -> str:
    """``single`` or ``cluster``: which Redis ``redis`` and ``store`` use (``single`` unless parametrized)."""
    return getattr(request, "param", "single")


@pytest.fixture
def store_url(redis_kind: str, request: pytest.FixtureRequest) -> str:
    """The URL of the Redis of ``redis``/``store`` (a ``redis+cluster://`` URL for the cluster)."""
    if redis_kind == "cluster":
        return request.getfixturevalue("redis_cluster_url")
    return request.getfixturevalue("redis_url")


@pytest.fixture
async def redis(store_url: str, redis_kind: str) -> AsyncIterator[aredis.Redis]:
    if redis_kind == "cluster":
        client = cluster_client(split_cluster_url(store_url)[0])
        # learn the cluster's layout before the test's first (maybe concurrent) commands, as storage.connect does:
        # redis-py 8.1 may break connections that concurrent first commands open while it initializes
        await client.initialize()
    else:
        client = aredis.Redis.from_url(store_url, decode_responses=True)
    yield client
    await client.aclose()


@pytest.fixture
async def store(redis: aredis.Redis) -> AsyncIterator[GameStore]:
    """A ``GameStore`` in a fresh namespace; every key of that namespace is unlinked at teardown."""
    game_store = GameStore(redis, namespace=f"bbtest-{uuid.uuid4().hex}")
    yield game_store
    await unlink_namespace(redis, game_store.namespace)


async def unlink_namespace(redis: aredis.Redis, namespace: str) -> None:
    """Unlink every key of ``namespace`` (on each primary of a cluster)."""
    nodes = redis.get_primaries() if hasattr(redis, "get_primaries") else [None]
    for node in nodes:
        extra = {} if node is None else {"target_nodes": node}
        batch: list[str] = []
        async for key in redis.scan_iter(match=f"{namespace}:*", count=1000, **extra):
            batch.append(key)
            if len(batch) >= 500:
                await redis.unlink(*batch)
                batch.clear()
        if batch:
            await redis.unlink(*batch)
