"""Drawing in worker processes.

Drawing holds the interpreter lock, so threads render one image at a time; after a reveal in a 7-player game the bot
draws the table and seven hands at once, and only processes put every core to work (about three times faster here
than one thread, measured with ``boardbot bench``). Workers start on first use, each warming its caches (fonts,
sprites, the PNG palette) once; views and names go to them pickled, PNG bytes come back. The locale is passed
explicitly: a context variable does not cross processes.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.i18n import LOCALES, get_locale, use_locale

KINDS = ("board", "options")


def _initialize() -> None:
    from bot.ops import heap
    from bot.render import warm_up

    warm_up(LOCALES)
    heap.settle()


def _ready(_: int) -> bool:
    return True


def _render(kind: str, view: Any, names: list[str], locale: str) -> bytes:
    from bot.render import render_board, render_options

    with use_locale(locale):
        return (render_board if kind == "board" else render_options)(view, names)


class RenderPool:
    """A pool of drawing processes, shared by every service of the process (see ``shared``)."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _ensure(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                # "spawn": clean workers, whatever threads the bot runs (a fork could copy a held lock)
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_initialize
                )
            return self._executor

    async def warm(self) -> None:
        """Start every worker and wait until each has warmed its caches (call it at start-up, not on a move)."""
        loop = asyncio.get_running_loop()
        executor = self._ensure()
        await asyncio.gather(*(loop.run_in_executor(executor, _ready, i) for i in range(self.workers * 2)))

    async def render(self, kind: str, view: Any, names: list[str]) -> bytes:
        """The PNG of ``view``: ``kind`` is "board" or "options"; drawn in the current locale."""
        if kind not in KINDS:
            raise ValueError(kind)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._ensure(), _render, kind, view, list(names), get_locale())

    def close(self) -> None:
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=True, cancel_futures=True)
                self._executor = None


_pools: dict[int, RenderPool] = {}


def shared(workers: int) -> RenderPool:
    """The process's pool of ``workers`` drawing processes (created once, closed at exit)."""
    if workers not in _pools:
        _pools[workers] = RenderPool(workers)
    return _pools[workers]


@atexit.register
def _close_all() -> None:
    for pool in _pools.values():
        pool.close()
