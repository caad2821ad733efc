from __future__ import annotations

import pytest

from tests.resilience.servers import RedisProcess


@pytest.fixture
def server(tmp_path):
    process = RedisProcess(tmp_path / "redis").start()
    yield process
    process.stop()


@pytest.fixture
def aof_server(tmp_path):
    process = RedisProcess(tmp_path / "redis-aof", aof=True).start()
    yield process
    process.stop()
