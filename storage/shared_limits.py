"""What the bot processes of one namespace share beyond the games: a rate window, and work done once per change.

Several ``boardbot run`` processes serve the same bots (Discord shards, Telegram webhook workers). Two things must be
counted across them, in Redis:

* ``take``: a sliding window of at most ``limit`` events per ``period`` seconds under a name (Telegram lets a bot send
  about 20 messages a minute to one group, whichever process sends them). One sorted set per name, changed by one
  script that reads Redis's own clock (``TIME``), so the processes' clocks need not agree.
* ``begin_once`` / ``finish_once`` / ``abort_once``: work that must be done once per value of a digest (registering
  the bot's commands with Discord or Telegram when they changed): the first process to begin it for a new digest
  does it; the others are told it is ``busy`` (and may look again) or, once it is done, ``same``; a process that
  fails aborts, and one that dies leaves it to another when its lease ends.
* ``agree``: a value the first process proposes and every other one takes (a generated webhook secret that all the
  webhook workers must check).

Every command touches one key, or two keys of one hash tag, so all of it works on a Redis Cluster.

=====================================  ======  ==================================================================
key                                    type    content
=====================================  ======  ==================================================================
``{ns}:rate:<name>``                   ZSET    the events of the window (member unique, score the server time, ms)
``{ns}:{once:<name>}:done``            STRING  the digest whose work was done last
``{ns}:{once:<name>}:pending``         STRING  ``<digest> <token>`` of the work being done, for a lease
``{ns}:agreed:<name>``                 STRING  a value the processes agreed on (``agree``: the first one proposed)
=====================================  ======  ==================================================================
"""

from __future__ import annotations

import uuid
from typing import Any, Literal

from .keys import DEFAULT_NAMESPACE
from .store import _storage

# KEYS[1] the window; ARGV: limit, period (ms), member. Returns 0 when the event was counted, else the milliseconds
# until the oldest event of the window leaves it (the earliest time a new one may be counted).
TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - period)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], period)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + period - now)
"""

# KEYS: done, pending; ARGV: digest, token, lease (ms), done_ttl (s).
BEGIN_ONCE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  return 'same'
end
local pending = redis.call('GET', KEYS[2])
if pending and string.sub(pending, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. ' ' then
  return 'busy'
end
redis.call('SET', KEYS[2], ARGV[1] .. ' ' .. ARGV[2], 'PX', ARGV[3])
return 'go'
"""

# KEYS: done, pending; ARGV: digest, token, done_ttl (s).
FINISH_ONCE = """
if redis.call('GET', KEYS[2]) == ARGV[1] .. ' ' .. ARGV[2] then
  redis.call('DEL', KEYS[2])
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1
"""

# KEYS: pending; ARGV: digest, token.
ABORT_ONCE = """
if redis.call('GET', KEYS[1]) == ARGV[1] .. ' ' .. ARGV[2] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

# KEYS[1] the value; ARGV[1] the value proposed. Returns the value agreed: the one there, else the one proposed.
AGREE = """
local v = redis.call('GET', KEYS[1])
if v then return v end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""

DONE_TTL = 365 * 86400  # a digest done is remembered this long (renewed by every ``begin_once`` that finds it)

Begun = Literal["go", "busy", "same"]


def _check(name: str) -> str:
    if not isinstance(name, str) or not name or set(name) & set("{} "):
        raise ValueError(f"a shared name must be a non-empty string without braces or spaces, not {name!r}")
    return name


class SharedLimits:
    """The shared windows and once-only work of one namespace, on the Redis client of a ``GameStore`` (a single
    server or a cluster)."""

    def __init__(self, redis: Any, *, namespace: str = DEFAULT_NAMESPACE) -> None:
        self.redis = redis
        self.namespace = namespace
        self._take = redis.register_script(TAKE)
        self._begin = redis.register_script(BEGIN_ONCE)
        self._finish = redis.register_script(FINISH_ONCE)
        self._abort = redis.register_script(ABORT_ONCE)
        self._agree = redis.register_script(AGREE)

    @classmethod
    def of(cls, store: Any) -> "SharedLimits":
        """The shared limits beside a ``GameStore`` (its client and namespace)."""
        return cls(store.redis, namespace=store.namespace)

    # -- keys ----------------------------------------------------------------------------------------------------
    def window_key(self, name: str) -> str:
        return f"{self.namespace}:rate:{_check(name)}"

    def once_keys(self, name: str) -> tuple[str, str]:
        tag = f"{self.namespace}:{{once:{_check(name)}}}"
        return f"{tag}:done", f"{tag}:pending"

    def agreed_key(self, name: str) -> str:
        return f"{self.namespace}:agreed:{_check(name)}"

    # -- a sliding window ----------------------------------------------------------------------------------------
    @_storage
    async def take(self, name: str, limit: int, period: float) -> float:
        """Count one event in the window ``name`` (at most ``limit`` per ``period`` seconds, across every process)
        and return 0.0; or, when the window is full, count nothing and return the seconds to wait before trying
        again."""
        if limit <= 0 or period <= 0:
            return 0.0
        wait_ms = await self._take(keys=[self.window_key(name)],
                                   args=[int(limit), max(1, round(period * 1000)), uuid.uuid4().hex])
        return int(wait_ms) / 1000.0

    # -- work done once per digest -------------------------------------------------------------------------------
    @_storage
    async def begin_once(self, name: str, digest: str, token: str, *, lease: float) -> Begun:
        """``go``: this caller (``token``) is to do the work of ``digest`` now, then ``finish_once`` (or
        ``abort_once``), within ``lease`` seconds; ``busy``: another caller is doing it; ``same``: it is done."""
        if not digest or " " in digest:
            raise ValueError(f"a digest must be a non-empty string without spaces, not {digest!r}")
        done, pending = self.once_keys(name)
        result = await self._begin(keys=[done, pending],
                                   args=[digest, token, max(1, round(lease * 1000)), DONE_TTL])
        return result  # type: ignore[no-any-return]

    @_storage
    async def finish_once(self, name: str, digest: str, token: str) -> None:
        """The work of ``digest`` is done: later ``begin_once`` calls for it say ``same``."""
        done, pending = self.once_keys(name)
        await self._finish(keys=[done, pending], args=[digest, token, DONE_TTL])

    @_storage
    async def abort_once(self, name: str, digest: str, token: str) -> None:
        """The work of ``digest`` was not done (it failed): the next ``begin_once`` for it says ``go``."""
        _done, pending = self.once_keys(name)
        await self._abort(keys=[pending], args=[digest, token])

    @_storage
    async def forget_once(self, name: str) -> None:
        """Forget what was done under ``name`` (the next ``begin_once`` says ``go``)."""
        done, pending = self.once_keys(name)
        async with self.redis.pipeline(transaction=True) as pipe:  # one hash tag: legal on a cluster
            pipe.delete(done)
            pipe.delete(pending)
            await pipe.execute()

    # -- a value agreed on ----------------------------------------------------------------------------------------
    @_storage
    async def agree(self, name: str, proposed: str) -> str:
        """The value under ``name``: the one a process proposed first (kept until deleted), else ``proposed``."""
        return await self._agree(keys=[self.agreed_key(name)], args=[proposed])  # type: ignore[no-any-return]
