"""``boardbot run``: the Discord and/or Telegram bots in one process, from the settings.

Both adapters share one ``GameService`` on one Redis. SIGINT/SIGTERM set a stop event: each adapter stops taking
new updates, finishes the ones in hand (for ``shutdown_timeout`` seconds) and closes; the service's commands still in
flight get what is left of that time; then Redis is closed (``shut_down``). The service is instrumented
(``bot.ops``): log lines carry the channel and game of their command, and ``/healthz`` and ``/metrics`` are served
on ``metrics_port`` when it is set. An adapter that fails (at start: a network error while logging in
or publishing its Telegram commands; later: a connection that ends for good) is started again on its own, after a
back-off that grows from
``RESTART_FIRST`` to ``RESTART_MOST`` seconds (and starts over after a run that lasted), while the other keeps
serving. Without any token, ``boardbot run`` is local play in the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Awaitable, Callable

from bot.core.service import GameService
from bot.ops import heap
from bot.core.timers import repair_index
from bot.ops.instrument import Instruments, instrument
from bot.ops.server import OpsServer
from bot.settings import Settings
from storage import GameStore, RedisUnavailable, connect

log = logging.getLogger(__name__)

Runner = Callable[[Settings, GameService, asyncio.Event], Awaitable[None]]


def redis_unavailable(exc: RedisUnavailable) -> str:
    """The one line that says why no Redis could be used, and what to do about it."""
    return f"{exc}. Or set BOARDBOT_REDIS_URL to the address of a Redis server that runs."


def runners(settings: Settings) -> dict[str, Runner]:
    """The adapters whose tokens are set."""
    found: dict[str, Runner] = {}
    if settings.discord.token is not None:
        from bot.discord.run import run_discord

        found["discord"] = run_discord
    if settings.telegram.token is not None:
        from bot.telegram.run import run_telegram

        found["telegram"] = run_telegram
    return found


async def run_bots(settings: Settings, stop: asyncio.Event | None = None) -> int:
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        conn = await connect(settings.redis_url, embedded_fallback=settings.embedded_redis, data_dir=settings.data_dir)
    except RedisUnavailable as exc:
        log.error("%s", redis_unavailable(exc))
        return 1
    async with conn:
        if conn.embedded is not None:
            log.warning("no Redis answered at %s: using an embedded server (%s%s) with data in %s",
                        settings.redis_url, conn.url, ", shared with another boardbot" if conn.embedded.joined else "",
                        settings.data_dir)
        store = GameStore(conn.redis, namespace=settings.namespace)
        processes = settings.render_processes if settings.render_processes is not None else os.cpu_count() or 1
        service = GameService(store, default_locale=settings.default_locale, render_processes=processes,
                              defer_private=True, grace=settings.delivery_grace, ai_budget=settings.ai_budget,
                              ai_processes=settings.ai_processes)
        if service.compose.pool is not None:
            await service.compose.pool.warm()
        ops = instrument(service)
        await repair_index(service)  # once for the process, before the adapters' timer loops start
        heap.settle()
        server = None
        if settings.metrics_port is not None:
            server = OpsServer(ops.metrics, store.redis.ping, host=settings.metrics_host, port=settings.metrics_port,
                               stopping=stop.is_set)
            try:
                await server.start()
            except OSError as exc:
                log.error("cannot serve /healthz and /metrics on %s:%s: %s", settings.metrics_host,
                          settings.metrics_port, exc)
                return 1
        try:
            tasks = [asyncio.create_task(supervise(name, run, settings, service, stop), name=name)
                     for name, run in runners(settings).items()]
            await stop.wait()
            await shut_down(tasks, ops, settings.shutdown_timeout)
        finally:
            if server is not None:
                await server.stop()
    return 0


CLOSE_GRACE = 5.0  # seconds the adapters have, beyond the shutdown timeout, to close their connections


async def shut_down(tasks: list[asyncio.Task[None]], ops: Instruments, timeout: float, *,
                    grace: float = CLOSE_GRACE) -> None:
    """Once ``stop`` is set: the adapters stop taking updates, let theirs finish (``timeout`` seconds) and close;
    the service's commands still in flight (a timer, a reply being drawn) are given what is left of ``timeout``;
    an adapter still running after ``timeout + grace`` is cancelled. Redis is closed by the caller, after."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    log.info("stopping: waiting up to %.0f s for the commands in flight", timeout)
    _done, late = await asyncio.wait(tasks, timeout=timeout + grace) if tasks else (set(), set())
    await ops.drain(deadline - loop.time())
    for task in late:
        log.warning("the %s bot did not stop in time: cancelled", task.get_name())
        task.cancel()
    if late:
        await asyncio.wait(late, timeout=grace)


RESTART_FIRST = 1.0  # seconds before an adapter that failed is started again...
RESTART_MOST = 300.0  # ...doubling after each failure, up to this
STEADY = 60.0  # a run at least this long was a working one: the next restart waits RESTART_FIRST again


async def supervise(name: str, run: Runner, settings: Settings, service: GameService, stop: asyncio.Event, *,
                    first: float = RESTART_FIRST, most: float = RESTART_MOST, steady: float = STEADY) -> None:
    """Run one adapter until ``stop`` is set, starting it again whenever it fails or ends on its own."""
    delay = first
    while not stop.is_set():
        started = asyncio.get_running_loop().time()
        try:
            await run(settings, service, stop)
        except Exception:  # noqa: BLE001 - any failure of one adapter: log it, restart it, keep the others
            log.exception("the %s bot failed", name)
        else:
            if stop.is_set():
                return
            log.warning("the %s bot stopped on its own", name)
        if asyncio.get_running_loop().time() - started >= steady:
            delay = first
        log.info("starting the %s bot again in %.0f s", name, delay)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), delay)
        delay = min(delay * 2, most)
