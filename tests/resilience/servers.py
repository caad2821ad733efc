"""A real Redis server process that a test controls: start, stop, restart on the same port, kill, freeze, thaw.

The binary is the one local play would embed (``storage.find_redis_server``: a redis-server or valkey-server on
the PATH, else the bundled Valkey), listening on a free loopback port, optionally with an append-only file.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis

from storage import find_redis_server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisProcess:
    def __init__(self, directory: Path, *, aof: bool = False) -> None:
        binary = find_redis_server()
        if binary is None:
            raise RuntimeError("no redis-server or valkey-server to run")
        self.binary = binary
        self.directory = directory
        self.aof = aof
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisProcess:
        self.directory.mkdir(parents=True, exist_ok=True)
        args = [str(self.binary), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                "--dir", str(self.directory), "--maxmemory-policy", "noeviction",
                "--appendonly", "yes" if self.aof else "no", "--appendfsync", "everysec"]
        with open(self.directory / "server.log", "ab") as log:
            self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.wait_ready()
        return self

    def wait_ready(self, timeout: float = 10.0) -> None:
        client = redis.Redis(port=self.port, socket_timeout=0.5, socket_connect_timeout=0.5)
        deadline = time.monotonic() + timeout
        try:
            while True:
                try:
                    if client.ping():
                        return
                except redis.RedisError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("the Redis server did not start")
                time.sleep(0.02)
        finally:
            client.close()

    def signal(self, sig: int) -> None:
        assert self.process is not None
        os.kill(self.process.pid, sig)

    def freeze(self) -> None:
        self.signal(signal.SIGSTOP)

    def thaw(self) -> None:
        self.signal(signal.SIGCONT)

    def kill(self) -> None:
        """SIGKILL: no chance to flush anything (the append-only file keeps what ``everysec`` wrote)."""
        if self.process is not None and self.process.poll() is None:
            self.thaw()
            self.signal(signal.SIGKILL)
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.thaw()
            self.process.terminate()
            self.process.wait(10)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def command(self, *args: str) -> object:
        client = redis.Redis(port=self.port, socket_timeout=2, decode_responses=True)
        try:
            return client.execute_command(*args)
        finally:
            client.close()
