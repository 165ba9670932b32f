#!/usr/bin/env node
'use strict';
// One MCP 2025-11-25 `tools/call add` POST in process, without sockets: Armature's
// `createHttpHandler(app, { stateless }).node` (the documented mount, default options) against
// the floor's node:http listener, fed the same bytes and headers through exchange-2026.js's
// stand-in request/response objects, 32 in flight, interleaved rounds. Stateless by default;
// `--tools N` serves the generated tool set N beside `add` (bench/.tmp, built by `npm run bench`).
// Usage: node bench/tools/exchange-2025.js [exchanges per round=50000] [rounds=5] [--tools 1000] [--stateful]
require('reflect-metadata');
const { EventEmitter } = require('node:events');
const { createHttpHandler } = require('@armature/http');
const { createArmatureApp } = require('../servers/armature-app');
const { createFloor } = require('../servers/floor/floor-handler');
const { createFloorListener } = require('../servers/floor/floor-http');
const { addRequest, isAddAnswer, HTTP_HEADERS, initializeRequest } = require('../lib/wire');
const { run, median } = require('./exchange-2026');

function standIn(body, headers) {
  const bytes = Buffer.from(body);
  const req = new EventEmitter();
  Object.assign(req, {
    method: 'POST',
    url: '/mcp',
    headers: { host: '127.0.0.1:3000', connection: 'keep-alive', 'content-length': String(bytes.length), ...headers },
    encoding: null,
    setEncoding(e) {
      this.encoding = e;
      return this;
    },
    resume() {
      return this;
    },
  });
  return { req, feed: () => (req.emit('data', req.encoding === null ? bytes : bytes.toString(req.encoding)), req.emit('end')) };
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name) => args.indexOf(name);
  const tools = flag('--tools') === -1 ? '0' : args[flag('--tools') + 1];
  const stateless = flag('--stateful') === -1;
  const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--tools');
  const [countArg = '50000', roundsArg = '5'] = positional;
  const handler = createHttpHandler(await createArmatureApp(tools), { stateless });
  let sessionHeaders = {};
  if (!stateless) {
    const { req, feed } = standIn(initializeRequest('init'), HTTP_HEADERS);
    const res = await new Promise((resolve) => {
      const r = new EventEmitter();
      let head;
      Object.assign(r, {
        headersSent: false,
        destroyed: false,
        writableFinished: false,
        writeHead(status, h) {
          head = h;
          return this;
        },
        end() {
          this.writableFinished = true;
          resolve(head);
        },
      });
      void handler.node(req, r);
      feed();
    });
    sessionHeaders = { 'mcp-session-id': res[res.indexOf('mcp-session-id') + 1] };
  }
  let id = 0;
  const headers = { ...HTTP_HEADERS, ...sessionHeaders };
  const floorListener = createFloorListener(createFloor(tools), { stateless: true });
  // A listener taking the stand-ins of exchange-2026.js, re-fed with 2025 bytes.
  const wrap = (listener) => (req, res) => {
    const mine = standIn(addRequest(++id), headers);
    listener(mine.req, res);
    req.feed = mine.feed;
  };
  const servers = [
    { name: `armature (${tools} tools)`, listener0: (req, res) => void handler.node(req, res) },
    { name: 'floor', listener0: floorListener },
  ];
  for (const s of servers) Object.assign(s, { listener: wrap(s.listener0), us: [] });
  for (const s of servers) {
    const answer = await new Promise((resolve) => {
      const { StandInResponse } = require('./exchange-2026');
      const res = new StandInResponse(resolve);
      const { req, feed } = standIn(addRequest('check'), headers);
      s.listener0(req, res);
      feed();
    });
    if (!isAddAnswer(JSON.parse(answer.body))) throw new Error(`${s.name} answered ${answer.statusCode}: ${answer.body}`);
    await run(s.listener, 20_000, 32);
  }
  const count = Number(countArg);
  for (let round = 0; round < Number(roundsArg); round++) {
    for (let k = 0; k < servers.length; k++) {
      const s = servers[(k + round) % servers.length];
      s.us.push(await run(s.listener, count, 32));
    }
  }
  for (const s of servers) process.stdout.write(`${s.name.padEnd(22)} ${median(s.us).toFixed(2)} µs CPU/exchange\n`);
  process.stdout.write(`ratio ${(median(servers[0].us) / median(servers[1].us)).toFixed(2)}×\n`);
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
