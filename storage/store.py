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

The store needs a ``redis.asyncio`` client created with ``decode_responses=True`` (``storage.connect`` makes one),
or a ``redis.asyncio.cluster.RedisCluster`` client. Under Redis Cluster no command it sends spans two slots: the
scripts and transactions touch the keys of one game (one hash tag) or one global key; what reads many games (the
check of claimed timers) is a non-transactional pipeline, which the cluster client splits by node; the repairs
(``reindex_timers``, ``reindex_outboxes``) scan every primary node. The timer and outbox indexes are split in
``index_buckets`` sorted sets (8 on a cluster, so that they spread over the nodes; one, ``{ns}:timers``, on a single
server), each claimed by its own script; a poll reads every bucket in one pipeline first.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import logging
import math
import time
import uuid
import zlib
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import (
    BusyLoadingError,
    ConnectionError as RedisConnectionError,
    OutOfMemoryError,
    ReadOnlyError,
    RedisError,
    TimeoutError as RedisTimeoutError,
)

from . import lua
from .errors import GameExists, StaleVersion, StorageUnavailable
from .keys import DEFAULT_NAMESPACE, Keys, bucket_of, check_channel, parse_timer_member, timer_member

DAY = 86400
CLUSTER_INDEX_BUCKETS = 8  # the timer and outbox indexes are split in this many sorted sets on a Redis Cluster

logger = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

# What makes Redis unavailable for a moment (as opposed to a bug: a wrong command, a wrong type), by counter name.
_UNAVAILABLE: tuple[tuple[type[BaseException], str], ...] = (
    (BusyLoadingError, "loading"),  # a subclass of ConnectionError: tested first
    (RedisTimeoutError, "timeout"),
    (asyncio.TimeoutError, "timeout"),
    (RedisConnectionError, "connection"),
    (OutOfMemoryError, "memory"),
    (ReadOnlyError, "readonly"),
    (OSError, "connection"),
)


def _unavailable_kind(error: BaseException) -> str | None:
    for kind, name in _UNAVAILABLE:
        if isinstance(error, kind):
            return name
    return None


def _storage(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Redis being unavailable for a moment becomes ``StorageUnavailable``, which callers answer."""

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await method(*args, **kwargs)
        except (RedisError, OSError, asyncio.TimeoutError) as e:
            kind = _unavailable_kind(e)
            if kind is None:
                raise
            raise StorageUnavailable(kind, e) from e

    return wrapper


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

    A long document is stored compressed (``PACK_DOC_FROM``); ``load`` gives it back as it was given.

    ``ttl`` is how long (seconds) an idle game and its log are kept; ``finished_ttl`` replaces it once a commit
    writes a status in ``finished_statuses``. ``log_maxlen`` bounds each log (approximately: Redis trims whole
    stream nodes, ``MAXLEN ~``); ``None`` keeps every entry. Once a log holds more than twice ``log_keep`` entries,
    the moves among all but its newest ``log_keep`` are folded into one entry of text lines (a line per run of one
    seat's moves, a move one or two characters in it; a random 4-player Orléans game logs some 600 moves, an Anno
    1800 game some 3 000); ``None`` folds nothing. The newest entries stay whole, so an undo can delete its move's
    entry. ``index_buckets`` splits the timer and outbox indexes in that many sorted sets (``None``:
    ``CLUSTER_INDEX_BUCKETS`` with a cluster client, else one, whose key is the unsplit ``{ns}:timers``); every
    process of a namespace must use the same number.
    """

    def __init__(
        self,
        redis: Redis,
        *,
        namespace: str = DEFAULT_NAMESPACE,
        ttl: int = 30 * DAY,
        finished_ttl: int = 7 * DAY,
        log_maxlen: int | None = 10_000,
        log_keep: int | None = 32,
        finished_statuses: Iterable[str] = ("finished", "aborted"),
        pref_ttl: int = 180 * DAY,
        memo_ttl: int = 30 * DAY,
        index_buckets: int | None = None,
    ) -> None:
        if not _decodes_responses(redis):
            raise ValueError("GameStore needs a Redis client created with decode_responses=True")
        for name, value in (("ttl", ttl), ("finished_ttl", finished_ttl), ("pref_ttl", pref_ttl),
                            ("memo_ttl", memo_ttl)):
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
        if log_maxlen is not None and (not isinstance(log_maxlen, int) or log_maxlen <= 0):
            raise ValueError(f"log_maxlen must be a positive int or None, not {log_maxlen!r}")
        if log_keep is not None and (not isinstance(log_keep, int) or isinstance(log_keep, bool) or log_keep <= 0):
            raise ValueError(f"log_keep must be a positive int or None, not {log_keep!r}")
        self.cluster = isinstance(redis, RedisCluster)
        if index_buckets is None:
            index_buckets = CLUSTER_INDEX_BUCKETS if self.cluster else 1
        if not isinstance(index_buckets, int) or isinstance(index_buckets, bool) or not 1 <= index_buckets <= 1024:
            raise ValueError(f"index_buckets must be an int from 1 to 1024, not {index_buckets!r}")
        self.redis = redis
        self.index_buckets = index_buckets
        self.keys = Keys(namespace)
        self.ttl = ttl
        self.finished_ttl = finished_ttl
        self.log_maxlen = log_maxlen
        self.log_keep = log_keep
        self.finished_statuses = frozenset(finished_statuses)
        self.pref_ttl = pref_ttl
        self.memo_ttl = memo_ttl
        self._create = redis.register_script(lua.CREATE)
        self._commit = redis.register_script(lua.COMMIT)
        self._delete = redis.register_script(lua.DELETE)
        self._archive = redis.register_script(lua.ARCHIVE)
        self._claim_due = redis.register_script(lua.CLAIM_DUE)
        self._get_prefs = redis.register_script(lua.GET_PREFS)

    @property
    def namespace(self) -> str:
        return self.keys.namespace

    def timer_key(self, channel: str) -> str:
        """The timer index (bucket) holding ``channel``'s entries."""
        return self.keys.timers(self._bucket(channel))

    def timer_keys(self) -> list[str]:
        """Every bucket of the timer index."""
        return [self.keys.timers(b) for b in self._buckets()]

    def outbox_index_key(self, channel: str) -> str:
        """The outbox index (bucket) holding ``channel``."""
        return self.keys.outboxes(self._bucket(channel))

    def outbox_index_keys(self) -> list[str]:
        """Every bucket of the outbox index."""
        return [self.keys.outboxes(b) for b in self._buckets()]

    def _bucket(self, channel: str) -> int | None:
        return bucket_of(channel, self.index_buckets) if self.index_buckets > 1 else None

    def _buckets(self) -> list[int | None]:
        return list(range(self.index_buckets)) if self.index_buckets > 1 else [None]

    async def _scan(self, match: str, type_: str) -> Any:
        """Every key matching ``match`` of type ``type_``: on a cluster, on each primary node in turn."""
        if not self.cluster:
            async for key in self.redis.scan_iter(match=match, count=1000, _type=type_):
                yield key
            return
        for node in self.redis.get_primaries():
            async for key in self.redis.scan_iter(match=match, count=1000, _type=type_, target_nodes=node):
                yield key

    # -- games ---------------------------------------------------------------------------------------------------

    @_storage
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
        args = [_stored_doc(doc), _text(status, "status"), _deadline_arg(deadline), self._ttl_for(status)]
        args += [self._maxlen_arg(), "0" if log is None else "1", *_flat_log(log or {})]
        if not await self._create(keys=keys, args=args):
            raise GameExists(channel)
        await self._reindex(channel, old_version=None, new_version=1, deadline=deadline)
        return 1

    @_storage
    async def load(self, channel: str) -> StoredGame | None:
        """The game in ``channel``, or ``None``."""
        return await self._load_hash(self.keys.game(channel))

    async def _load_hash(self, key: str) -> StoredGame | None:
        values = await self.redis.hmget(key, ["v", "doc", "status", "deadline", "updated"])
        if values[0] is None:
            return None
        version, doc, status, deadline, updated = values
        return StoredGame(
            version=int(version),
            doc=_read_doc(doc or ""),
            status=status or "",
            deadline=float(deadline) if deadline else None,
            updated_ms=int(updated) if updated else 0,
        )

    @_storage
    async def commit(
        self,
        channel: str,
        expected_version: int,
        doc: str,
        *,
        status: str,
        log: Mapping[str, str] | None,
        deadline: float | None = None,
        cid: str | None = None,
        drop: str | None = None,
        tell: str | None = None,
        tell_after: float = 60.0,
    ) -> int:
        """Replace the game's document if it is still at ``expected_version``; return the new version.

        Atomically: check the version, write ``doc``, ``status`` and ``deadline`` (``None`` clears it), bump the
        version, delete the log entry ``drop`` (an id, when the change takes back the move it logged), append
        ``log`` plus ``v`` (the new version) to the log (``None``: nothing), and refresh both keys' TTL
        (``finished_ttl`` for a finished status). Then the timer index follows the deadline.

        ``cid`` names this commit (a fresh one by default): the same commit sent again, after a reply lost to a
        broken connection, is recognised and not applied twice (``commit_applied`` asks later).

        ``tell``: what the change must tell the players (an opaque JSON string), kept in the game's outbox under the
        new version, atomically with the change, until ``delivered`` removes it; the outbox index is then told to
        look at the channel ``tell_after`` seconds from now (``due_outboxes``), when a delivery that did not happen
        (a process that stopped before it) is made again.

        Raises ``StaleVersion`` (with the current version, ``None`` if the game is gone) and changes nothing when
        the stored version is not ``expected_version``; ``StorageUnavailable`` when Redis did not answer (the
        commit may then have been applied or not: ``commit_applied`` tells).
        """
        if not isinstance(expected_version, int) or isinstance(expected_version, bool):
            raise TypeError(f"expected_version must be an int, not {expected_version!r}")
        keys = [self.keys.game(channel), self.keys.log(channel), self.keys.outbox(channel)]
        args: list[Any] = [expected_version, _stored_doc(doc), _text(status, "status"), _deadline_arg(deadline)]
        args += [self._ttl_for(status), self._maxlen_arg(), cid or new_cid(), drop or "", tell or "",
                 "" if self.log_keep is None else str(self.log_keep), *_flat_log(log or {})]
        result = await self._commit(keys=keys, args=args)
        if result[0] != 1:
            raise StaleVersion(int(result[1]) if len(result) > 1 else None, expected_version)
        new_version = int(result[1])
        await self._reindex(channel, old_version=expected_version, new_version=new_version, deadline=deadline)
        if tell:
            await self._index_outbox(channel, time.time() + tell_after)
        return new_version

    @_storage
    async def move_channel(self, old: str, new: str) -> bool:
        """Move ``old``'s game (its hash, log and outbox), its preferences and memos, and its timer entry to
        ``new`` (a chat that changed its id: a Telegram group upgraded to a supergroup). ``new`` must have no game;
        False when ``old`` had none (its preferences and memos still move). Each key is copied (``DUMP`` /
        ``RESTORE``: single-key commands, as Redis Cluster needs) before the old ones go, so a stop half-way leaves
        a copy, never a loss; moving again finishes it."""
        pairs = [(self.keys.game(old), self.keys.game(new)), (self.keys.log(old), self.keys.log(new)),
                 (self.keys.outbox(old), self.keys.outbox(new))]
        pairs += [(self.keys.pref(kind, old), self.keys.pref(kind, new)) for kind in ("channel", "memo")]
        stored = await self.load(old)
        if stored is not None and await self.redis.exists(self.keys.game(new)):
            raise GameExists(new)
        for source, target in pairs:
            dumped = await self.redis.dump(source)
            if dumped is None:
                continue
            ttl = await self.redis.pttl(source)
            await self.redis.restore(target, max(ttl, 0), dumped, replace=True)
        async with self.redis.pipeline(transaction=False) as pipe:  # keys of several slots: one DEL each
            for source, _ in pairs:
                pipe.delete(source)
            await pipe.execute()
        if stored is not None:
            await self._reindex(new, old_version=None, new_version=stored.version, deadline=stored.deadline)
            await self.redis.zrem(self.timer_key(old), timer_member(old, stored.version))
            if await self.redis.exists(self.keys.outbox(new)):
                await self._index_outbox(new, time.time())
        return stored is not None

    # -- each user's games -------------------------------------------------------------------------------------

    @_storage
    async def track(self, user: str, channel: str) -> None:
        """``user`` sits at the game of ``channel`` (kept ``pref_ttl`` seconds after the last change)."""
        key = self.keys.games_of(user)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.sadd(key, check_channel(channel))
            pipe.expire(key, self.pref_ttl)
            await pipe.execute()

    @_storage
    async def untrack(self, user: str, channel: str) -> None:
        await self.redis.srem(self.keys.games_of(user), channel)

    @_storage
    async def tracked(self, user: str) -> list[str]:
        """The channels where ``user`` sits at a game that has not ended (as far as the index knows)."""
        return sorted(await self.redis.smembers(self.keys.games_of(user)))

    # -- the outbox ----------------------------------------------------------------------------------------------

    @_storage
    async def undelivered(self, channel: str) -> dict[int, str]:
        """What the changes of ``channel`` still have to tell, by version (the ``tell`` of ``commit``)."""
        raw = await self.redis.hgetall(self.keys.outbox(channel))
        return {int(version): text for version, text in raw.items()}

    @_storage
    async def delivered(self, channel: str, version: int) -> None:
        """What the change that made ``version`` had to tell has been told."""
        await self.redis.hdel(self.keys.outbox(channel), str(version))

    @_storage
    async def due_outboxes(self, now: float, limit: int = 100, *, prefix: str = "") -> list[str]:
        """Claim the channels (starting with ``prefix``) whose outbox should be looked at by ``now``: each is
        returned to one caller only, removed from the index (the caller re-indexes what it leaves there)."""
        if limit <= 0:
            return []
        return await self._claim_index(self.outbox_index_keys(), now, limit, prefix, None)

    async def _claim_index(self, keys: list[str], now: float, limit: int, prefix: str,
                           lease_end: float | None) -> list[str]:
        """Claim up to ``limit`` due members (starting with ``prefix``) of an index split in the buckets ``keys``,
        earliest first. Each bucket is claimed atomically by a script on its one key. With several buckets, a read
        of each bucket's earliest due members (one pipeline) tells how many to claim from which, then those claims
        run at once; a claim that comes up short (a concurrent poller was faster) is made up from the other buckets
        that had due members. With ``lease_end`` the claimed members stay in the index, due again then; without,
        they are removed from it."""
        lease = "" if lease_end is None else _score(lease_end)
        if len(keys) == 1:
            flat = await self._claim_due(keys=keys, args=[_score(now), int(limit), prefix, lease])
            return list(flat[::2])
        async with self.redis.pipeline(transaction=False) as pipe:  # one read per bucket, split by node
            for key in keys:
                pipe.zrangebyscore(key, "-inf", _score(now), start=0, num=int(limit), withscores=True)
            peeked = await pipe.execute()
        candidates = sorted((score, member, key) for key, entries in zip(keys, peeked)
                            for member, score in entries if member.startswith(prefix))
        quota: dict[str, int] = {}
        for _, _, key in candidates[:limit]:
            quota[key] = quota.get(key, 0) + 1

        async def claim(key: str, count: int) -> list[tuple[float, str]]:
            flat = await self._claim_due(keys=[key], args=[_score(now), count, prefix, lease])
            return [(float(score), member) for member, score in zip(flat[::2], flat[1::2])]

        claimed: list[tuple[float, str]] = []
        for got in await asyncio.gather(*(claim(key, count) for key, count in quota.items())):
            claimed += got
        for key, entries in zip(keys, peeked):
            if len(claimed) >= limit:
                break
            if entries:  # it had due members: some may be left (or beyond what was read, for a prefix)
                claimed += await claim(key, limit - len(claimed))
        return [member for _, member in sorted(claimed)]

    @_storage
    async def index_outbox(self, channel: str, when: float) -> None:
        """Look at ``channel``'s outbox again at ``when`` (or earlier, if it was to be looked at earlier)."""
        await self._index_outbox(channel, when)

    async def _index_outbox(self, channel: str, when: float) -> None:
        """The index entry follows the write: a failure here is logged (``reindex_outboxes`` repairs it)."""
        try:
            await self.redis.zadd(self.outbox_index_key(channel), {channel: float(when)}, lt=True)
        except (RedisError, OSError):
            logger.warning("outbox index not updated for %r", channel, exc_info=True)

    @_storage
    async def reindex_outboxes(self, when: float) -> int:
        """Index every outbox that holds something (a repair at start-up, after a process stopped between a
        commit and its index entry); return how many."""
        found = 0
        async for key in self._scan(self.keys.outbox_pattern(), "HASH"):
            await self._index_outbox(self.keys.channel_of_game(key, "}:outbox"), when)
            found += 1
        return found

    @_storage
    async def commit_applied(self, channel: str, version: int, cid: str, log: Mapping[str, str] | None) -> bool | None:
        """Whether the commit ``cid``, which would have made ``version``, was applied (after ``StorageUnavailable``
        left it unknown): True, False, or None when it cannot be told any more (later changes hide it and it
        logged nothing)."""
        stored_version, stored_cid = await self.redis.hmget(self.keys.game(channel), ["v", "cid"])
        if stored_version is None or int(stored_version) < version:
            return False
        if int(stored_version) == version:
            return stored_cid == cid
        if not log:
            return None
        async for entry in self._log_backwards(channel):
            if entry.version == version:
                return entry.fields == dict(log)
            if entry.version < version:
                return False
        return False

    async def _log_backwards(self, channel: str, batch: int = 32) -> Any:
        """The log's entries, newest first, read a batch at a time."""
        key = self.keys.log(channel)
        last = "+"
        while True:
            raw = await self.redis.xrevrange(key, last, "-", count=batch + (last != "+"))
            if last != "+":
                raw = raw[1:]  # the entry read last time
            if not raw:
                return
            for entry in _entries(raw, reverse=True):
                yield entry
            last = raw[-1][0]

    @_storage
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

    @_storage
    async def archive(self, channel: str, expected_version: int, game_id: str) -> bool:
        """Put the finished game of ``channel`` aside under ``game_id`` (``load_past``, ``past_log``) for what is
        left of its retention, so that a new game can start there; ``StaleVersion`` if it changed meanwhile."""
        keys = [self.keys.game(channel), self.keys.log(channel), self.keys.past(channel, game_id),
                self.keys.past_log(channel, game_id), self.keys.past(channel)]
        result = await self._archive(keys=keys, args=[int(expected_version), game_id, _score(time.time()),
                                                      max(self.ttl, self.finished_ttl)])
        if result[0] == -1:
            raise StaleVersion(int(result[1]), expected_version)
        if result[0] == 0:
            return False
        await self._reindex(channel, old_version=expected_version, new_version=None, deadline=None)
        return True

    @_storage
    async def past(self, channel: str) -> list[str]:
        """The ids of the finished games put aside in ``channel`` that are still kept, the latest first."""
        ids = await self.redis.zrevrange(self.keys.past(channel), 0, -1)
        if not ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.exists(self.keys.past(channel, game_id))
            kept = await pipe.execute()
        return [game_id for game_id, there in zip(ids, kept) if there]

    @_storage
    async def load_past(self, channel: str, game_id: str) -> StoredGame | None:
        """A finished game put aside in ``channel``, as it ended (None when it is no longer kept)."""
        return await self._load_hash(self.keys.past(channel, game_id))

    @_storage
    async def past_log(self, channel: str, game_id: str) -> list[LogEntry]:
        raw = await self.redis.xrange(self.keys.past_log(channel, game_id), "-", "+")
        return _entries(raw)

    @_storage
    async def log(self, channel: str, *, count: int | None = None, reverse: bool = False) -> list[LogEntry]:
        """The game's log, oldest first (newest first with ``reverse``), at most ``count`` entries. Moves folded
        together (``log_keep``) come out one entry each, with an empty ``id``: they can no longer be deleted."""
        key = self.keys.log(channel)
        if reverse:
            raw = await self.redis.xrevrange(key, "+", "-", count=count)
        else:
            raw = await self.redis.xrange(key, "-", "+", count=count)
        return _entries(raw, reverse=reverse)[:count]

    # -- timers --------------------------------------------------------------------------------------------------

    @_storage
    async def due_timers(self, now: float, limit: int = 100, *, prefix: str = "", lease: float = 0.0) -> list[str]:
        """Claim the channels (starting with ``prefix``) whose deadline has passed at ``now``; each is returned to
        one caller only.

        Up to ``limit`` index entries due at ``now`` are claimed in one atomic step, so concurrent pollers in any
        number of processes get disjoint sets and a deadline fires once. Without a ``lease`` a claimed entry is
        removed from the index; with one, it stays, due again ``lease`` seconds later: a claimer that dies before
        handling it leaves it to another, and one that handled it either committed a change (whose new version
        replaces the entry) or calls ``timer_done``. Each claimed entry is then checked against the game hash:
        entries of a superseded version or a deleted game are dropped, and an entry whose game now has a later
        deadline is put back under that deadline.

        A claimed timer is the caller's to handle: it should load the game, check that its ``deadline`` is still
        due, and commit the timeout with the loaded version (the compare-and-set makes a late firing harmless).
        """
        if limit <= 0:
            return []
        if prefix and lease <= 0:
            raise ValueError("claiming the timers of a prefix needs a lease")
        members = await self._claim_index(self.timer_keys(), now, limit, prefix, now + lease if lease > 0 else None)
        claimed = [(member, parsed) for member in members if (parsed := parse_timer_member(member))]
        if not claimed:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for _, (channel, _version) in claimed:
                pipe.hmget(self.keys.game(channel), ["v", "deadline"])
            states = await pipe.execute()
        due: list[str] = []
        rearm: dict[str, float] = {}
        gone: list[str] = []
        for (member, (channel, version)), (stored_v, stored_deadline) in zip(claimed, states):
            if stored_v is None or int(stored_v) != version or not stored_deadline:
                gone.append(member)  # a superseded version, a cleared deadline or a deleted game
            elif float(stored_deadline) > now:
                rearm[member] = float(stored_deadline)
            elif channel not in due:
                due.append(channel)
        for key, entries in self._by_bucket(rearm).items():
            await self.redis.zadd(key, entries)
        if lease > 0:
            for key, entries in self._by_bucket(dict.fromkeys(gone, 0.0)).items():
                await self.redis.zrem(key, *entries)
        return due

    def _by_bucket(self, members: Mapping[str, float]) -> dict[str, dict[str, float]]:
        """Timer-index members (``<channel>|<version>`` -> score) grouped by the bucket key holding them."""
        grouped: dict[str, dict[str, float]] = {}
        for member, score in members.items():
            parsed = parse_timer_member(member)
            key = self.timer_key(parsed[0]) if parsed else self.keys.timers(0 if self.index_buckets > 1 else None)
            grouped.setdefault(key, {})[member] = score
        return grouped

    @_storage
    async def timer_done(self, channel: str, version: int) -> None:
        """A claimed timer of ``channel`` was handled at ``version`` without a change: its entry leaves the index
        (the next commit that sets a deadline indexes the game again)."""
        await self.redis.zrem(self.timer_key(channel), timer_member(channel, version))

    @_storage
    async def reindex_timers(self) -> int:
        """Rebuild the timer index from the game hashes (a repair, e.g. at start-up); return the entries written.

        A process that dies between a commit and its index update leaves a deadline unindexed; this finds it.
        """
        members: dict[str, float] = {}
        async for key in self._scan(self.keys.game_pattern(), "HASH"):
            version, deadline = await self.redis.hmget(key, ["v", "deadline"])
            if version and deadline:
                members[timer_member(self.keys.channel_of_game(key), int(version))] = float(deadline)
        for key, entries in self._by_bucket(members).items():
            await self.redis.zadd(key, entries)
        return len(members)

    async def _reindex(
        self, channel: str, *, old_version: int | None, new_version: int | None, deadline: float | None
    ) -> None:
        """Make the timer index follow a write: drop the superseded version's entry, add the new deadline.

        The write has happened by then, so a failure here is logged rather than raised: the game is right, only
        its index entry is missing or stale, which ``due_timers`` tolerates and ``reindex_timers`` repairs.
        """
        key = self.timer_key(channel)
        try:
            async with self.redis.pipeline(transaction=True) as pipe:  # one key: legal on a cluster
                if old_version is not None:
                    pipe.zrem(key, timer_member(channel, old_version))
                if deadline is not None and new_version is not None:
                    pipe.zadd(key, {timer_member(channel, new_version): float(deadline)})
                if len(pipe):
                    await pipe.execute()
        except (RedisError, OSError):
            logger.warning("timer index not updated for %r at version %s", channel, new_version, exc_info=True)

    # -- preferences ---------------------------------------------------------------------------------------------

    @_storage
    async def get_prefs(self, kind: str, id: str) -> dict[str, str]:  # noqa: A002
        """Every preference stored for ``kind``/``id`` (``{}`` when none). Reading them renews their retention
        (``memo_ttl`` for the ``memo`` kind, ``pref_ttl`` for the others)."""
        flat = await self._get_prefs(keys=[self.keys.pref(kind, id)], args=[self._pref_ttl(kind)])
        return dict(zip(flat[::2], flat[1::2]))

    @_storage
    async def set_pref(self, kind: str, id: str, field: str, value: str | None) -> None:  # noqa: A002
        """Set one preference, or delete it when ``value`` is ``None``; the hash is kept for its retention from
        now (see ``get_prefs``)."""
        key = self.keys.pref(kind, id)
        async with self.redis.pipeline(transaction=True) as pipe:
            if value is None:
                pipe.hdel(key, field)
            else:
                pipe.hset(key, field, _text(value, "value"))
            pipe.expire(key, self._pref_ttl(kind))
            await pipe.execute()

    def _pref_ttl(self, kind: str) -> int:
        return self.memo_ttl if kind == "memo" else self.pref_ttl

    @_storage
    async def claim_once(self, token: str, ttl: int = DAY) -> bool:
        """True the first time ``token`` is claimed within ``ttl`` seconds, False ever after (across processes):
        for work that must happen once, such as applying a platform update delivered twice."""
        return bool(await self.redis.set(self.keys.once(token), "1", nx=True, ex=ttl))

    # -- measuring -----------------------------------------------------------------------------------------------

    @_storage
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


def new_cid() -> str:
    """A fresh commit id."""
    return uuid.uuid4().hex[:16]


def _entry(entry_id: str, fields: Mapping[str, str]) -> LogEntry:
    values = dict(fields)
    version = int(values.pop("v"))
    return LogEntry(id=entry_id, version=version, fields=values)


def _entries(raw: Iterable[tuple[str, Mapping[str, str]]], *, reverse: bool = False) -> list[LogEntry]:
    """Log entries as read from the stream, each folded entry (``lua.pack_log``) opened into its moves."""
    out: list[LogEntry] = []
    for entry_id, fields in raw:
        if "runs" in fields:
            unfolded = _unfold_runs(fields["words"], fields["runs"])
        elif "moves" in fields:
            unfolded = _unfold(fields["words"], fields["moves"])
        else:
            out.append(_entry(entry_id, fields))
            continue
        out += reversed(unfolded) if reverse else unfolded
    return out


# The digits of a word's code in a folded entry's runs (``lua.pack_log``): the last from _FINAL, those before it from
# _LEAD.
_FINAL = {c: i for i, c in enumerate("0123456789abcdefghijklmnopqrstuv")}
_LEAD = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ")}


def _unfold_runs(words: str, runs: str) -> list[LogEntry]:
    """The moves of a folded entry: lines "<seat> <codes>[ @<version>][ <by>]", a run of one seat's moves of
    consecutive versions, each code the number of a line of ``words`` (see ``lua.pack_log``)."""
    notations = words.split("\n")
    out: list[LogEntry] = []
    version = 0
    for line in runs.split("\n"):
        seat, codes, *rest = line.split(" ")
        by = None
        for token in rest:
            if token.startswith("@"):
                version = int(token[1:]) - 1
            else:
                by = token
        lead = 0
        for char in codes:
            if char in _LEAD:
                lead = lead * 26 + _LEAD[char]
                continue
            version += 1
            fields = {"seat": seat, "move": notations[lead * 32 + _FINAL[char]]}
            if by is not None:
                fields["by"] = by
            out.append(LogEntry(id="", version=version, fields=fields))
            lead = 0
    return out


def _unfold(words: str, moves: str) -> list[LogEntry]:
    """The moves of an entry folded before runs existed: lines "<seat> <n>[ @<version>][ <by>]", <n> a line of
    ``words``."""
    notations = words.split("\n")
    out: list[LogEntry] = []
    version = 0
    for line in moves.split("\n"):
        seat, number, *rest = line.split(" ")
        version += 1
        fields = {"seat": seat, "move": notations[int(number) - 1]}
        for token in rest:
            if token.startswith("@"):
                version = int(token[1:])
            else:
                fields["by"] = token
        out.append(LogEntry(id="", version=version, fields=fields))
    return out


# A document of at least this many characters is stored compressed: a board game's state compresses four to five
# times, for about 0.15 ms a commit.
PACK_DOC_FROM = 1024


def _stored_doc(doc: str) -> str:
    """``doc`` as it is stored: "~z" and its zlib compression in base64 when it is long, else as it is ("~" put before
    one that starts with "~", so that none is mistaken for a compressed one)."""
    doc = _text(doc, "doc")
    if len(doc) >= PACK_DOC_FROM:
        return "~z" + base64.b64encode(zlib.compress(doc.encode(), 6)).decode("ascii")
    return "~" + doc if doc.startswith("~") else doc


def _read_doc(stored: str) -> str:
    """The document ``_stored_doc`` stored as ``stored`` (one stored before compression existed reads as it is)."""
    if stored.startswith("~z"):
        return zlib.decompress(base64.b64decode(stored[2:])).decode()
    return stored[1:] if stored.startswith("~") else stored


def _decodes_responses(redis: Any) -> bool:
    """Whether ``redis`` (a client or a cluster client) decodes replies to ``str``."""
    return bool(redis.get_encoder().decode_responses)


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def _flat_log(log: Mapping[str, str]) -> list[str]:
    """A log entry as field/value pairs; ``v`` is reserved for the version, ``runs`` and ``moves`` for folded
    moves."""
    flat: list[str] = []
    for field, value in log.items():
        if field in ("v", "runs", "moves"):
            raise ValueError(f"the log field {field!r} is reserved")
        flat += [_text(field, "a log field"), _text(value, f"log field {field!r}")]
    return flat


def _score(value: float) -> str:
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"a deadline must be a finite number, not {value!r}")
    return repr(value)


def _deadline_arg(deadline: float | None) -> str:
    return "" if deadline is None else _score(deadline)
