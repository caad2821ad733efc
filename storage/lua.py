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

-- Once the log holds more than twice `keep` entries, fold the moves among all but the newest `keep` into one entry at
-- their front, written compactly: its field 'words' lists each distinct notation once, a line each, and its field
-- 'runs' has a line per run of moves, "<seat> <codes>[ @<version>][ <by>]": one seat's moves in a row, of consecutive
-- versions and the same by. <codes> gives each move's notation by its number in 'words' (from 1), one code a move, in
-- base 32 (see `code`); the version, of the run's first move, is written only when it is not the one after the move
-- before's. An earlier folded entry keeps its words and lines, and the new moves follow them, in its last run when they
-- continue it (its 'v' is the version of its last move); one folded before runs existed (a field 'moves' with a line a
-- move, "<seat> <n>[ @<version>][ <by>]", <n> in decimal) is rewritten as runs. The other entries (the lobby's changes)
-- stay as they were, before it, and the newest entries stay as they are, with their ids, so that an undo can still
-- delete one. The folded entry takes the id of the last move it holds. A move is folded when its entry holds a seat, a
-- move and maybe a by, words without spaces (a by not starting with '@'), and nothing else; any other entry stays.
-- `keep` '' folds nothing.
local function foldable(f, size)
  if not (f['seat'] and f['move']) or size ~= (f['by'] and 8 or 6) then return false end
  for _, value in ipairs({f['seat'], f['move'], f['by'] or 'by'}) do
    if value == '' or string.find(value, '%s') then return false end
  end
  return not (f['by'] and string.sub(f['by'], 1, 1) == '@')
end

-- The code of word number n (from 1): n - 1 in base 32, its last digit from FINAL, the digits before it (a base-26
-- number) from LEAD, so that codes need no separator: 1 -> '0', 32 -> 'v', 33 -> 'B0', 833 -> 'BA0'.
local FINAL = '0123456789abcdefghijklmnopqrstuv'
local LEAD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
local function code(n)
  n = n - 1
  local last = n % 32
  local text = string.sub(FINAL, last + 1, last + 1)
  n = (n - last) / 32
  while n > 0 do
    local digit = n % 26
    text = string.sub(LEAD, digit + 1, digit + 1) .. text
    n = (n - digit) / 26
  end
  return text
end

local function is_folded(f)
  return f['runs'] or f['moves']
end

local function pack_log(key, keep)
  if keep == '' then return end
  keep = tonumber(keep)
  if redis.call('XLEN', key) <= 2 * keep then return end
  local entries = redis.call('XRANGE', key, '-', '+')
  local function fields(i)
    local f, raw = {}, entries[i][2]
    for j = 1, #raw, 2 do f[raw[j]] = raw[j + 1] end
    return f, #raw
  end
  local function kind(i)  -- 'folded', 'move' (one that can be folded) or nil
    local f, size = fields(i)
    if is_folded(f) then return 'folded', f end
    if foldable(f, size) then return 'move', f end
    return nil, f
  end
  local cut = #entries - keep
  while cut > 0 and not kind(cut) do cut = cut - 1 end
  if cut == 0 then return end
  local words, numbers, lines, others, fresh, previous = {}, {}, {}, {}, 0, nil
  local run = nil  -- the run being written: {seat, by, codes, head (' @<version>' or '')}
  local function close()
    if run then
      local by = run.by ~= '' and ' ' .. run.by or ''
      lines[#lines + 1] = run.seat .. ' ' .. table.concat(run.codes) .. run.head .. by
      run = nil
    end
  end
  local function fold(version, seat, move, by)
    local n = numbers[move]
    if not n then
      words[#words + 1] = move
      n = #words
      numbers[move] = n
    end
    by = by or ''
    local follows = previous ~= nil and version == previous + 1
    if run and follows and run.seat == seat and run.by == by then
      run.codes[#run.codes + 1] = code(n)
    else
      close()
      run = {seat = seat, by = by, codes = {code(n)}, head = follows and '' or ' @' .. version}
    end
    previous = version
  end
  for i = 1, cut do
    local what, f = kind(i)
    if f['op'] == 'undo' then return end  -- a log from before an undo deleted its move's entry: left as it is
    if what == 'folded' then
      for word in string.gmatch(f['words'], '[^\\n]+') do
        words[#words + 1] = word
        numbers[word] = #words
      end
      if f['runs'] then  -- its lines stay as they are; the new moves follow, continuing its last run if they can
        local before, last = string.match(f['runs'], '^(.*)\\n([^\\n]*)$')
        if before then lines[#lines + 1] = before else last = f['runs'] end
        local seat, codes, rest = string.match(last, '^(%S+) (%S+)(.*)$')
        run = {seat = seat, by = '', codes = {codes}, head = ''}
        for token in string.gmatch(rest, '%S+') do
          if string.sub(token, 1, 1) == '@' then run.head = ' ' .. token else run.by = token end
        end
        previous = tonumber(f['v'])
      else  -- folded a line a move: rewritten as runs
        for line in string.gmatch(f['moves'], '[^\\n]+') do
          local seat, n, rest = string.match(line, '^(%S+) (%d+)(.*)$')
          local version, by = (previous or 0) + 1, nil
          for token in string.gmatch(rest, '%S+') do
            if string.sub(token, 1, 1) == '@' then version = tonumber(string.sub(token, 2)) else by = token end
          end
          fold(version, seat, words[tonumber(n)], by)
        end
      end
    elseif what == 'move' then
      fold(tonumber(f['v']), f['seat'], f['move'], f['by'])
      fresh = fresh + 1
    else
      others[#others + 1] = i
    end
  end
  close()
  if fresh == 0 then return end
  redis.call('DEL', key)
  for _, i in ipairs(others) do
    redis.call('XADD', key, entries[i][1], unpack(entries[i][2]))
  end
  redis.call('XADD', key, entries[cut][1], 'v', previous, 'words', table.concat(words, '\\n'),
    'runs', table.concat(lines, '\\n'))
  for i = cut + 1, #entries do
    redis.call('XADD', key, entries[i][1], unpack(entries[i][2]))
  end
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
-- KEYS[1] game hash, KEYS[2] log stream, KEYS[3] outbox hash
-- ARGV[1] expected version, ARGV[2] doc, ARGV[3] status, ARGV[4] deadline ('' = none),
-- ARGV[5] ttl (s), ARGV[6] log maxlen ('' = untrimmed), ARGV[7] commit id, ARGV[8] id of a log entry to delete
-- ('' = none: an undo deletes the entry of the move it takes back), ARGV[9] what the change must tell (JSON, kept
-- in the outbox KEYS[3] under the new version until delivered; '' = nothing), ARGV[10] how many of the newest log
-- entries are kept unpacked ('' = no packing: see pack_log), ARGV[11..] the log entry (field/value pairs; none:
-- nothing is appended)
-- Returns {1, new version}; {0, current version} when stale; {0} when there is no game. A commit whose id is the
-- last one applied (a client's retry after a lost reply) returns {1, its version} and changes nothing.
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then
  return {0}
end
cur = tonumber(cur)
if cur ~= tonumber(ARGV[1]) then
  if cur == tonumber(ARGV[1]) + 1 and redis.call('HGET', KEYS[1], 'cid') == ARGV[7] then
    return {1, cur}
  end
  return {0, cur}
end
local nv = cur + 1
redis.call('HSET', KEYS[1], 'v', nv, 'doc', ARGV[2], 'status', ARGV[3], 'deadline', ARGV[4], 'updated', now_ms(),
  'cid', ARGV[7])
if ARGV[8] ~= '' then
  redis.call('XDEL', KEYS[2], ARGV[8])
end
if ARGV[9] ~= '' then
  redis.call('HSET', KEYS[3], nv, ARGV[9])
  redis.call('EXPIRE', KEYS[3], ARGV[5])
end
if #ARGV >= 11 then
  append_log(KEYS[2], ARGV[6], nv, 11)
  pack_log(KEYS[2], ARGV[10])
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return {1, nv}
"""
)

DELETE = """
-- Delete a game and its log, optionally only at an expected version (its outbox, if any, stays to be delivered).
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

ARCHIVE = """
-- Put a finished game aside (its hash and log under the names of its id, with what is left of their retention), so
-- that a new game can start in its channel; only at an expected version.
-- KEYS[1] game hash, KEYS[2] log stream, KEYS[3] past game hash, KEYS[4] past log, KEYS[5] past index
-- ARGV[1] expected version, ARGV[2] game id, ARGV[3] now (s), ARGV[4] longest retention (s)
-- Returns {1} when put aside; {0} when there was no game; {-1, current version} when stale.
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then return {0} end
if tonumber(cur) ~= tonumber(ARGV[1]) then return {-1, tonumber(cur)} end
redis.call('RENAME', KEYS[1], KEYS[3])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('RENAME', KEYS[2], KEYS[4]) end
redis.call('ZADD', KEYS[5], ARGV[3], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[4]))
redis.call('EXPIRE', KEYS[5], ARGV[4])
return {1}
"""

GET_PREFS = """
-- A preference hash, its retention renewed: preferences are forgotten a while after their last use.
-- KEYS[1] preference hash; ARGV[1] retention (s)
local values = redis.call('HGETALL', KEYS[1])
if #values > 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
end
return values
"""

CLAIM_DUE = """
-- Claim the members of one index (a timer or outbox index, or one bucket of it) whose score is due and that start
-- with a prefix: read them and remove them, or with a lease move their score to the end of the lease, in one step,
-- so that concurrent callers get disjoint sets (and a leaseholder that dies before it has handled one leaves it to
-- be claimed again when the lease ends).
-- KEYS[1] index zset; ARGV[1] now, ARGV[2] limit, ARGV[3] prefix ('' = any), ARGV[4] end of the lease ('' = none:
-- the claimed members are removed)
-- Returns the claimed members and their scores before the claim, flat (member, score, ...), earliest first.
local prefix, limit, lease = ARGV[3], tonumber(ARGV[2]), ARGV[4]
local due
if prefix == '' then
  due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, limit)
else
  due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES')
end
local claimed, members = {}, {}
for i = 1, #due, 2 do
  if #members >= limit then break end
  local member = due[i]
  if prefix == '' or string.sub(member, 1, #prefix) == prefix then
    members[#members + 1] = member
    claimed[#claimed + 1] = member
    claimed[#claimed + 1] = due[i + 1]
    if lease ~= '' then
      redis.call('ZADD', KEYS[1], 'XX', lease, member)
    end
  end
end
if lease == '' then
  for i = 1, #members, 100 do
    redis.call('ZREM', KEYS[1], unpack(members, i, math.min(i + 99, #members)))
  end
end
return claimed
"""
