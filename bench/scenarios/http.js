'use strict';
// Streamable HTTP with the server as a child process and keep-alive load from autocannon
// (in this process). Stateful: one session is opened first and every request carries its
// Mcp-Session-Id; stateless: no session. Request ids are unique.
// CPU per request is the server child's own CPU.
const autocannon = require('autocannon');
const { HTTP_MAIN, HTTP_SERVER_NAMES } = require('../servers/registry');
const { spawnServer, readyLine } = require('../lib/child');
const { postMessage } = require('../lib/http-post');
const { openSession } = require('../lib/http-session');
const { addRequest, isAddAnswer, HTTP_HEADERS } = require('../lib/wire');
const { withCpu } = require('../lib/rounds');
const { runLoadScenario } = require('../lib/load-scenario');
const { withTimeout } = require('../lib/bounded');

/** What the 2025-11-25 scenarios send and expect (scenarios/http-2026.js has its own). */
const WIRE_2025 = { request: addRequest, isAnswer: isAddAnswer, headers: HTTP_HEADERS };

/**
 * What autocannon sends. Stateful: a fresh body per request, since ids must not repeat within
 * a session (autocannon's `idReplacement` would keep the original Content-Length and break
 * the framing). Stateless: every POST is a session of its own, so one prebuilt request
 * serves, which keeps the load generator's own CPU (it shares the machine) low.
 */
function requestsFor(stateless, wire) {
  if (stateless) return { body: wire.request(1) };
  let nextId = 1;
  return { requests: [{ setupRequest: (req) => ({ ...req, body: wire.request(nextId++) }) }] };
}

/** One autocannon run; rejects when any request failed. */
async function cannon({ url, headers, connections, seconds, stateless, wire }) {
  const options = {
    url,
    method: 'POST',
    headers,
    ...requestsFor(stateless, wire),
    connections,
    duration: seconds,
    timeout: 10,
  };
  const result = await withTimeout(autocannon(options), seconds * 1000 + 30_000, 'autocannon run');
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 || result['2xx'] === 0) {
    throw new Error(
      `${failed} failed requests (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}) of ${result.requests.total}`,
    );
  }
  const requests = result['2xx'];
  return { requests, seconds: result.duration, rps: requests / result.duration, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

/** `maxRequests` posts from `connections` concurrent loops, stopping early after `maxMs`. */
async function warmup({ url, headers, connections, maxRequests, maxMs, wire }) {
  const deadline = Date.now() + maxMs;
  let sent = 0;
  const loop = async () => {
    while (sent < maxRequests && Date.now() < deadline) {
      const reply = await postMessage(url, wire.request(`warm-${sent++}`), headers);
      if (reply.status !== 200) throw new Error(`warm-up request answered ${reply.status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
}

/** Checks that the server answers `add` correctly before loading it. */
async function checkAnswer(url, headers, wire) {
  const reply = await postMessage(url, wire.request('check'), headers);
  if (reply.status !== 200 || !wire.isAnswer(reply.messages.find((m) => m.id === 'check'))) {
    throw new Error(`tools/call add answered ${reply.status}: ${JSON.stringify(reply.messages).slice(0, 300)}`);
  }
}

/**
 * Starts `server` in a child (`http-main.js <server> <mode>`, mode defaulting to stateful or
 * stateless) and returns the scenario handle: warm-up, one measured autocannon run with the
 * child's CPU, close. `wire` says what to send and what a correct answer is.
 */
async function startServer(server, budget, stateless, { mode = stateless ? 'stateless' : 'stateful', wire = WIRE_2025 } = {}) {
  const child = spawnServer(HTTP_MAIN, [server, mode]);
  try {
    const { url } = await readyLine(child);
    const headers = { ...wire.headers };
    if (!stateless) headers['mcp-session-id'] = await openSession(url);
    await checkAnswer(url, headers, wire);
    const load = (connections, seconds) => cannon({ url, headers, connections, seconds, stateless, wire });
    return {
      // Warm-up with the small client: an autocannon run lasts at least a second whatever its bounds.
      warmup: (connections) => warmup({ url, headers, connections, ...budget.warmup, wire }),
      measure: async (connections) => {
        const before = await child.probe.read();
        const run = await load(connections, budget.httpSeconds);
        const after = await child.probe.read();
        return withCpu(run, after.cpuUs - before.cpuUs);
      },
      close: child.stop,
    };
  } catch (error) {
    await child.stop();
    throw new Error(`${error.message}\n${child.probe.stderrTail()}`);
  }
}

const connectionsTitle = (mode) => (n) => `Streamable HTTP ${mode}, ${n} connection${n === 1 ? '' : 's'}`;

const setups = (levels) => [
  {
    via: 'stateful',
    levels,
    servers: HTTP_SERVER_NAMES,
    title: connectionsTitle('stateful'),
    start: (server, budget) => startServer(server, budget, false),
  },
  {
    via: 'stateless',
    levels,
    servers: HTTP_SERVER_NAMES,
    title: connectionsTitle('stateless'),
    start: (server, budget) => startServer(server, budget, true),
  },
];

function runHttp({ budget, reps, log }) {
  return runLoadScenario({ scenario: 'http', cpuScope: 'server process', setups: setups(budget.httpConnections), budget, reps, log });
}

module.exports = { runHttp, startServer, connectionsTitle, cannon, warmup, checkAnswer };
