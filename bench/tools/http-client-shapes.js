'use strict';
// Server CPU per 2025 `tools/call` over Streamable HTTP for several client shapes, to find what
// a harness other than autocannon sees: keep-alive or a connection per request, one body or a
// fresh id per request, an Origin header, no MCP-Protocol-Version. Servers: Armature on
// `listenHttp`, Armature mounted on plain node:http (servers/armature-mounted.js), the floor.
// Interleaved rounds; prints the median CPU µs per request and the ratio to the floor.
//
//   node bench/tools/http-client-shapes.js [stateless|stateful] [connections] [requests] [rounds] [shape indexes, e.g. 0,2] [tool set, e.g. 1000]
const http = require('node:http');
const { HTTP_MAIN } = require('../servers/registry');
const { spawnServer, readyLine } = require('../lib/child');
const { openSession } = require('../lib/http-session');
const { addRequest, HTTP_HEADERS } = require('../lib/wire');

const [mode = 'stateless', connArg = '32', countArg = '4000', roundArg = '5', onlyShapes, toolSet = '0'] = process.argv.slice(2);
const connections = Number(connArg);
const count = Number(countArg);
const rounds = Number(roundArg);
// BENCH_SHAPES_SERVERS=armature-mounted:20,armature-mounted:1000,floor compares other lists (server[:tool set]); the last is the reference.
const SERVERS = (process.env.BENCH_SHAPES_SERVERS ?? 'armature,armature-mounted,floor').split(',');

const SHAPES = {
  'keep-alive, one body': { keepAlive: true, freshIds: false, headers: {} },
  'keep-alive, fresh ids': { keepAlive: true, freshIds: true, headers: {} },
  'connection per request': { keepAlive: false, freshIds: true, headers: {} },
  'keep-alive, Origin header': { keepAlive: true, freshIds: true, headers: { origin: 'http://localhost:5173' } },
  'keep-alive, no version header': { keepAlive: true, freshIds: true, headers: {}, dropVersion: true },
  'keep-alive, chunked body': { keepAlive: true, freshIds: true, headers: {}, chunked: true },
  'fetch (undici), keep-alive': { fetch: true, freshIds: true, headers: {} },
  // A pause after each answer, as a slower client leaves the server idle between requests.
  'keep-alive, 1 ms pause between requests': { keepAlive: true, freshIds: true, headers: {}, pauseMs: 1 },
  // The headers Node's fetch adds to the bench's three, sent by http.request instead.
  'keep-alive, fetch header set': {
    keepAlive: true,
    freshIds: true,
    headers: { 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' },
  },
};

function post(agent, url, body, headers, chunked) {
  return new Promise((resolve, reject) => {
    const sized = chunked ? headers : { ...headers, 'content-length': Buffer.byteLength(body) };
    const req = http.request(url, { method: 'POST', agent, headers: sized }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (chunked) {
      req.write(body.slice(0, 20));
      req.end(body.slice(20));
    } else req.end(body);
  });
}

async function postFetch(url, body, headers) {
  const res = await fetch(url, { method: 'POST', headers, body });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
}

async function load(target, shape, n) {
  const agent = new http.Agent({ keepAlive: shape.keepAlive, maxSockets: connections });
  const headers = { ...HTTP_HEADERS, ...shape.headers, ...target.extraHeaders };
  if (shape.dropVersion) delete headers['mcp-protocol-version'];
  let next = 0;
  const oneBody = addRequest(1);
  const loop = async () => {
    while (next < n) {
      const id = next++;
      const body = shape.freshIds ? addRequest(id + 2) : oneBody;
      await (shape.fetch ? postFetch(target.url, body, headers) : post(agent, target.url, body, headers, shape.chunked));
      if (shape.pauseMs !== undefined) await new Promise((resolve) => setTimeout(resolve, shape.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
}

async function main() {
  const targets = [];
  try {
    for (const entry of SERVERS) {
      const [server, set = toolSet] = entry.split(':');
      const child = spawnServer(HTTP_MAIN, [server, mode, set]);
      const { url } = await readyLine(child);
      const extraHeaders = mode === 'stateful' ? { 'mcp-session-id': await openSession(url) } : {};
      targets.push({ server: entry, child, url, extraHeaders });
    }
    const shapes = onlyShapes ? onlyShapes.split(',').map((i) => Object.keys(SHAPES)[Number(i)]) : Object.keys(SHAPES);
    for (const name of shapes) {
      const shape = SHAPES[name];
      if (mode === 'stateful' && !shape.freshIds) continue; // ids may not repeat within a session
      const per = Object.fromEntries(SERVERS.map((s) => [s, []]));
      for (const t of targets) await load(t, shape, Math.min(1000, count));
      for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < targets.length; k++) {
          const t = targets[(k + round) % targets.length];
          const before = await t.child.probe.read();
          await load(t, shape, count);
          const after = await t.child.probe.read();
          per[t.server].push((after.cpuUs - before.cpuUs) / count);
        }
      }
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const floor = median(per[SERVERS[SERVERS.length - 1]]);
      const row = SERVERS.map((s) => `${s} ${median(per[s]).toFixed(1)} µs (${(median(per[s]) / floor).toFixed(2)}×)`).join(' | ');
      console.log(`${mode}, ${connections} conn, ${name}: ${row}`);
    }
  } finally {
    for (const t of targets) await t.child.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
