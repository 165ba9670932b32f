/**
 * Lua scripts of `RedisTaskStore`, each one atomic on the server. A record is a hash of JSON
 * strings (one field per member), so no script decodes a result or an error: only `status`,
 * `owner`, `sessionId`, `createdAt` and `ttlMs` are read, as JSON text.
 *
 * Index sorted sets (all under the key prefix, one hash-tag slot):
 * - `tasks:all` — every record by expiry time (global cap, sweep);
 * - `tasks:terminal` — finished records by expiry time (the first evicted when full);
 * - `tasks:active:<requestor>` — unfinished records of one requestor by expiry time (per-owner cap);
 * - `tasks:list:<requestor>` — the requestor's records by creation time (`tasks/list` order);
 * - `tasks:leases` — unfinished records with a lease by the time it ends (lapse checks).
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
-- A record that just became terminal leaves the active and lease indexes and joins the terminal one.
local function finished(p, key, id)
  local expiresAt = tonumber(redis.call('HGET', key, 'createdAt')) + tonumber(redis.call('HGET', key, 'ttlMs'))
  local who = requestor(redis.call('HGET', key, 'owner'), redis.call('HGET', key, 'sessionId'))
  redis.call('ZREM', p .. 'tasks:active:' .. who, id)
  redis.call('ZREM', p .. 'tasks:leases', id)
  redis.call('ZADD', p .. 'tasks:terminal', expiresAt, id)
end
-- Sets field/value pairs from ARGV[first] on ('' deletes the field) and moves lastUpdatedAt forward to now.
local function patch(key, first, now)
  for i = first, #ARGV, 2 do
    if ARGV[i + 1] == '' then redis.call('HDEL', key, ARGV[i]) else redis.call('HSET', key, ARGV[i], ARGV[i + 1]) end
  end
  local last = tonumber(redis.call('HGET', key, 'lastUpdatedAt'))
  if tonumber(now) > last then redis.call('HSET', key, 'lastUpdatedAt', now) end
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
local lease = redis.call('HGET', key, 'leaseExpiresAt')
if lease then redis.call('ZADD', p .. 'tasks:leases', lease, id) end
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
patch(key, 4, ARGV[3])
if terminal(redis.call('HGET', key, 'status')) then finished(p, key, id) end
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

/**
 * ARGV: prefix, runner (JSON), leaseExpiresAt, then task ids. Extends the lease of each task
 * that is unfinished and still the runner's; returns the ids it did not extend.
 */
export const RENEW = `${REQUESTOR}
local p = ARGV[1]
local lost = {}
for i = 4, #ARGV do
  local id = ARGV[i]
  local key = p .. 'task:' .. id
  local fields = redis.call('HMGET', key, 'status', 'runner')
  if not fields[1] or terminal(fields[1]) or fields[2] ~= ARGV[2] then
    lost[#lost + 1] = id
  else
    redis.call('HSET', key, 'leaseExpiresAt', ARGV[3])
    redis.call('ZADD', p .. 'tasks:leases', ARGV[3], id)
  end
end
return lost
`;

/**
 * ARGV: prefix, now, runner (JSON; its own tasks are left alone), how many lapsed leases to
 * look at, then the field/value pairs of the failure. Each unfinished record whose lease ended
 * by now gets the failure and leaves the active index, in this one script: instances racing to
 * fail the same task change it once, and a task that finished first keeps its outcome.
 * Returns the changed records (HGETALL each).
 */
export const FAIL_LAPSED = `${REQUESTOR}
local p = ARGV[1]
local leases = p .. 'tasks:leases'
local ids = redis.call('ZRANGEBYSCORE', leases, '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[4]))
local failed = {}
for _, id in ipairs(ids) do
  local key = p .. 'task:' .. id
  local fields = redis.call('HMGET', key, 'status', 'runner', 'leaseExpiresAt')
  if not fields[1] or terminal(fields[1]) then
    redis.call('ZREM', leases, id)
  elseif fields[2] ~= ARGV[3] and fields[3] and tonumber(fields[3]) <= tonumber(ARGV[2]) then
    patch(key, 5, ARGV[2])
    finished(p, key, id)
    failed[#failed + 1] = redis.call('HGETALL', key)
  end
end
return failed
`;
