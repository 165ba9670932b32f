// The Lua scripts of `RedisSessionStore` (redis-session-store.ts describes the keys they keep).
// Each runs atomically in Redis, so a change never brings back a deleted session.

/**
 * Lua shared by the scripts below: the session's index member (`<key> <streamPrefix>`, from its
 * stored facts) and the index key of a subscription field (`<prefix>subs:<sha1 of the uri>`).
 */
const INDEX_HELPERS = `
local function member(session)
  local state = redis.call('HGET', session, 'state')
  if not state then return nil end
  local facts = cjson.decode(state)
  local key = facts.key
  if type(key) ~= 'string' then key = '' end
  return key .. ' ' .. facts.streamPrefix
end
local function listsOf(session)
  local state = redis.call('HGET', session, 'state')
  if not state then return {} end
  local lists = cjson.decode(state).lists
  if type(lists) ~= 'table' then return {} end
  return lists
end
local function indexOf(prefix, field)
  return prefix .. 'subs:' .. redis.sha1hex(string.sub(field, 5))
end
local function index(prefix, field, who, ttl, now)
  local at = indexOf(prefix, field)
  if ttl > 0 then
    redis.call('ZADD', at, now + ttl, who)
    redis.call('PEXPIRE', at, ttl, 'GT')
    if redis.call('PTTL', at) < 0 then redis.call('PEXPIRE', at, ttl) end
  else
    redis.call('ZADD', at, 'inf', who)
  end
end`;

/**
 * Sets the fields of a change on a session that still exists, keeps the subscription index in
 * step, and slides the TTL. KEYS[1] session; ARGV ttl, now, index prefix, then field/value ('' value: delete).
 */
export const CHANGE = `${INDEX_HELPERS}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local ttl = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local who = member(KEYS[1])
redis.call('HSET', KEYS[1], 'seen', ARGV[2])
for i = 4, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[i]) else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
  if who and string.sub(ARGV[i], 1, 4) == 'sub:' then
    if ARGV[i + 1] == '' then redis.call('ZREM', indexOf(ARGV[3], ARGV[i]), who) else index(ARGV[3], ARGV[i], who, ttl, now) end
  end
end
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  if who then
    for _, list in ipairs(listsOf(KEYS[1])) do redis.call('ZADD', ARGV[3] .. 'sessions:' .. list, 'XX', now + ttl, who) end
  end
end
return 1`;

/** Slides the TTL (the session's and its index entries') and notes when it was last served; 1 when it exists. KEYS[1]; ARGV ttl, now, index prefix. */
export const TOUCH = `${INDEX_HELPERS}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local ttl = tonumber(ARGV[1])
redis.call('HSET', KEYS[1], 'seen', ARGV[2])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  local who = member(KEYS[1])
  if who then
    for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
      if string.sub(field, 1, 4) == 'sub:' then index(ARGV[3], field, who, ttl, tonumber(ARGV[2])) end
    end
    for _, list in ipairs(listsOf(KEYS[1])) do
      redis.call('ZADD', ARGV[3] .. 'sessions:' .. list, 'XX', tonumber(ARGV[2]) + ttl, who)
    end
  end
end
return 1`;

/** Deletes the session and its index entries. KEYS[1]; ARGV index prefix. */
export const DELETE = `${INDEX_HELPERS}
local who = member(KEYS[1])
if who then
  for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
    if string.sub(field, 1, 4) == 'sub:' then redis.call('ZREM', indexOf(ARGV[1], field), who) end
  end
  for _, list in ipairs(listsOf(KEYS[1])) do redis.call('ZREM', ARGV[1] .. 'sessions:' .. list, who) end
end
return redis.call('DEL', KEYS[1])`;

/**
 * Gives a session stored without `lists` its lists and adds it to the index of all sessions, if
 * its state is still the one read (compare and set: never overwrites a concurrent change). Scored
 * by the session's own remaining TTL. KEYS[1] session; ARGV state read, new state, now, index prefix, lists….
 */
export const INDEX_LISTS = `${INDEX_HELPERS}
if redis.call('HGET', KEYS[1], 'state') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'state', ARGV[2])
local who = member(KEYS[1])
local left = redis.call('PTTL', KEYS[1])
local score = 'inf'
if left > 0 then score = tonumber(ARGV[3]) + left end
for i = 5, #ARGV do
  local at = ARGV[4] .. 'sessions:' .. ARGV[i]
  redis.call('ZREMRANGEBYSCORE', at, '-inf', '(' .. ARGV[3])
  redis.call('ZADD', at, score, who)
end
return 1`;

/** The index's live members (expired ones dropped first), at most ARGV[2]. KEYS[1] index; ARGV now, limit. */
export const SUBSCRIBERS = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
return redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf', 'LIMIT', 0, tonumber(ARGV[2]))`;
