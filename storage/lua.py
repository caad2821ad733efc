"""The Lua scripts of ``GameStore``.

Each script runs atomically on the server. Every key a script touches is passed in ``KEYS`` (Redis Cluster needs
that), and the keys of one call share one hash tag, hence one slot. Scripts read the server clock (``TIME``) for the
``created``/``updated`` stamps, so every bot process stamps with the same clock.

Log entries are passed as a flat list of field/value pairs after the fixed arguments.
"""

from __future__ import annotations

# Shared helpers, prepended to the scripts that need them.
_HELPERS = """
-- unix milliseconds of the server clock, as an exact decimal string
local function now_ms()
  local t = redis.call('TIME')
  return t[1] .. string.format('%03d', math.floor(tonumber(t[2]) / 1000))
end

-- XADD <key> [MAXLEN ~ <maxlen>] * v <version> ARGV[first] ARGV[first+1] ...
local function append_log(key, maxlen, version, first)
  local args = {}
  if maxlen ~= '' then
    args = {'MAXLEN', '~', maxlen}
  end
  args[#args + 1] = '*'
  args[#args + 1] = 'v'
  args[#args + 1] = tostring(version)
  for i = first, #ARGV do
    args[#args + 1] = ARGV[i]
  end
  return redis.call('XADD', key, unpack(args))
end
"""

CREATE = (
    _HELPERS
    + """
-- Create a game at version 1 unless one exists.
-- KEYS[1] game hash, KEYS[2] log stream
-- ARGV[1] doc, ARGV[2] status, ARGV[3] deadline ('' = none), ARGV[4] ttl (s), ARGV[5] log maxlen ('' = untrimmed),
-- ARGV[6] '1' to append a log entry made of ARGV[7..] (field/value pairs), '0' for none
-- Returns 1, or 0 when a game exists.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
local now = now_ms()
redis.call('DEL', KEYS[2])  -- a log outliving an earlier game of this channel must not continue into this one
redis.call('HSET', KEYS[1], 'v', 1, 'doc', ARGV[1], 'status', ARGV[2], 'deadline', ARGV[3],
  'created', now, 'updated', now)
redis.call('EXPIRE', KEYS[1], ARGV[4])
if ARGV[6] == '1' then
  append_log(KEYS[2], ARGV[5], 1, 7)
  redis.call('EXPIRE', KEYS[2], ARGV[4])
end
return 1
"""
)

COMMIT = (
    _HELPERS
    + """
-- Compare-and-set on the version: write the new document and append one log entry, atomically.
-- KEYS[1] game hash, KEYS[2] log stream
-- ARGV[1] expected version, ARGV[2] doc, ARGV[3] status, ARGV[4] deadline ('' = none),
-- ARGV[5] ttl (s), ARGV[6] log maxlen ('' = untrimmed), ARGV[7..] the log entry (field/value pairs)
-- Returns {1, new version}; {0, current version} when stale; {0} when there is no game.
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then
  return {0}
end
cur = tonumber(cur)
if cur ~= tonumber(ARGV[1]) then
  return {0, cur}
end
local nv = cur + 1
redis.call('HSET', KEYS[1], 'v', nv, 'doc', ARGV[2], 'status', ARGV[3], 'deadline', ARGV[4], 'updated', now_ms())
append_log(KEYS[2], ARGV[6], nv, 7)
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return {1, nv}
"""
)

DELETE = """
-- Delete a game and its log, optionally only at an expected version.
-- KEYS[1] game hash, KEYS[2] log stream; ARGV[1] expected version ('' = any)
-- Returns {1, deleted version}; {0} when there was no game; {-1, current version} when stale.
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then
  redis.call('DEL', KEYS[2])
  return {0}
end
cur = tonumber(cur)
if ARGV[1] ~= '' and cur ~= tonumber(ARGV[1]) then
  return {-1, cur}
end
redis.call('DEL', KEYS[1], KEYS[2])
return {1, cur}
"""

CLAIM_TIMERS = """
-- Claim the members of the timer index whose score is due: read and remove them in one step, so that concurrent
-- callers get disjoint sets.
-- KEYS[1] timer zset; ARGV[1] now, ARGV[2] limit
-- Returns the claimed members, earliest first.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for i = 1, #due, 100 do
  redis.call('ZREM', KEYS[1], unpack(due, i, math.min(i + 99, #due)))
end
return due
"""
