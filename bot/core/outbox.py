"""Durable delivery: what a committed change must tell the players is written with the change (atomically, in the
game's outbox) and told at least once, also when the process that made the change stopped before telling it.

Each change of a game that tells someone something (a move, an undo, the start, the lobby's changes) commits a
``Tell`` with it. The adapter that delivers the change's reply then calls ``GameService.delivered``, which removes
it. A ``Tell`` still there after ``GRACE`` seconds was not delivered (the process stopped, a delivery failed): a
loop in every bot process (``redeliver_forever``) claims such channels from the outbox index (each channel to one
process), rebuilds the reply from the game's log (the engines are deterministic: the move's narration, the board
and the players' hands are what they were) and hands it to the adapter's ``push``, which delivers it without an
interaction to answer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.core.replies import Reply

log = logging.getLogger(__name__)

GRACE = 60.0  # seconds a delivery may take before it counts as not made
INTERVAL = 2.0  # seconds between two looks at the outbox index


class Tell(BaseModel):
    """What a committed change must tell, as kept in the outbox: the change (``op``: ``move``, ``undo``, ``start``,
    or a lobby change with its ``texts`` for the channel), the game it belongs to, and who made it (to rebuild
    their ``Caller``)."""

    op: str
    game: str
    user: str
    name: str = ""
    locale: str | None = None
    channel_locale: str | None = None
    platform: str = "local"
    texts: list[str] = []  # a lobby change: what the channel is told, in its language
    text_locale: str = "en"
    at: float = 0.0  # when it was committed (unix seconds)


@dataclass(frozen=True, slots=True)
class Redelivery:
    """A change's reply delivered again: ``reply`` for ``channel``, made by ``actor``; acknowledge it with
    ``GameService.delivered(channel, version)``."""

    channel: str
    version: int
    reply: Reply
    actor: Any  # bot.core.service.Caller


Push = Callable[[Redelivery], Awaitable[None]]


async def redeliver_once(service: Any, push: Push, *, prefix: str, grace: float | None = None) -> int:
    """Claim the channels of ``prefix`` whose outbox is due, deliver what they still have to tell, and return how
    many replies were delivered. A failed push leaves its change in the outbox, to be tried again later.
    ``grace``: the service's, unless given."""
    delivered = 0
    for item in await service.redeliveries(prefix=prefix, grace=grace):
        try:
            await push(item)
        except Exception:  # noqa: BLE001 - one channel's failure must not stop the others' deliveries
            log.exception("redelivery of %s version %s failed; it will be tried again", item.channel, item.version)
            await service.store.index_outbox(item.channel, time.time() + (service.grace if grace is None else grace))
            continue
        await service.delivered(item.channel, item.version)
        delivered += 1
    return delivered


async def redeliver_forever(service: Any, push: Push, stop: asyncio.Event, *, prefix: str,
                            grace: float | None = None, interval: float = INTERVAL) -> None:
    """``redeliver_once`` every ``interval`` seconds until ``stop`` is set (after a repair of the outbox index,
    for changes whose process stopped before indexing them)."""
    try:
        await service.store.reindex_outboxes(time.time())
    except Exception:  # noqa: BLE001 - the repair is a courtesy: the loop goes on without it
        log.warning("the outbox index could not be repaired", exc_info=True)
    while not stop.is_set():
        try:
            await redeliver_once(service, push, prefix=prefix, grace=grace)
        except Exception:  # noqa: BLE001 - Redis away for a moment: look again later
            log.warning("the outbox could not be read", exc_info=True)
        try:
            await asyncio.wait_for(stop.wait(), interval)
        except asyncio.TimeoutError:
            pass
