#!/usr/bin/env node
'use strict';
// One MCP 2026-07-28 `tools/call add` exchange in process, without sockets: Armature's
// `createHttpHandler(app).node` (default options, the handler `listenHttp` mounts) against the
// floor's node:http listener, both fed the same bytes and headers through the same stand-in
// request/response objects, 32 exchanges in flight, interleaved rounds. What remains is the
// servers' own work (body read, decode, checks, call, encode, writeHead/end bookkeeping), not
// the kernel's socket writes, which dominate wall-clock profiles under load.
// Usage: node bench/tools/exchange-2026.js [exchanges per round=100000] [rounds=7] [armature|floor|both]
//   node --cpu-prof --cpu-prof-dir=bench/.tmp/prof bench/tools/exchange-2026.js 200000 3 armature
require('reflect-metadata');
const { EventEmitter } = require('node:events');
const { createHttpHandler } = require('@armature/http');
const { createArmatureApp } = require('../servers/armature-app');
const { createFloor } = require('../servers/floor/floor-handler');
const { createFloorListener } = require('../servers/floor/floor-http');
const { addRequest2026, isAdd2026Answer, HTTP_HEADERS_2026 } = require('../lib/wire');

const BODY = Buffer.from(addRequest2026(1));
// What node:http hands a listener: lower-case names, plus the ones every client sends.
const HEADERS = Object.freeze({
  host: '127.0.0.1:3000',
  connection: 'keep-alive',
  'content-length': String(BODY.length),
  ...HTTP_HEADERS_2026,
});

/** A stand-in `IncomingMessage`: headers, then the body in one chunk and 'end'. */
class StandInRequest extends EventEmitter {
  constructor() {
    super();
    this.method = 'POST';
    this.url = '/mcp';
    this.headers = HEADERS;
    this.encoding = null;
  }

  setEncoding(encoding) {
    this.encoding = encoding;
    return this;
  }

  resume() {
    return this;
  }

  feed() {
    this.emit('data', this.encoding === null ? BODY : BODY.toString(this.encoding));
    this.emit('end');
  }
}

/** A stand-in `ServerResponse`: records status and body, calls `done` on `end`. */
class StandInResponse extends EventEmitter {
  constructor(done) {
    super();
    this.done = done;
    this.headersSent = false;
    this.destroyed = false;
    this.writableFinished = false;
    this.statusCode = 0;
    this.body = undefined;
  }

  writeHead(status) {
    this.statusCode = status;
    this.headersSent = true;
    return this;
  }

  end(body) {
    this.body = body;
    this.writableFinished = true;
    this.done(this);
  }
}

/** `count` exchanges, `inFlight` at a time; resolves CPU µs per exchange. */
function run(listener, count, inFlight) {
  return new Promise((resolve, reject) => {
    let started = 0;
    let finished = 0;
    const before = process.cpuUsage();
    const next = () => {
      if (started >= count) return;
      started++;
      const req = new StandInRequest();
      const res = new StandInResponse(onDone);
      listener(req, res);
      req.feed();
    };
    function onDone(res) {
      if (res.statusCode !== 200) return reject(new Error(`answered ${res.statusCode}: ${res.body}`));
      if (++finished === count) {
        const cpu = process.cpuUsage(before);
        resolve((cpu.user + cpu.system) / count);
        return;
      }
      // Next exchange on a later tick, as a new request would arrive on a socket.
      setImmediate(next);
    }
    for (let i = 0; i < inFlight; i++) next();
  });
}

async function check(name, listener) {
  const res = await new Promise((resolve) => {
    const req = new StandInRequest();
    listener(req, new StandInResponse(resolve));
    req.feed();
  });
  if (!isAdd2026Answer(JSON.parse(res.body))) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
}

async function main() {
  const [countArg = '100000', roundsArg = '7', which = 'both'] = process.argv.slice(2);
  const count = Number(countArg);
  const rounds = Number(roundsArg);
  const servers = [];
  if (which !== 'floor') {
    const handler = createHttpHandler(await createArmatureApp(0));
    servers.push({ name: 'armature', listener: (req, res) => void handler.node(req, res), us: [] });
  }
  if (which !== 'armature')
    servers.push({ name: 'floor', listener: createFloorListener(createFloor(0), { stateless: true, revision2026: true }), us: [] });
  await measureRounds(servers, count, rounds);
  for (const s of servers)
    process.stdout.write(
      `${s.name.padEnd(9)} ${median(s.us).toFixed(2)} µs CPU/exchange (runs ${s.us.map((u) => u.toFixed(2)).join(', ')})\n`,
    );
  if (servers.length === 2) process.stdout.write(`armature/floor ${(median(servers[0].us) / median(servers[1].us)).toFixed(2)}×\n`);
  process.exit(0);
}

/**
 * Checks each server once, warms it up, then measures `rounds` rounds of `count` exchanges in a
 * rotating order (so no server always runs first); each server's `us` gets one µs figure per round.
 */
async function measureRounds(servers, count, rounds) {
  for (const s of servers) {
    await check(s.name, s.listener);
    await run(s.listener, Math.min(count, 20_000), 32); // warm-up
  }
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < servers.length; k++) {
      const s = servers[(k + round) % servers.length];
      s.us.push(await run(s.listener, count, 32));
    }
  }
}

/** The median of a list of numbers. */
function median(xs) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

module.exports = { run, check, measureRounds, median, StandInResponse };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
}
