"""Instrumenting a ``GameService`` from outside: ``instrument(service)``.

It wraps, on that instance only:

- every public command (the coroutine methods whose first argument is the ``caller``): each runs inside
  ``log_context(channel=..., command=...)``, is timed, counted by outcome (refusals by code) and counted in flight;
  a command called by another command (``locales`` inside each one, for instance) is part of the outer one;
- ``on_timer`` (the timer loop's entry, ``bot.core.timers``) the same way, as ``command="timer"``, counting firings
  by outcome and Redis errors the loop would otherwise swallow;
- ``store.load`` and ``store.create``: the game id of the table read (or created) for the context's channel joins
  the log context (``game``);
- ``commits.commit``: a committed move counts in ``boardbot_moves_total``;
- ``compose.image``: drawing time.

``Instruments.drain(timeout)`` waits for the commands in flight (a stopping process, ``bot.run``).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import re
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from bot.ops.logs import bind, current_fields, log_context
from bot.ops.metrics import Metrics
from storage import StorageUnavailable

if TYPE_CHECKING:
    from bot.core.service import GameService

log = logging.getLogger(__name__)

NOT_COMMANDS = frozenset({"locales", "seat_locales"})  # take a caller, but are parts of commands
TIMER = "timer"

_inside: ContextVar[bool] = ContextVar("boardbot_inside_command", default=False)
# A stored table's document starts with its id (``Table.id``, the first field; see ``bot.core.commits``).
_GAME_ID = re.compile(r'\s*\{\s*"id"\s*:\s*"([^"\\]{1,100})"')


def game_id_of(doc: str | None) -> str | None:
    """The game id at the start of a stored table's document, without parsing the rest of it."""
    if not doc:
        return None
    found = _GAME_ID.match(doc)
    return found.group(1) if found else None


def command_names(service: Any) -> list[str]:
    """The service's public commands: coroutine methods whose first argument is ``caller``."""
    names = []
    for name in dir(type(service)):
        if name.startswith("_") or name in NOT_COMMANDS:
            continue
        method = getattr(type(service), name, None)
        if not inspect.iscoroutinefunction(method):
            continue
        params = list(inspect.signature(method).parameters)
        if len(params) >= 2 and params[1] == "caller":
            names.append(name)
    return sorted(names)


class Instruments:
    """What ``instrument`` installed on one service: its metrics and the commands in flight."""

    def __init__(self, service: GameService, metrics: Metrics) -> None:
        self.service = service
        self.metrics = metrics
        self.inflight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    # --- in flight -----------------------------------------------------------------------------------------------
    def _enter(self) -> None:
        self.inflight += 1
        self._idle.clear()
        self.metrics.inflight.inc()

    def _leave(self) -> None:
        self.inflight -= 1
        self.metrics.inflight.dec()
        if self.inflight == 0:
            self._idle.set()

    async def drain(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until no command is in flight; whether none is."""
        if self.inflight == 0:
            return True
        log.info("waiting for %d command(s) in flight", self.inflight)
        try:
            await asyncio.wait_for(self._idle.wait(), max(timeout, 0.0))
        except asyncio.TimeoutError:
            log.warning("%d command(s) still in flight after %.1f s", self.inflight, timeout)
            return False
        return True

    # --- wrappers ------------------------------------------------------------------------------------------------
    def command(self, name: str, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(method)
        async def wrapper(caller: Any, *args: Any, **kwargs: Any) -> Any:
            if _inside.get():
                return await method(caller, *args, **kwargs)
            token = _inside.set(True)
            self._enter()
            start = time.perf_counter()
            outcome = "error"
            try:
                with log_context(channel=getattr(caller, "channel", None), command=name):
                    result = await method(caller, *args, **kwargs)
                    outcome = self._outcome(result)
                    if getattr(result, "game_id", None):
                        bind(game=result.game_id)
                    log.debug("%s: %s in %.3f s", name, outcome, time.perf_counter() - start,
                              extra={"outcome": outcome, "code": getattr(result, "code", None)})
                    return result
            finally:
                self.metrics.latency.labels(name).observe(time.perf_counter() - start)
                self.metrics.commands.labels(name, outcome).inc()
                self._leave()
                _inside.reset(token)

        return wrapper

    def _outcome(self, result: Any) -> str:
        if getattr(result, "ok", True) is False:
            self.metrics.refusals.labels(getattr(result, "code", None) or "unknown").inc()
            return "refused"
        return "ok"

    def timer(self, method: Callable[[str], Awaitable[Any]]) -> Callable[[str], Awaitable[Any]]:
        @functools.wraps(method)
        async def wrapper(channel: str) -> Any:
            token = _inside.set(True)
            self._enter()
            start = time.perf_counter()
            outcome = "error"
            try:
                with log_context(channel=channel, command=TIMER):
                    try:
                        result = await method(channel)
                    except StorageUnavailable as e:
                        outcome = "unavailable"
                        self.service.count(f"storage.{e.kind}")
                        log.warning("timer: storage unavailable: %s", e)
                        raise
                    outcome = "nothing" if result is None else "reply"
                    log.debug("timer: %s in %.3f s", outcome, time.perf_counter() - start, extra={"outcome": outcome})
                    return result
            finally:
                self.metrics.latency.labels(TIMER).observe(time.perf_counter() - start)
                self.metrics.timers.labels(outcome).inc()
                self._leave()
                _inside.reset(token)

        return wrapper

    def load(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(method)
        async def wrapper(channel: str, *args: Any, **kwargs: Any) -> Any:
            stored = await method(channel, *args, **kwargs)
            if stored is not None and current_fields().get("channel") == channel:
                bind(game=game_id_of(getattr(stored, "doc", None)))
            return stored

        return wrapper

    def create(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(method)
        async def wrapper(channel: str, doc: str, *args: Any, **kwargs: Any) -> Any:
            created = await method(channel, doc, *args, **kwargs)
            if current_fields().get("channel") == channel:
                bind(game=game_id_of(doc))
            return created

        return wrapper

    def commit(self, method: Callable[..., Awaitable[int]]) -> Callable[..., Awaitable[int]]:
        names = ("channel", "expected", "table", "log")  # ``Commits.commit``'s first arguments

        @functools.wraps(method)
        async def wrapper(*args: Any, **kwargs: Any) -> int:
            version = await method(*args, **kwargs)
            given = dict(zip(names, args)) | {k: v for k, v in kwargs.items() if k in names}
            table, fields = given.get("table"), given.get("log")
            if current_fields().get("channel") == given.get("channel") and getattr(table, "id", None):
                bind(game=table.id)
            if isinstance(fields, dict) and "move" in fields:
                self.metrics.moves.labels(getattr(table, "game", "") or "", fields.get("by") or "player").inc()
            return version

        return wrapper

    def image(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(method)
        async def wrapper(kind: str, *args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await method(kind, *args, **kwargs)
            finally:
                if getattr(self.service.compose, "render", True):
                    self.metrics.render.labels(kind).observe(time.perf_counter() - start)

        return wrapper


def instrument(service: GameService, metrics: Metrics | None = None) -> Instruments:
    """Install the wrappers on ``service`` (once: a second call returns the first one's ``Instruments``)."""
    existing = service.__dict__.get("ops")
    if isinstance(existing, Instruments):
        return existing
    metrics = metrics or Metrics()
    ops = Instruments(service, metrics)
    for name in command_names(service):
        setattr(service, name, ops.command(name, getattr(service, name)))
    service.on_timer = ops.timer(service.on_timer)  # type: ignore[method-assign]
    service.store.load = ops.load(service.store.load)  # type: ignore[method-assign]
    service.store.create = ops.create(service.store.create)  # type: ignore[method-assign]
    service.commits.commit = ops.commit(service.commits.commit)  # type: ignore[method-assign]
    service.compose.image = ops.image(service.compose.image)  # type: ignore[method-assign]
    metrics.watch(service.counters)
    service.ops = ops  # type: ignore[attr-defined]
    return ops
