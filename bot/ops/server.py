"""``/healthz`` and ``/metrics`` over HTTP, served by aiohttp on the running event loop (``BOARDBOT_METRICS_PORT``).

- ``GET /healthz``: 200 ``ok`` when Redis answers a PING within ``HEALTH_TIMEOUT`` seconds; 503 with the reason
  otherwise, and 503 ``stopping`` once the process is shutting down (a load balancer then sends the webhook's
  updates to the other processes).
- ``GET /metrics``: the metrics in Prometheus's text format (``bot.ops.metrics``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.ops.metrics import Metrics

log = logging.getLogger(__name__)

HEALTH_TIMEOUT = 2.0

Ping = Callable[[], Awaitable[object]]


class OpsServer:
    """``ping``: asks Redis (raises or times out when it does not answer); ``stopping``: whether the process is
    shutting down. ``port`` 0 takes a free port (``port`` tells which, once started)."""

    def __init__(self, metrics: Metrics, ping: Ping, *, host: str = "127.0.0.1", port: int = 0,
                 stopping: Callable[[], bool] = lambda: False, health_timeout: float = HEALTH_TIMEOUT) -> None:
        self.metrics = metrics
        self.ping = ping
        self.host = host
        self.port = port
        self.stopping = stopping
        self.health_timeout = health_timeout
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics_page)
        return app

    async def healthz(self, _request: web.Request) -> web.Response:
        if self.stopping():
            return web.Response(status=503, text="stopping\n")
        try:
            await asyncio.wait_for(self.ping(), self.health_timeout)
        except Exception as e:  # noqa: BLE001 - whatever the reason, Redis did not answer
            return web.Response(status=503, text=f"redis unavailable: {type(e).__name__}\n")
        return web.Response(text="ok\n")

    async def metrics_page(self, _request: web.Request) -> web.Response:
        body = generate_latest(self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []  # noqa: SLF001 - the port actually bound
        if sockets:
            self.port = sockets[0].getsockname()[1]
        log.info("serving /healthz and /metrics at http://%s:%d", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> OpsServer:
        await self.start()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.stop()
