/**
 * Lua scripts of `RedisTaskStore`, each one atomic on the server. A record is a hash of JSON
 * strings (one field per member), so no script decodes a result or an error: only `status`,
 * `owner`, `sessionId`, `createdAt` and `ttlMs` are read, as JSON text.
 *
 * Index sorted sets (all under the key prefix, one hash-tag slot):
 * - `tasks:all` — every record by expiry time (global cap, sweep);
 * - `tasks:terminal` — finished records by expiry time (the first evicted when full);
 * - `tasks:active:<requestor>` — unfinished records of one requestor by expiry time (per-owner cap);
 * - `tasks:list:<requestor>` — the requestor's records by creation time (`tasks/list` order).
 */

/** The requestor key of a record: its owner, or for an anonymous record its session. */
const REQUESTOR = `
local function requestor(owner, sessionId)
  if owner == '""' then return owner .. '\\0' .. (sessionId or '') end
  return owner
end
local function terminal(status)
  return status == '"completed"' or status == '"failed"' or status == '"cancelled"'
end
`;

/**
 * KEYS: none (built from the prefix, ARGV[1]). ARGV: prefix, taskId, now, ttlMs, expiresAt,
 * createdAt, maxTasks, maxActive, owner (JSON), sessionId (JSON or ''), then field/value pairs.
 * Returns 'ok', 'owner' (the requestor's active cap holds) or 'full' (the global cap holds and nothing finished can go).
 */
export const CREATE = `${REQUESTOR}
local p = ARGV[1]
local id = ARGV[2]
local now = tonumber(ARGV[3])
local all = p .. 'tasks:all'
local done = p .. 'tasks:terminal'
local who = requestor(ARGV[9], ARGV[10] ~= '' and ARGV[10] or nil)
local active = p .. 'tasks:active:' .. who
redis.call('ZREMRANGEBYSCORE', all, '-inf', now)
redis.call('ZREMRANGEBYSCORE', done, '-inf', now)
redis.call('ZREMRANGEBYSCORE', active, '-inf', now)
if redis.call('ZCARD', active) >= tonumber(ARGV[8]) then return 'owner' end
while redis.call('ZCARD', all) >= tonumber(ARGV[7]) do
  local oldest = redis.call('ZPOPMIN', done)
  if #oldest == 0 then return 'full' end
  redis.call('DEL', p .. 'task:' .. oldest[1])
  redis.call('ZREM', all, oldest[1])
end
local key = p .. 'task:' .. id
local fields = {}
for i = 11, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', key, unpack(fields))
redis.call('PEXPIRE', key, ARGV[4])
redis.call('ZADD', all, ARGV[5], id)
redis.call('ZADD', active, ARGV[5], id)
local list = p .. 'tasks:list:' .. who
redis.call('ZADD', list, ARGV[6], id)
redis.call('PEXPIRE', list, ARGV[4])
return 'ok'
`;

/**
 * ARGV: prefix, taskId, now, then field/value pairs to set (value '' deletes the field).
 * Returns the record's fields (HGETALL) after the change, unchanged when it was terminal, or
 * an empty list when unknown.
 */
export const UPDATE = `${REQUESTOR}
local p = ARGV[1]
local id = ARGV[2]
local key = p .. 'task:' .. id
local status = redis.call('HGET', key, 'status')
if not status then return {} end
if terminal(status) then return redis.call('HGETALL', key) end
for i = 4, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', key, ARGV[i]) else redis.call('HSET', key, ARGV[i], ARGV[i + 1]) end
end
local last = tonumber(redis.call('HGET', key, 'lastUpdatedAt'))
if tonumber(ARGV[3]) > last then redis.call('HSET', key, 'lastUpdatedAt', ARGV[3]) end
local now = redis.call('HGET', key, 'status')
if terminal(now) then
  local expiresAt = tonumber(redis.call('HGET', key, 'createdAt')) + tonumber(redis.call('HGET', key, 'ttlMs'))
  local who = requestor(redis.call('HGET', key, 'owner'), redis.call('HGET', key, 'sessionId'))
  redis.call('ZREM', p .. 'tasks:active:' .. who, id)
  redis.call('ZADD', p .. 'tasks:terminal', expiresAt, id)
end
return redis.call('HGETALL', key)
`;

/** ARGV: prefix, now. Drops the index entries of expired records (their hashes expire by TTL); returns their ids. */
export const SWEEP = `
local all = ARGV[1] .. 'tasks:all'
local ids = redis.call('ZRANGEBYSCORE', all, '-inf', ARGV[2])
if #ids > 0 then redis.call('ZREMRANGEBYSCORE', all, '-inf', ARGV[2]) end
redis.call('ZREMRANGEBYSCORE', ARGV[1] .. 'tasks:terminal', '-inf', ARGV[2])
return ids
`;
