"""``boardbot run``: the Discord and/or Telegram bots in one process, from the settings.

Both adapters share one ``GameService`` on one Redis. SIGINT/SIGTERM set a stop event: each adapter stops taking
new updates, finishes the ones in hand and closes; a crashed adapter stops the whole process (a supervisor restarts
it) rather than leaving it half alive. Without any token, ``boardbot run`` is local play in the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Awaitable, Callable

from bot.core.service import GameService
from bot.settings import Settings
from storage import GameStore, connect

log = logging.getLogger(__name__)

Runner = Callable[[Settings, GameService, asyncio.Event], Awaitable[None]]


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
    async with await connect(settings.redis_url, embedded_fallback=True, data_dir=settings.data_dir) as conn:
        if conn.embedded is not None:
            log.warning("no Redis answered at %s: using an embedded server (%s) with data in %s",
                        settings.redis_url, conn.url, settings.data_dir)
        store = GameStore(conn.redis, namespace=settings.namespace)
        processes = settings.render_processes if settings.render_processes is not None else os.cpu_count() or 1
        service = GameService(store, default_locale=settings.default_locale, render_processes=processes,
                              defer_private=True)
        if service.compose.pool is not None:
            await service.compose.pool.warm()
        tasks = [asyncio.create_task(run(settings, service, stop), name=name) for name, run in runners(settings).items()]
        waiter = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait([*tasks, waiter], return_when=asyncio.FIRST_COMPLETED)
        stop.set()
        failed = [t for t in done if t is not waiter and t.exception() is not None]
        for task in failed:
            log.error("the %s bot stopped", task.get_name(), exc_info=task.exception())
        await asyncio.wait(tasks, timeout=15)
        waiter.cancel()
    return 1 if failed else 0
