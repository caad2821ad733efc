"""Bot processes for the multi-process tests: ``boardbot run`` subprocesses pointed at fakes on loopback, and the
reverse proxy that spreads Telegram's webhook POSTs over them."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class BotProcess:
    """``python -m bot.cli run`` with the environment ``env`` (``BOARDBOT_...``), its log in ``log``."""

    def __init__(self, name: str, env: dict[str, str], workdir: Path) -> None:
        self.name = name
        self.env = env
        self.workdir = workdir
        self.log = workdir / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> BotProcess:
        self.workdir.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDBOT_")}
        env.update(self.env)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        with open(self.log, "ab") as log:
            # the working directory has no .env: the settings are the environment's only
            self.process = subprocess.Popen([sys.executable, "-m", "bot.cli", "run"], cwd=self.workdir, env=env,
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        return self

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown, nothing finished, nothing flushed."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM, then SIGKILL if it does not end in time; the exit code."""
        if self.process is None or self.process.poll() is not None:
            return None if self.process is None else self.process.returncode
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
            return None

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


class WebhookProxy:
    """A reverse proxy on loopback in front of the webhook workers: each POST goes to the next worker in turn (or
    to ``prefer`` while it is set); a worker that does not answer (down) is skipped for the next one; with none
    answering, 502 (Telegram then tries again later). ``routed`` records (worker port, status) per POST."""

    def __init__(self, ports: list[int], path: str = "/telegram") -> None:
        self.ports = ports
        self.path = path
        self.prefer: int | None = None
        self.routed: list[tuple[int, int]] = []
        self.port = 0
        self._turn = 0
        self._runner: web.AppRunner | None = None
        self._http: aiohttp.ClientSession | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.path}"

    async def start(self) -> None:
        self._http = aiohttp.ClientSession()
        app = web.Application()
        app.router.add_post(self.path, self._forward)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._http is not None:
            await self._http.close()

    def _order(self) -> list[int]:
        if self.prefer is not None:
            return [self.prefer]
        self._turn += 1
        start = self._turn % len(self.ports)
        return self.ports[start:] + self.ports[:start]

    async def _forward(self, request: web.Request) -> web.Response:
        assert self._http is not None
        body = await request.read()
        headers = {k: v for k, v in request.headers.items()
                   if k.lower() in ("content-type", "x-telegram-bot-api-secret-token")}
        for port in self._order():
            try:
                async with self._http.post(f"http://127.0.0.1:{port}{self.path}", data=body, headers=headers,
                                           timeout=aiohttp.ClientTimeout(total=5)) as response:
                    self.routed.append((port, response.status))
                    return web.Response(status=response.status, body=await response.read())
            except (aiohttp.ClientError, asyncio.TimeoutError, OSError):
                self.routed.append((port, 0))
                continue
        return web.Response(status=502)


async def until(predicate: Any, timeout: float = 30.0, what: Any = "", interval: float = 0.02) -> None:
    """Wait until ``predicate()`` (sync or async) holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = predicate()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {(what() if callable(what) else what) or predicate}")
        await asyncio.sleep(interval)


async def port_open(port: int) -> bool:
    try:
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return False
    writer.close()
    return True
