'use strict';
// MCP 2025-11-25 stateful tools/call at 32 connections, one session (opened first), a unique id
// per request, against each topology: autocannon in this process, keep-alive.
const autocannon = require('autocannon');
const { postMessage } = require('../lib/http-post');
const { openSession } = require('../lib/http-session');
const { HTTP_HEADERS } = require('../lib/wire');
const { withTimeout } = require('../lib/bounded');
const { cpuMs } = require('./process-cpu');

/** `tools/call served_by` (a synchronous tool that returns the instance's name). */
function servedByRequest(id) {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"served_by","arguments":{}}}`;
}

/** Checks the session answers a call before the load starts (a 404 here means sessions are not shared). */
async function checkCall(url, headers) {
  for (let i = 0; i < 6; i++) {
    const reply = await postMessage(url, servedByRequest(`check-${i}`), headers);
    const result = reply.messages[0] && reply.messages[0].result;
    if (reply.status !== 200 || !result || result.isError)
      throw new Error(`tools/call served_by answered ${reply.status}: ${JSON.stringify(reply.messages).slice(0, 300)}`);
  }
}

/**
 * One measured run: `{ rps, p50Ms, p99Ms, requests, cpuUsPerRequest }` (CPU: the instance
 * processes `pids`, user + system, over the measured window); rejects when any request failed.
 */
async function statefulRun(url, { connections, seconds, warmupSeconds, pids = [] }) {
  const sessionId = await openSession(url);
  const headers = { ...HTTP_HEADERS, 'mcp-session-id': sessionId };
  await checkCall(url, headers);
  let nextId = 1;
  const options = (duration) => ({
    url,
    method: 'POST',
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, body: servedByRequest(nextId++) }) }],
    connections,
    duration,
    timeout: 10,
  });
  await withTimeout(autocannon(options(warmupSeconds)), warmupSeconds * 1000 + 30_000, 'warm-up');
  const cpuBefore = cpuMs(pids);
  const result = await withTimeout(autocannon(options(seconds)), seconds * 1000 + 30_000, 'autocannon run');
  const cpuSpent = cpuMs(pids) - cpuBefore;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 || result['2xx'] === 0) {
    throw new Error(
      `${failed} failed requests (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}) of ${result.requests.total}`,
    );
  }
  return {
    requests: result['2xx'],
    rps: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuUsPerRequest: (cpuSpent * 1000) / result['2xx'],
  };
}

module.exports = { statefulRun, servedByRequest };
