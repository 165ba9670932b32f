#!/usr/bin/env node
'use strict';
// Server CPU per `tools/call add` over real sockets for two or more trees (checkouts whose
// packages/*/dist and node_modules are built), each tree's Armature HTTP child started once and
// the floor beside them, measured in interleaved rounds (order reversed every other round) in
// one run: so "a change did not make the HTTP path slower" is a per-round ratio taken under the
// same machine conditions, not two bench runs minutes apart (on this 2-core machine those drifted
// by 10-40 % between runs of one tree). Same driver, request bytes and warm-up as the http and
// http-2026 scenarios (autocannon in this process, the child's own CPU through the probe).
// Usage: node bench/tools/http-tree-ab.js --tree DIR [--tree DIR] [--mode 2026|stateless|stateful] [--server armature|armature-mounted]
//   [--rounds 8] [--connections 32] [--seconds 3]   (one tree: that build against the floor alone)
const path = require('node:path');
const { spawnServer, readyLine } = require('../lib/child');
const { cannon, warmup, checkAnswer } = require('../scenarios/http');
const { WIRE_2026 } = require('../scenarios/http-2026');
const { openSession } = require('../lib/http-session');
const { addRequest, isAddAnswer, HTTP_HEADERS } = require('../lib/wire');
const { median } = require('../lib/stats');

const WIRE_2025 = { request: addRequest, isAnswer: isAddAnswer, headers: HTTP_HEADERS };
const WARMUP = { maxRequests: 20_000, maxMs: 3_000 };

function option(args, name, fallback) {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
}

function trees(args) {
  const found = [];
  for (let i = 0; i < args.length; i++) if (args[i] === '--tree') found.push(path.resolve(args[i + 1]));
  return found.length > 0 ? found : [path.resolve(__dirname, '..', '..')];
}

async function start(label, tree, server, mode, connections) {
  const child = spawnServer(path.join(tree, 'bench', 'servers', 'http-main.js'), [server, mode]);
  try {
    const { url } = await readyLine(child);
    const wire = mode === '2026' ? WIRE_2026 : WIRE_2025;
    const headers = { ...wire.headers };
    if (mode === 'stateful') headers['mcp-session-id'] = await openSession(url);
    await checkAnswer(url, headers, wire);
    await warmup({ url, headers, connections, ...WARMUP, wire });
    return { label, child, url, headers, wire, cpuPerRequestUs: [] };
  } catch (error) {
    await child.stop();
    throw new Error(`${label}: ${error.message}\n${child.probe.stderrTail()}`);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const mode = option(args, '--mode', '2026');
  const rounds = Number(option(args, '--rounds', '8'));
  const connections = Number(option(args, '--connections', '32'));
  const seconds = Number(option(args, '--seconds', '3'));
  const server = option(args, '--server', 'armature');
  const roots = trees(args);
  const targets = [];
  try {
    for (const [i, tree] of roots.entries()) targets.push(await start(`tree ${i + 1}`, tree, server, mode, connections));
    targets.push(await start('floor', roots[0], 'floor', mode, connections));
    for (let round = 0; round < rounds; round++) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const before = await target.child.probe.read();
        const run = await cannon({ ...target, connections, seconds, stateless: mode !== 'stateful' });
        const after = await target.child.probe.read();
        target.cpuPerRequestUs.push((after.cpuUs - before.cpuUs) / run.requests);
      }
    }
  } finally {
    await Promise.all(targets.map((target) => target.child.stop()));
  }
  const floor = targets[targets.length - 1];
  console.log(`${server}, mode ${mode}, ${connections} connections, ${rounds} rounds of ${seconds} s`);
  for (const [i, target] of targets.entries()) {
    const runs = target.cpuPerRequestUs.map((us) => us.toFixed(1)).join(' / ');
    const tree = i < roots.length ? ` ${roots[i]}` : '';
    console.log(
      `${target.label}${tree}: median ${median(target.cpuPerRequestUs).toFixed(1)} µs CPU/request (${runs}); ×floor ${(median(target.cpuPerRequestUs) / median(floor.cpuPerRequestUs)).toFixed(2)}`,
    );
  }
  for (let i = 1; i < roots.length; i++) {
    const ratios = targets[i].cpuPerRequestUs.map((us, round) => us / targets[0].cpuPerRequestUs[round]);
    const sorted = [...ratios].sort((a, b) => a - b);
    console.log(
      `tree ${i + 1} ÷ tree 1 per round: median ${median(ratios).toFixed(3)} (${sorted[0].toFixed(2)}–${sorted[sorted.length - 1].toFixed(2)})`,
    );
  }
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
