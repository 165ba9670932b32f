'use strict';
// Heap per idle Streamable HTTP session: a stateful server with 21 tools (add + 20) in a
// child started with --expose-gc; open `budget.sessions` sessions (initialize +
// notifications/initialized each) and leave them idle; heap after full GC, before and
// after, divided by the number of sessions. A few sessions are opened first and not
// counted, so one-time costs (lazy compilation, caches) stay out of the figure.
const { SERVER_NAMES, HTTP_MAIN } = require('../servers/registry');
const { spawnServer, readyLine } = require('../lib/child');
const { openSession } = require('../lib/http-session');
const { runRounds } = require('../lib/rounds');

const EXTRA_TOOLS = 20;
const UNCOUNTED_SESSIONS = 20;
const CONCURRENCY = 8;

async function openSessions(url, count, maxMs) {
  const deadline = Date.now() + maxMs;
  let opened = 0;
  const loop = async () => {
    while (opened < count) {
      if (Date.now() > deadline) throw new Error(`opened only ${opened} of ${count} sessions in ${maxMs} ms`);
      opened++;
      await openSession(url);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  return opened;
}

async function measureOnce(server, sessions) {
  const child = spawnServer(HTTP_MAIN, [server, 'stateful', String(EXTRA_TOOLS)], { execArgv: ['--expose-gc'] });
  try {
    const { url } = await readyLine(child);
    await openSessions(url, UNCOUNTED_SESSIONS, 30_000);
    const before = await child.probe.read(30_000);
    const opened = await openSessions(url, sessions, 120_000);
    const after = await child.probe.read(30_000);
    return {
      sessions: opened,
      bytesPerSession: (after.heapUsed - before.heapUsed) / opened,
      rssBytesPerSession: (after.rss - before.rss) / opened,
      heapUsedMb: after.heapUsed / 2 ** 20,
    };
  } catch (error) {
    throw new Error(`${error.message}\n${child.probe.stderrTail()}`);
  } finally {
    await child.stop();
  }
}

async function runSessionHeap({ budget, reps, log }) {
  const id = 'session-heap/21-tools';
  log(`  ${id}`);
  const contestants = SERVER_NAMES.map((server) => ({
    server,
    warmup: async () => undefined,
    measure: () => measureOnce(server, budget.sessions),
  }));
  const results = await runRounds(contestants, Math.min(reps, 3));
  return [{ id, kind: 'memory', title: `heap per idle Streamable HTTP session (${budget.sessions} sessions, 21 tools)`, results }];
}

module.exports = { runSessionHeap, EXTRA_TOOLS };
