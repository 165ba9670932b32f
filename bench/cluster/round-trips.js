'use strict';
// Redis commands per request kind, counted by Redis itself (INFO commandstats before and after
// a batch of requests through the balancer, once Redis is quiet).
const { redisCommandCounts, commandsBetween } = require('../../examples/cluster/dist/src/redis-command-stats');
const { postMessage } = require('../lib/http-post');
const { openSession } = require('../lib/http-session');
const { HTTP_HEADERS } = require('../lib/wire');
const { servedByRequest } = require('./throughput');
const { sleep } = require('../lib/bounded');

const ENVELOPE_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'armature-bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const HEADERS_2026 = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'served_by',
};

function servedBy2026(id) {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'served_by', arguments: {}, _meta: ENVELOPE_2026 } });
}

/** Counts once two readings 200 ms apart agree (bounded). */
async function quiet(redisUrl) {
  let last = await redisCommandCounts(redisUrl);
  for (let i = 0; i < 50; i++) {
    await sleep(200);
    const next = await redisCommandCounts(redisUrl);
    if (commandsBetween(last, next).size === 0) return next;
    last = next;
  }
  throw new Error('Redis never went quiet');
}

/** Runs `send(i)` `count` times and returns Redis commands per request, by command. */
async function perRequest(redisUrl, count, send) {
  const before = await quiet(redisUrl);
  for (let i = 0; i < count; i++) {
    const reply = await send(i);
    if (reply.status !== 200 && reply.status !== 202)
      throw new Error(`request ${i} answered ${reply.status}: ${JSON.stringify(reply.messages).slice(0, 200)}`);
  }
  const delta = commandsBetween(before, await redisCommandCounts(redisUrl));
  const per = {};
  let total = 0;
  for (const [name, calls] of delta) {
    per[name] = calls / count;
    total += calls;
  }
  return { requests: count, commandsPerRequest: total / count, byCommand: per };
}

/** The request kinds measured against a running topology at `url` on `redisUrl`. */
async function roundTrips(url, redisUrl, { count, stateful }) {
  const rows = {};
  rows['2026 stateless tools/call'] = await perRequest(redisUrl, count, (i) => postMessage(url, servedBy2026(`s-${i}`), HEADERS_2026));
  if (stateful) {
    rows['2025 initialize + initialized'] = await perRequest(redisUrl, Math.min(count, 50), async () => {
      await openSession(url);
      return { status: 200, messages: [] };
    });
    const sessionId = await openSession(url);
    rows['2025 stateful tools/call'] = await perRequest(redisUrl, count, (i) =>
      postMessage(url, servedByRequest(`c-${i}`), { ...HTTP_HEADERS, 'mcp-session-id': sessionId }),
    );
  }
  return rows;
}

module.exports = { roundTrips };
