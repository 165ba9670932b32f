#!/usr/bin/env node
'use strict';
// Profiles one server under load with `node --cpu-prof`, for finding what stands between
// Armature and a target. The server runs in a child process started with --cpu-prof; its
// profile is written when it exits, then summarized (see cpu-profile-summary.js).
// Usage: node bench/tools/profile-load.js <armature|sdk|floor> <stdio|stateful|stateless|2026> [seconds=5] [inFlight/connections]
//   stdio: raw pipelined writer (default 256 in flight); stateful/stateless/2026: autocannon (default 32 connections);
//   2026: stateless MCP 2026-07-28 tools/call (sdk = the SDK v2), as scenarios/http-2026.js sends it.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const autocannon = require('autocannon');
const { spawnServer, readyLine } = require('../lib/child');
const { StreamSession } = require('../lib/stream-session');
const { openSession } = require('../lib/http-session');
const { STDIO_MAIN, HTTP_MAIN } = require('../servers/registry');
const { addRequest, HTTP_HEADERS, addRequest2026, HTTP_HEADERS_2026 } = require('../lib/wire');

async function main() {
  const [server, mode, secondsArg = '5', levelArg] = process.argv.slice(2);
  const seconds = Number(secondsArg);
  const dir = fs.mkdtempSync(path.join(__dirname, '..', '.tmp', `prof-${server}-${mode}-`));
  const execArgv = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  if (mode === 'stdio') {
    const child = spawnServer(STDIO_MAIN, [server], { execArgv });
    const session = new StreamSession((text) => child.child.stdin.write(text), child.child.stdout);
    await session.handshake();
    const run = await session.run({ inFlight: Number(levelArg ?? 256), maxRequests: 5_000_000, maxMs: seconds * 1000 });
    process.stderr.write(`${Math.round(run.requests / run.seconds)} req/s\n`);
    await child.stop();
  } else {
    const child = spawnServer(HTTP_MAIN, [server, mode], { execArgv });
    const { url } = await readyLine(child);
    const headers = mode === '2026' ? { ...HTTP_HEADERS_2026 } : { ...HTTP_HEADERS };
    if (mode === 'stateful') headers['mcp-session-id'] = await openSession(url);
    let id = 1;
    // As in scenarios/http.js: unique ids within a session; one prebuilt request when stateless.
    const body =
      mode === '2026'
        ? { body: addRequest2026(1) }
        : mode === 'stateless'
          ? { body: addRequest(1) }
          : { requests: [{ setupRequest: (req) => ({ ...req, body: addRequest(id++) }) }] };
    const result = await autocannon({ url, method: 'POST', headers, connections: Number(levelArg ?? 32), duration: seconds, ...body });
    process.stderr.write(`${Math.round(result['2xx'] / result.duration)} req/s, non-2xx ${result.non2xx}\n`);
    child.child.kill('SIGTERM');
    await child.stop();
  }
  const profile = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!profile) throw new Error(`no profile written in ${dir}`);
  const file = path.join(dir, profile);
  process.stdout.write(`${file}\n`);
  process.stdout.write(execFileSync(process.execPath, [path.join(__dirname, 'cpu-profile-summary.js'), file, '30'], { encoding: 'utf8' }));
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
