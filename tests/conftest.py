"""Shared fixtures.

Redis: ``redis_url`` (session) is ``$BOARDBOT_TEST_REDIS_URL``, else a local server on 127.0.0.1:6379 if one
answers, else a private embedded server for the session. ``redis`` is a client (``decode_responses=True``) and
``store`` a ``GameStore`` in a namespace of its own, whose keys are all removed afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import redis as sync_redis
import redis.asyncio as aredis

from storage import EmbeddedRedis, GameStore

LOCAL_REDIS_URL = "redis://127.0.0.1:6379/0"


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


@pytest.fixture
async def redis(redis_url: str) -> AsyncIterator[aredis.Redis]:
    client = aredis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    await client.aclose()


@pytest.fixture
async def store(redis: aredis.Redis) -> AsyncIterator[GameStore]:
    """A ``GameStore`` in a fresh namespace; every key of that namespace is unlinked at teardown."""
    game_store = GameStore(redis, namespace=f"bbtest-{uuid.uuid4().hex}")
    yield game_store
    batch: list[str] = []
    async for key in redis.scan_iter(match=f"{game_store.namespace}:*", count=1000):
        batch.append(key)
        if len(batch) >= 500:
            await redis.unlink(*batch)
            batch.clear()
    if batch:
        await redis.unlink(*batch)
