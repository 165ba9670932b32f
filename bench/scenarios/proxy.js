'use strict';
// A proxied `tools/call`: the same MCP 2026-07-28 stateless `tools/call add` load (the
// http-2026 scenario's request bytes and driver), sent to
//   upstream  the Armature server of the http-2026 scenario, directly;
//   floor-proxy  the hand-written proxy floor (servers/proxy-floor.js: node:http, JSON-RPC
//                parsed and forwarded over a keep-alive agent, no MCP library), in front of an
//                upstream child of its own;
//   proxy        an Armature app serving that server's tools through @armature/proxy
//                (servers/proxy-main.js, the SDK v2 client upstream, HTTP 2026-07-28 both
//                sides), in front of an upstream child of its own.
// CPU per request is each measured process's own (lib/probe.js): the proxy's row counts the
// proxy process only; its upstream's CPU over the same run is shown beside it
// (`upstreamCpuPerRequestUs`), so both halves of a proxied call are visible. Target: the proxy's
// CPU per call ≤ 1.5× the upstream's own (the `upstream` row); the floor proxy's row says how
// much of that any proxy pays (a second HTTP hop), and the report also gives proxy ÷ floor proxy.
const path = require('node:path');
const { startServer, cannon, warmup, checkAnswer } = require('./http');
const { WIRE_2026 } = require('./http-2026');
const { HTTP_MAIN } = require('../servers/registry');
const { spawnServer, readyLine } = require('../lib/child');
const { withCpu } = require('../lib/rounds');
const { runLoadScenario } = require('../lib/load-scenario');

/** The proxying child of each proxied row, started as `node <main> <upstream url>`. */
const PROXY_MAINS = {
  proxy: path.join(__dirname, '..', 'servers', 'proxy-main.js'),
  'floor-proxy': path.join(__dirname, '..', 'servers', 'proxy-floor.js'),
};

async function startProxied(budget, proxyMain) {
  const upstream = spawnServer(HTTP_MAIN, ['armature', '2026']);
  let proxy;
  try {
    const { url: upstreamUrl } = await readyLine(upstream);
    proxy = spawnServer(proxyMain, [upstreamUrl]);
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
  "`upstream`: the http-2026 scenario's Armature server, loaded directly. `proxy`: an Armature app serving that server's `add` through `@armature/proxy` (SDK v2 client, HTTP 2026-07-28 upstream; no prefix, so the request bytes are the same). `floor-proxy`: the hand-written floor (node:http server, JSON-RPC parsed, body forwarded over a keep-alive `http.Agent`, the upstream's answer parsed and returned; no MCP library). Each proxied row has its own upstream child; its CPU µs/req is the proxying process alone, while its upstream spent the `upstreamCpuPerRequestUs` shown in results.json.";

function runProxy({ budget, reps, log }) {
  return runLoadScenario({
    scenario: 'proxy',
    cpuScope: 'the measured process (the proxying process alone in the proxied rows)',
    setups: [
      {
        via: 'http-2026',
        levels: budget.httpConnections,
        servers: ['upstream', 'floor-proxy', 'proxy'],
        floor: 'floor-proxy',
        ratios: [
          { a: 'proxy', b: 'floor-proxy', label: "proxy CPU/request {r} the floor proxy's" },
          { a: 'floor-proxy', b: 'upstream', label: "floor proxy CPU/request {r} the upstream's alone" },
          { a: 'proxy', b: 'upstream', label: "proxy CPU/request {r} the upstream's alone" },
        ],
        title: (n) => `Proxied tools/call, MCP 2026-07-28 over Streamable HTTP, ${n} connection${n === 1 ? '' : 's'}`,
        note: NOTE,
        start: (server) =>
          server === 'upstream'
            ? startServer('armature', budget, true, { mode: '2026', wire: WIRE_2026 })
            : startProxied(budget, PROXY_MAINS[server]),
      },
    ],
    budget,
    reps,
    log,
  });
}

module.exports = { runProxy };
