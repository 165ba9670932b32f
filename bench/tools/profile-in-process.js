#!/usr/bin/env node
'use strict';
// Profiles the in-process raw-bytes scenario for one server. Run it under --cpu-prof:
//   node --cpu-prof --cpu-prof-dir=bench/.tmp/prof bench/tools/profile-in-process.js armature 64 5
// then summarize with bench/tools/cpu-profile-summary.js or profile-by-package.js.
const { PassThrough } = require('node:stream');
const { serveStreams } = require('../servers/registry');
const { StreamSession } = require('../lib/stream-session');

async function main() {
  const [server, inFlightArg = '64', secondsArg = '5'] = process.argv.slice(2);
  const input = new PassThrough();
  const output = new PassThrough();
  const close = await serveStreams(server, input, output);
  const session = new StreamSession((text) => input.write(text), output);
  await session.handshake();
  const before = process.cpuUsage();
  const run = await session.run({ inFlight: Number(inFlightArg), maxRequests: 10_000_000, maxMs: Number(secondsArg) * 1000 });
  const cpu = process.cpuUsage(before);
  process.stderr.write(
    `${Math.round(run.requests / run.seconds)} req/s, ${((cpu.user + cpu.system) / run.requests).toFixed(2)} µs CPU/request\n`,
  );
  await close();
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
