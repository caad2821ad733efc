"""Committing a table: the compare-and-set on its version, retried while another change gets there first, and
read back when Redis does not answer (a stalled server may still apply it)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.core import clocks
from bot.core.outbox import Tell
from bot.core.replies import Reply
from bot.core.table import Table
from bot.core.text import Refusal
from rules.contract import Game
from storage import GameStore, StaleVersion, StorageUnavailable
from storage.store import new_cid

MAX_RETRIES = 8
READ_BACK_SECONDS = 10.0  # how long the outcome of a commit that got no answer is looked for before answering


class Commits:
    """``count``: counts an event by name (``storage.timeout``, ``storage.commit_read_back``...); ``read_back``:
    seconds a commit's outcome is looked for; ``grace``: seconds before an undelivered change is told again."""

    def __init__(self, store: GameStore, count: Callable[[str], None], *, read_back: float = READ_BACK_SECONDS,
                 grace: float) -> None:
        self.store = store
        self.count = count
        self.read_back = read_back
        self.grace = grace

    async def commit(self, channel: str, expected: int, table: Table, log: dict[str, str] | None, *,
                     drop: str | None = None, tell: Tell | None = None) -> int:
        """Write the table over the version it was read at (``StaleVersion`` if another change got there first),
        with its next deadline (``bot.core.clocks.deadline``: the timer is re-armed by the same atomic commit).

        When Redis does not answer, the commit may still have been applied (a stalled server works through it
        later): before answering, its outcome is read back for a while; an applied commit goes on as if it had
        answered, one that was not gets ``error.unavailable``, and one whose fate cannot be told in time
        ``error.unavailable_move``."""
        cid = new_cid()
        doc = table.model_dump_json(exclude_defaults=True)
        try:
            return await self.store.commit(channel, expected, doc, status=table.status, log=log, cid=cid, drop=drop,
                                           tell=tell.model_dump_json() if tell else None, tell_after=self.grace,
                                           deadline=clocks.deadline(table))
        except StorageUnavailable as e:
            self.count(f"storage.{e.kind}")
            applied = await self.applied(channel, expected + 1, cid, log)
            if applied:
                self.count("storage.commit_read_back")
                return expected + 1
            raise Refusal("error.unavailable" if applied is False else "error.unavailable_move") from e

    async def applied(self, channel: str, version: int, cid: str, log: dict[str, str] | None) -> bool | None:
        """Whether a commit that got no answer was applied: True, False (Redis answered twice, a moment apart, that
        it was not: a command held up in a stalled server is worked through before a later one), or None when it
        cannot be told within ``read_back`` seconds."""
        deadline = time.monotonic() + self.read_back
        delay = 0.1
        denied = 0
        while time.monotonic() < deadline:
            try:
                applied = await self.store.commit_applied(channel, version, cid, log)
            except StorageUnavailable:
                applied = None
                denied = 0
            if applied:
                return True
            if applied is False:
                denied += 1
                if denied >= 2:
                    return False
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)
        return None

    @staticmethod
    async def retrying(attempt: Callable[[], Awaitable[Reply]]) -> Reply:
        """Run a load-change-commit ``attempt`` again while another change gets there first (``StaleVersion``):
        each attempt re-reads the table and re-validates the change."""
        for _attempt in range(MAX_RETRIES):
            try:
                return await attempt()
            except StaleVersion:
                continue
        raise Refusal("error.busy")


def set_state(table: Table, state: Any) -> None:
    table.state = state.model_dump(mode="json", exclude_defaults=True)


def table_at(table: Table, state: Any, game: Game) -> Table:
    """``table`` as it was when its game was at ``state`` (for telling a change again)."""
    then = table.model_copy()
    set_state(then, state)
    if table.status in ("playing", "finished"):
        then.status = "playing" if game.active_seats(state) else "finished"
    return then
