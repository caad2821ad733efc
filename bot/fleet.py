"""What the bot processes of one deployment share, through Redis (``storage.shared_limits``).

Any number of ``boardbot run`` processes may serve the same bots on one Redis (or Redis Cluster): Discord shards
split across them, Telegram webhook workers behind one URL. They hold no game state; what they must agree on is
here:

* ``once_per_change``: work done by one process only, and only when what it is about changed: registering the
  commands (Discord's ``PUT .../commands``, Telegram's ``setMyCommands``). N processes starting at once register
  them once; a restart with unchanged commands registers nothing; a process that fails leaves it to the next one,
  one that dies, to whoever looks after its lease.
* ``wait_turn``: a sliding window counted across processes (Telegram's ~20 messages a minute to one group): the
  caller waits until a message may go.

(The timers and the outbox need nothing more: ``GameStore.due_timers`` and the outbox index are claimed per entry
with a lease, so each deadline fires, and each undelivered change is told again, in one process.)
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from storage import StorageUnavailable
from storage.shared_limits import SharedLimits

log = logging.getLogger(__name__)

LEASE = 300.0  # seconds a process may take to register the commands before another may try
LOOK_AGAIN = 1.0  # seconds between two looks at work another process is doing


def digest_of(payload: Any) -> str:
    """A stable hash of a JSON-able value (the commands as they would be sent)."""
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


async def once_per_change(shared: SharedLimits, name: str, digest: str, work: Callable[[], Awaitable[Any]], *,
                          lease: float = LEASE, look_again: float = LOOK_AGAIN) -> bool:
    """Do ``work`` unless it was done for ``digest`` already, by this process or another; True when this call did it.

    While another process is doing it, wait and look again: it either finishes (nothing to do here) or fails or dies
    (then this one does it). ``work`` raising aborts (the next call tries again) and the exception goes on. With
    Redis unavailable the work is done anyway (doing it twice is harmless; not doing it is not).
    """
    token = uuid.uuid4().hex
    while True:
        try:
            begun = await shared.begin_once(name, digest, token, lease=lease)
        except StorageUnavailable:
            log.warning("Redis is unavailable: %s is done without asking the other processes", name)
            await work()
            return True
        if begun == "same":
            return False
        if begun == "go":
            break
        await asyncio.sleep(look_again)  # "busy": another process is at it
    try:
        await work()
    except BaseException:
        try:
            await shared.abort_once(name, digest, token)
        except StorageUnavailable:
            pass  # the lease ends by itself
        raise
    try:
        await shared.finish_once(name, digest, token)
    except StorageUnavailable:
        log.warning("%s was done, but that could not be kept: the next start does it again", name)
    return True


async def wait_turn(shared: SharedLimits, name: str, limit: int, period: float) -> float:
    """Wait until the window ``name`` (``limit`` events per ``period`` seconds, across every process) has room, and
    count this event in it; return the seconds waited. With Redis unavailable the event goes at once (Telegram's
    own answer, a ``RetryAfter``, still holds it back)."""
    waited = 0.0
    while True:
        try:
            wait = await shared.take(name, limit, period)
        except StorageUnavailable:
            return waited
        if wait <= 0:
            return waited
        await asyncio.sleep(wait)
        waited += wait
