#!/usr/bin/env node
'use strict';
// Serverless cold start of two framework builds side by side, for a before/after of a start-up
// change: fresh processes, alternating between the trees, each timing its phases (wall and
// CPU since its own start: CPU moves less than wall on a shared machine) up to the first MCP
// 2026-07-28 `tools/call` answered over a real socket by `createHttpHandler` mounted on
// node:http. Prints medians per tree and the load average.
//
// A tree is a folder holding `node_modules/@armature/{di,core,http}` (package.json + dist),
// `node_modules/reflect-metadata`, `ajv` and `ajv-formats` (with ajv's own dependencies; links are
// fine: core reads their versions when it loads an app's precompiled validators) and
// `apps/<tool set>/dist` (a built bench
// project, e.g. a copy of bench/.tmp/armature-tools-1000/dist), so the app resolves the
// framework from its own tree. Make one per build (copies of packages/*/dist before and after).
//
//   node bench/tools/cold-ab.js <treeA> <treeB> [tool set=20] [runs per tree=9]   (ARMATURE_CODE_CACHE applies)
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

function child(tree, toolSet) {
  const { performance } = require('node:perf_hooks');
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const marks = [['node boot', performance.now(), cpu()]];
  const mark = (name) => marks.push([name, performance.now(), cpu()]);
  const from = (id) => require(require.resolve(id, { paths: [tree] }));
  from('reflect-metadata');
  from('@armature/di');
  from('@armature/core');
  const { createHttpHandler } = from('@armature/http');
  mark('framework');
  const { createBenchApp } = require(path.join(tree, 'apps', toolSet, 'dist', 'src', 'bench.app.js'));
  mark('app modules');
  const http = require('node:http');
  (async () => {
    const app = await createBenchApp();
    mark('Armature.create');
    const mcp = createHttpHandler(app, { stateless: true });
    const server = http.createServer((req, res) => void mcp.node(req, res));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    mark('listening');
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'add',
        arguments: { a: 1, b: 2 },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'cold-ab', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    const answer = await new Promise((resolve, reject) => {
      const req = http.request(
        `http://127.0.0.1:${server.address().port}/mcp`,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'add',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    mark('first tools/call');
    if (answer.status !== 200 || !answer.text.includes('"text":"3"')) throw new Error(`unexpected answer ${answer.status} ${answer.text}`);
    process.stdout.write(`${JSON.stringify(marks)}\n`);
    await mcp.close(100);
    server.close();
    await app.close();
  })().catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
}

function main() {
  const [treeA, treeB, toolSet = '20', runsArg = '9'] = process.argv.slice(2);
  if (!treeA || !treeB) throw new Error('usage: cold-ab.js <treeA> <treeB> [tool set] [runs]');
  const trees = [path.resolve(treeA), path.resolve(treeB)];
  const run = (tree) => {
    const out = execFileSync(process.execPath, [__filename, '--child', tree, toolSet], { encoding: 'utf8', timeout: 60_000 });
    return JSON.parse(out.trim().split('\n').pop());
  };
  for (const tree of trees) run(tree); // untimed: the file cache, and each tree's code cache
  const load = [os.loadavg()[0]];
  const runs = trees.map(() => []);
  for (let i = 0; i < Number(runsArg); i++) for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) runs[k].push(run(trees[k]));
  load.push(os.loadavg()[0]);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const names = runs[0][0].map(([name]) => name);
  console.log(`tool set ${toolSet}, ${runsArg} processes per tree, alternating; load average ${load.map((l) => l.toFixed(1)).join(' → ')}`);
  console.log(`${'phase (ms, median)'.padEnd(20)} ${trees.map((t) => `${path.basename(t)} wall / cpu`.padStart(24)).join(' ')}`);
  names.forEach((name, i) => {
    const cells = runs.map((rs) => {
      const wall = median(rs.map((r) => r[i][1] - (i === 0 ? 0 : r[i - 1][1])));
      const cpu = median(rs.map((r) => r[i][2] - (i === 0 ? 0 : r[i - 1][2])));
      return `${wall.toFixed(1)} / ${cpu.toFixed(1)}`.padStart(24);
    });
    console.log(`${name.padEnd(20)} ${cells.join(' ')}`);
  });
  const totals = runs.map((rs) =>
    `${median(rs.map((r) => r[r.length - 1][1])).toFixed(1)} / ${median(rs.map((r) => r[r.length - 1][2])).toFixed(1)}`.padStart(24),
  );
  console.log(`${'total'.padEnd(20)} ${totals.join(' ')}`);
}

if (process.argv[2] === '--child') child(process.argv[3], process.argv[4]);
else main();
