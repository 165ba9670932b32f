#!/usr/bin/env node
'use strict';
// The server side of the pipelined stdio scenario without the pipes or the client: chunks of
// `perChunk` `tools/call add` lines (Buffers, as stdin delivers them) are pushed into each
// server's own stdio handling, the answers go to a Writable that counts lines and drops the
// bytes, and the server's CPU per request is reported. Rounds alternate between the servers
// in one process, so a change of machine load lands on all of them; a guide for finding the
// per-request work on the stdio path, not a result (the scenario itself is scenarios/stdio.js).
// Usage: node bench/tools/stdio-server-cpu.js [rounds=5] [perChunk=64] [requests per round=400000] [servers=armature,floor]
const { PassThrough, Writable } = require('node:stream');
const { serveStreams } = require('../servers/registry');
const { initializeRequest, INITIALIZED_NOTIFICATION, addRequest } = require('../lib/wire');

function countingSink() {
  const sink = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) sink.lines++;
      sink.last = text;
      callback();
    },
  });
  sink.lines = 0;
  sink.last = '';
  return sink;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

async function start(name) {
  const input = new PassThrough();
  const output = countingSink();
  const close = await serveStreams(name, input, output);
  input.write(`${initializeRequest(0)}\n`);
  await turn();
  input.write(`${INITIALIZED_NOTIFICATION}\n`);
  await turn();
  if (output.lines !== 1) throw new Error(`${name}: no initialize answer`);
  return { name, input, output, close, nextId: 1 };
}

/** Pushes `total` requests in chunks of `perChunk`; resolves the server's CPU µs per request. */
async function round(server, perChunk, total) {
  const chunks = [];
  let id = server.nextId;
  for (let sent = 0; sent < total; sent += perChunk) {
    let text = '';
    for (let i = 0; i < perChunk; i++) text += `${addRequest(id++)}\n`;
    chunks.push(Buffer.from(text));
  }
  server.nextId = id;
  const linesBefore = server.output.lines;
  await turn();
  const before = process.cpuUsage();
  for (const chunk of chunks) {
    server.input.write(chunk);
    await turn();
  }
  const cpu = process.cpuUsage(before);
  const answered = server.output.lines - linesBefore;
  if (answered !== chunks.length * perChunk) throw new Error(`${server.name}: ${answered} answers to ${chunks.length * perChunk}`);
  if (!server.output.last.includes('"text":"3"')) throw new Error(`${server.name}: wrong answer ${server.output.last.slice(-200)}`);
  return (cpu.user + cpu.system) / answered;
}

async function main() {
  const [roundsArg = '5', perChunkArg = '64', totalArg = '400000', namesArg = 'armature,floor'] = process.argv.slice(2);
  const names = namesArg.split(',');
  const perChunk = Number(perChunkArg);
  const total = Number(totalArg);
  const servers = [];
  for (const name of names) servers.push(await start(name));
  const warmup = Number(process.env.WARMUP ?? 100_000);
  for (const server of servers) await round(server, perChunk, Math.min(total, warmup)); // warm-up
  const results = new Map(names.map((n) => [n, []]));
  for (let r = 0; r < Number(roundsArg); r++) {
    const order = servers.map((_, i) => servers[(i + r) % servers.length]);
    for (const server of order) results.get(server.name).push(await round(server, perChunk, total));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(results.get(names[names.length - 1]));
  const min = (xs) => Math.min(...xs);
  const baseMin = min(results.get(names[names.length - 1]));
  for (const [name, xs] of results) {
    const m = median(xs);
    process.stdout.write(`${name.padEnd(10)} min ${min(xs).toFixed(3)} µs/request, ${(min(xs) / baseMin).toFixed(3)}× by minimum\n`);
    process.stdout.write(
      `${name.padEnd(10)} ${m.toFixed(3)} µs/request (${xs.map((x) => x.toFixed(2)).join(' ')})  ${(m / base).toFixed(3)}× ${names[names.length - 1]}\n`,
    );
  }
  for (const server of servers) {
    await server.close();
    server.input.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
