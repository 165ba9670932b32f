'use strict';
// A proxied `tools/call`: the same MCP 2026-07-28 stateless `tools/call add` load (the
// http-2026 scenario's request bytes and driver), sent to
//   upstream  the Armature server of the http-2026 scenario, directly;
//   proxy     an Armature app serving that server's tools through @armature/proxy
//             (servers/proxy-main.js, the SDK v2 client upstream, HTTP 2026-07-28 both sides),
//             in front of an upstream child of its own.
// CPU per request is each measured process's own (lib/probe.js): the proxy's row counts the
// proxy process only; its upstream's CPU over the same run is shown beside it
// (`upstreamCpuPerRequestUs`), so both halves of a proxied call are visible. Target: the proxy's
// CPU per call ≤ 1.5× the upstream's own (the `upstream` row).
const path = require('node:path');
const { startServer, cannon, warmup, checkAnswer } = require('./http');
const { WIRE_2026 } = require('./http-2026');
const { HTTP_MAIN } = require('../servers/registry');
const { spawnServer, readyLine } = require('../lib/child');
const { withCpu } = require('../lib/rounds');
const { runLoadScenario } = require('../lib/load-scenario');

const PROXY_MAIN = path.join(__dirname, '..', 'servers', 'proxy-main.js');

async function startProxied(budget) {
  const upstream = spawnServer(HTTP_MAIN, ['armature', '2026']);
  let proxy;
  try {
    const { url: upstreamUrl } = await readyLine(upstream);
    proxy = spawnServer(PROXY_MAIN, [upstreamUrl]);
    const { url } = await readyLine(proxy);
    const headers = { ...WIRE_2026.headers };
    await checkAnswer(url, headers, WIRE_2026);
    return {
      warmup: (connections) => warmup({ url, headers, connections, ...budget.warmup, wire: WIRE_2026 }),
      measure: async (connections) => {
        const [before, upBefore] = await Promise.all([proxy.probe.read(), upstream.probe.read()]);
        const run = await cannon({ url, headers, connections, seconds: budget.httpSeconds, stateless: true, wire: WIRE_2026 });
        const [after, upAfter] = await Promise.all([proxy.probe.read(), upstream.probe.read()]);
        return { ...withCpu(run, after.cpuUs - before.cpuUs), upstreamCpuPerRequestUs: (upAfter.cpuUs - upBefore.cpuUs) / run.requests };
      },
      close: async () => {
        await proxy.stop();
        await upstream.stop();
      },
    };
  } catch (error) {
    await proxy?.stop();
    await upstream.stop();
    throw new Error(`${error.message}\n${proxy ? proxy.probe.stderrTail() : upstream.probe.stderrTail()}`);
  }
}

const NOTE =
  "`upstream`: the http-2026 scenario's Armature server, loaded directly. `proxy`: an Armature app serving that server's `add` through `@armature/proxy` (SDK v2 client, HTTP 2026-07-28 upstream; no prefix, so the request bytes are the same); its CPU µs/req is the proxy process alone, while its own upstream child spent the `upstreamCpuPerRequestUs` shown in results.json.";

function runProxy({ budget, reps, log }) {
  return runLoadScenario({
    scenario: 'proxy',
    cpuScope: 'the measured process (the proxy alone in the proxy row)',
    setups: [
      {
        via: 'http-2026',
        levels: budget.httpConnections,
        servers: ['upstream', 'proxy'],
        title: (n) => `Proxied tools/call, MCP 2026-07-28 over Streamable HTTP, ${n} connection${n === 1 ? '' : 's'}`,
        note: NOTE,
        start: (server) =>
          server === 'proxy' ? startProxied(budget) : startServer('armature', budget, true, { mode: '2026', wire: WIRE_2026 }),
      },
    ],
    budget,
    reps,
    log,
  });
}

module.exports = { runProxy };
