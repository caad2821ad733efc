"""``GameStore``: games, their logs, the timer index and preferences, in Redis.

The store knows JSON strings and Redis, never games: a game is an opaque document (``doc``, the whole table as the
caller serialised it) with a version, a short opaque ``status`` and an optional deadline. One game lives in each chat
channel (``channel`` is an opaque string such as ``dc:123:456``, ``tg:-100123`` or ``local:main``).

Writes are optimistic: the caller loads a game, computes the new document, and commits it with the version it
loaded. The commit is one Lua compare-and-set: check the version, write the document, bump the version, append one
entry to the log stream and refresh the TTLs, atomically. A stale version raises ``StaleVersion``; the caller
re-reads and re-validates, and nothing is overwritten.

Deadlines (turn reminders, clocks) are stored in the game hash, which is the truth, and indexed in a global sorted
set that ``due_timers`` polls. The index cannot be written by the commit script (under Redis Cluster it lives in
another slot), so it is updated right after it, and it may briefly hold stale entries: ``due_timers`` checks each
entry against the game hash before returning it.

The store needs a ``redis.asyncio`` client created with ``decode_responses=True`` (``storage.connect`` makes one).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from . import lua
from .errors import GameExists, StaleVersion
from .keys import DEFAULT_NAMESPACE, Keys, parse_timer_member, timer_member

DAY = 86400

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: its version, document, status and deadline. ``updated_ms`` is the server time of the last
    write, in unix milliseconds."""

    version: int
    doc: str
    status: str
    deadline: float | None
    updated_ms: int = 0


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of a game's log: the stream id, the version the change produced and the caller's fields."""

    id: str
    version: int
    fields: dict[str, str]


class GameStore:
    """Games, logs, timers and preferences of one namespace in one Redis.

    ``ttl`` is how long (seconds) an idle game and its log are kept; ``finished_ttl`` replaces it once a commit
    writes a status in ``finished_statuses``. ``log_maxlen`` bounds each log (approximately: Redis trims whole
    stream nodes, ``MAXLEN ~``); ``None`` keeps every entry.
    """

    def __init__(
        self,
        redis: Redis,
        *,
        namespace: str = DEFAULT_NAMESPACE,
        ttl: int = 30 * DAY,
        finished_ttl: int = 7 * DAY,
        log_maxlen: int | None = 10_000,
        finished_statuses: Iterable[str] = ("finished", "aborted"),
    ) -> None:
        if not _decodes_responses(redis):
            raise ValueError("GameStore needs a Redis client created with decode_responses=True")
        for name, value in (("ttl", ttl), ("finished_ttl", finished_ttl)):
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
        if log_maxlen is not None and (not isinstance(log_maxlen, int) or log_maxlen <= 0):
            raise ValueError(f"log_maxlen must be a positive int or None, not {log_maxlen!r}")
        self.redis = redis
        self.keys = Keys(namespace)
        self.ttl = ttl
        self.finished_ttl = finished_ttl
        self.log_maxlen = log_maxlen
        self.finished_statuses = frozenset(finished_statuses)
        self._create = redis.register_script(lua.CREATE)
        self._commit = redis.register_script(lua.COMMIT)
        self._delete = redis.register_script(lua.DELETE)
        self._claim_timers = redis.register_script(lua.CLAIM_TIMERS)

    @property
    def namespace(self) -> str:
        return self.keys.namespace

    # -- games ---------------------------------------------------------------------------------------------------

    async def create(
        self,
        channel: str,
        doc: str,
        *,
        status: str,
        log: Mapping[str, str] | None = None,
        deadline: float | None = None,
    ) -> int:
        """Store a new game at version 1 and return 1; ``GameExists`` if the channel already has one.

        ``log``, when given, becomes the first log entry (with ``v`` = 1). A log left over from an earlier game of
        the channel is discarded.
        """
        keys = [self.keys.game(channel), self.keys.log(channel)]
        args = [_text(doc, "doc"), _text(status, "status"), _deadline_arg(deadline), self._ttl_for(status)]
        args += [self._maxlen_arg(), "0" if log is None else "1", *_flat_log(log or {})]
        if not await self._create(keys=keys, args=args):
            raise GameExists(channel)
        await self._reindex(channel, old_version=None, new_version=1, deadline=deadline)
        return 1

    async def load(self, channel: str) -> StoredGame | None:
        """The game in ``channel``, or ``None``."""
        values = await self.redis.hmget(self.keys.game(channel), ["v", "doc", "status", "deadline", "updated"])
        if values[0] is None:
            return None
        version, doc, status, deadline, updated = values
        return StoredGame(
            version=int(version),
            doc=doc or "",
            status=status or "",
            deadline=float(deadline) if deadline else None,
            updated_ms=int(updated) if updated else 0,
        )

    async def commit(
        self,
        channel: str,
        expected_version: int,
        doc: str,
        *,
        status: str,
        log: Mapping[str, str],
        deadline: float | None = None,
    ) -> int:
        """Replace the game's document if it is still at ``expected_version``; return the new version.

        Atomically: check the version, write ``doc``, ``status`` and ``deadline`` (``None`` clears it), bump the
        version, append ``log`` plus ``v`` (the new version) to the log, and refresh both keys' TTL (``finished_ttl`` for a
        finished status). Then the timer index follows the deadline.

        Raises ``StaleVersion`` (with the current version, ``None`` if the game is gone) and changes nothing when
        the stored version is not ``expected_version``.
        """
        if not isinstance(expected_version, int) or isinstance(expected_version, bool):
            raise TypeError(f"expected_version must be an int, not {expected_version!r}")
        keys = [self.keys.game(channel), self.keys.log(channel)]
        args: list[Any] = [expected_version, _text(doc, "doc"), _text(status, "status"), _deadline_arg(deadline)]
        args += [self._ttl_for(status), self._maxlen_arg(), *_flat_log(log)]
        result = await self._commit(keys=keys, args=args)
        if result[0] != 1:
            raise StaleVersion(int(result[1]) if len(result) > 1 else None, expected_version)
        new_version = int(result[1])
        await self._reindex(channel, old_version=expected_version, new_version=new_version, deadline=deadline)
        return new_version

    async def delete(self, channel: str, expected_version: int | None = None) -> bool:
        """Remove the game and its log; ``True`` if there was a game.

        With ``expected_version``, only a game at that version is removed: another version raises ``StaleVersion``
        and changes nothing. A game that is already gone gives ``False`` either way.
        """
        keys = [self.keys.game(channel), self.keys.log(channel)]
        result = await self._delete(keys=keys, args=["" if expected_version is None else int(expected_version)])
        if result[0] == -1:
            raise StaleVersion(int(result[1]), expected_version)
        if result[0] == 0:
            return False
        await self._reindex(channel, old_version=int(result[1]), new_version=None, deadline=None)
        return True

    async def log(self, channel: str, *, count: int | None = None, reverse: bool = False) -> list[LogEntry]:
        """The game's log, oldest first (newest first with ``reverse``), at most ``count`` entries."""
        key = self.keys.log(channel)
        if reverse:
            raw = await self.redis.xrevrange(key, "+", "-", count=count)
        else:
            raw = await self.redis.xrange(key, "-", "+", count=count)
        entries = []
        for entry_id, fields in raw:
            fields = dict(fields)
            version = int(fields.pop("v"))
            entries.append(LogEntry(id=entry_id, version=version, fields=fields))
        return entries

    # -- timers --------------------------------------------------------------------------------------------------

    async def due_timers(self, now: float, limit: int = 100) -> list[str]:
        """Claim the channels whose deadline has passed at ``now``; each is returned to one caller only.

        Up to ``limit`` index entries due at ``now`` are claimed (removed from the index) in one atomic step, so
        concurrent pollers in any number of processes get disjoint sets and a deadline fires once. Each claimed
        entry is then checked against the game hash: entries of a superseded version or a deleted game are dropped,
        and an entry whose game now has a later deadline is put back under that deadline.

        A claimed timer is the caller's to handle: it should load the game, check that its ``deadline`` is still
        due, and commit the timeout with the loaded version (the compare-and-set makes a late firing harmless).
        """
        if limit <= 0:
            return []
        members = await self._claim_timers(keys=[self.keys.timers()], args=[_score(now), int(limit)])
        claimed = [(member, parsed) for member in members if (parsed := parse_timer_member(member))]
        if not claimed:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for _, (channel, _version) in claimed:
                pipe.hmget(self.keys.game(channel), ["v", "deadline"])
            states = await pipe.execute()
        due: list[str] = []
        rearm: dict[str, float] = {}
        for (member, (channel, version)), (stored_v, stored_deadline) in zip(claimed, states):
            if stored_v is None or int(stored_v) != version or not stored_deadline:
                continue  # a superseded version, a cleared deadline or a deleted game
            if float(stored_deadline) > now:
                rearm[member] = float(stored_deadline)
            elif channel not in due:
                due.append(channel)
        if rearm:
            await self.redis.zadd(self.keys.timers(), rearm)
        return due

    async def reindex_timers(self) -> int:
        """Rebuild the timer index from the game hashes (a repair, e.g. at start-up); return the entries written.

        A process that dies between a commit and its index update leaves a deadline unindexed; this finds it.
        """
        members: dict[str, float] = {}
        async for key in self.redis.scan_iter(match=self.keys.game_pattern(), count=1000, _type="HASH"):
            version, deadline = await self.redis.hmget(key, ["v", "deadline"])
            if version and deadline:
                members[timer_member(self.keys.channel_of_game(key), int(version))] = float(deadline)
        if members:
            await self.redis.zadd(self.keys.timers(), members)
        return len(members)

    async def _reindex(
        self, channel: str, *, old_version: int | None, new_version: int | None, deadline: float | None
    ) -> None:
        """Make the timer index follow a write: drop the superseded version's entry, add the new deadline.

        The write has happened by then, so a failure here is logged rather than raised: the game is right, only
        its index entry is missing or stale, which ``due_timers`` tolerates and ``reindex_timers`` repairs.
        """
        key = self.keys.timers()
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                if old_version is not None:
                    pipe.zrem(key, timer_member(channel, old_version))
                if deadline is not None and new_version is not None:
                    pipe.zadd(key, {timer_member(channel, new_version): float(deadline)})
                if len(pipe):
                    await pipe.execute()
        except (RedisError, OSError):
            logger.warning("timer index not updated for %r at version %s", channel, new_version, exc_info=True)

    # -- preferences ---------------------------------------------------------------------------------------------

    async def get_prefs(self, kind: str, id: str) -> dict[str, str]:  # noqa: A002
        """Every preference stored for ``kind``/``id`` (``{}`` when none)."""
        return await self.redis.hgetall(self.keys.pref(kind, id))

    async def set_pref(self, kind: str, id: str, field: str, value: str | None) -> None:  # noqa: A002
        """Set one preference, or delete it when ``value`` is ``None``."""
        key = self.keys.pref(kind, id)
        if value is None:
            await self.redis.hdel(key, field)
        else:
            await self.redis.hset(key, field, _text(value, "value"))

    async def claim_once(self, token: str, ttl: int = DAY) -> bool:
        """True the first time ``token`` is claimed within ``ttl`` seconds, False ever after (across processes):
        for work that must happen once, such as applying a platform update delivered twice."""
        return bool(await self.redis.set(self.keys.once(token), "1", nx=True, ex=ttl))

    # -- measuring -----------------------------------------------------------------------------------------------

    async def memory_usage(self, channel: str) -> int:
        """Bytes used by the game hash and its log (``MEMORY USAGE``, every nested value counted); 0 if absent."""
        total = 0
        for key in (self.keys.game(channel), self.keys.log(channel)):
            total += await self.redis.memory_usage(key, samples=0) or 0
        return total

    # -- helpers -------------------------------------------------------------------------------------------------

    def _ttl_for(self, status: str) -> int:
        return self.finished_ttl if status in self.finished_statuses else self.ttl

    def _maxlen_arg(self) -> str:
        return "" if self.log_maxlen is None else str(self.log_maxlen)


def _decodes_responses(redis: Any) -> bool:
    """Whether ``redis`` (a client or a cluster client) decodes replies to ``str``."""
    return bool(redis.get_encoder().decode_responses)


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def _flat_log(log: Mapping[str, str]) -> list[str]:
    """A log entry as field/value pairs; ``v`` is reserved for the version."""
    flat: list[str] = []
    for field, value in log.items():
        if field == "v":
            raise ValueError("the log field 'v' is reserved for the version")
        flat += [_text(field, "a log field"), _text(value, f"log field {field!r}")]
    return flat


def _score(value: float) -> str:
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"a deadline must be a finite number, not {value!r}")
    return repr(value)


def _deadline_arg(deadline: float | None) -> str:
    return "" if deadline is None else _score(deadline)
