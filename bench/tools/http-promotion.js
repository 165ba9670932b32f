#!/usr/bin/env node
'use strict';
// Bytes promoted to V8's old space per 2025 `tools/call` over real sockets: the server (Armature's
// `createHttpHandler` mounted on node:http, or the floor) and a keep-alive client (one
// connection) in this process, run under --trace-gc-nvp, whose scavenge lines are summed over
// the measured requests (after a warm-up). Objects a request leaves alive across two scavenges
// are promoted, and the old space they fill is what the major GCs then mark and sweep.
// Usage: node bench/tools/http-promotion.js [armature|armature-stateful|floor] [requests=4000]
//   (it re-runs itself with --trace-gc-nvp)
require('reflect-metadata');
const http = require('node:http');
const { execFileSync } = require('node:child_process');
const { addRequest, initializeRequest, INITIALIZED_NOTIFICATION, HTTP_HEADERS } = require('../lib/wire');

async function serve(variant) {
  const server = http.createServer();
  if (variant === 'floor') {
    const { createFloorListener } = require('../servers/floor/floor-http');
    server.on('request', createFloorListener(require('../servers/floor/floor-handler').createFloor(0), { stateless: true }));
  } else {
    const { createHttpHandler } = require('@armature/http');
    const app = await require('../servers/armature-app').createArmatureApp('0');
    const mcp = createHttpHandler(app, { stateless: variant !== 'armature-stateful' });
    server.on('request', (req, res) => void mcp.node(req, res));
  }
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}/mcp`;
}

async function child(variant, count) {
  const url = await serve(variant);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { ...HTTP_HEADERS };
  const post = (body) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          if (res.headers['mcp-session-id'] !== undefined) headers['mcp-session-id'] = res.headers['mcp-session-id'];
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  if (variant === 'armature-stateful') {
    await post(initializeRequest('init'));
    await post(INITIALIZED_NOTIFICATION);
  }
  for (let i = 0; i < 3000; i++) await post(addRequest(i + 1)); // past the young generation's growth and tier-up
  process.stdout.write('MEASURE\n');
  for (let i = 0; i < count; i++) await post(addRequest(i + 3001));
  process.stdout.write('DONE\n');
  process.exit(0);
}

function main() {
  const [variant = 'armature', countArg = '4000'] = process.argv.slice(2);
  const count = Number(countArg);
  const out = execFileSync(process.execPath, ['--trace-gc-nvp', __filename, '--child', variant, countArg], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout: 120_000,
  });
  let measuring = false;
  let promoted = 0;
  let scavenges = 0;
  let marks = 0;
  for (const line of out.split('\n')) {
    if (line.startsWith('MEASURE')) measuring = true;
    else if (line.startsWith('DONE')) break;
    else if (measuring && line.includes('gc=s ')) {
      scavenges++;
      promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    } else if (measuring && /gc=m[cs] /.test(line)) marks++;
  }
  process.stdout.write(
    `${variant}: ${(promoted / count).toFixed(0)} B promoted per request; ${scavenges} scavenges, ${marks} mark-compacts over ${count} requests\n`,
  );
}

if (process.argv[2] === '--child') void child(process.argv[3], Number(process.argv[4]));
else main();
