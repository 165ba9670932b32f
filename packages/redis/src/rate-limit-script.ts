/**
 * The token bucket of `RedisRateLimitStore` as one Lua script (GCRA: the bucket is a single
 * key holding the theoretical arrival time of the next call, in milliseconds of Redis's own
 * clock, so instances with skewed clocks agree). A bucket that is full again has expired.
 *
 * KEYS[1]: the bucket. ARGV: interval (ms per call), tolerance (ms: (capacity - 1) × interval),
 * mode (`take` or `restore`). Returns 0 when the call may go, else the milliseconds to wait.
 */
export const TOKEN_BUCKET = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
if ARGV[3] == 'restore' then
  local back = tat - interval
  if back <= now then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], string.format('%.3f', back), 'PX', math.ceil(back - now)) end
  return 0
end
local allowAt = tat - tolerance
if now < allowAt then return math.max(1, math.ceil(allowAt - now)) end
local next = tat + interval
redis.call('SET', KEYS[1], string.format('%.3f', next), 'PX', math.max(1, math.ceil(next - now)))
return 0
`;
