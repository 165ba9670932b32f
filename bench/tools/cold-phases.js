#!/usr/bin/env node
'use strict';
// Where an Armature serverless cold start goes: fresh processes, each timing (performance.now(),
// since its own start) Node's boot, `reflect-metadata`, `@armature/di`, `@armature/core`,
// `@armature/http`, the app's own (handler) modules, `Armature.create`, `listenHttp`, and the
// first MCP 2026-07-28 `tools/call` answered over a real socket. Medians of `runs` processes.
// Usage: node bench/tools/cold-phases.js [tool set=20] [runs=9]   (ARMATURE_CODE_CACHE applies)
const { execFileSync } = require('node:child_process');

function child() {
  const { performance } = require('node:perf_hooks');
  const marks = [['node boot', performance.now()]];
  const mark = (name) => marks.push([name, performance.now()]);
  require('reflect-metadata');
  mark('reflect-metadata');
  require('@armature/di');
  mark('@armature/di');
  require('@armature/core');
  mark('@armature/core');
  const { listenHttp } = require('@armature/http');
  mark('@armature/http');
  const appModule = require('../servers/armature-app').armatureAppModule(process.argv[3]);
  const { createBenchApp } = require(appModule);
  mark('app modules');
  const http = require('node:http');
  const { addRequest2026, HTTP_HEADERS_2026 } = require('../lib/wire');
  (async () => {
    const app = await createBenchApp();
    mark('Armature.create');
    const handle = await listenHttp(app, { host: '127.0.0.1', port: 0 });
    mark('listenHttp');
    const body = addRequest2026(1);
    await new Promise((resolve, reject) => {
      const req = http.request(
        handle.url,
        { method: 'POST', agent: false, headers: { ...HTTP_HEADERS_2026, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    mark('first tools/call');
    process.stdout.write(`${JSON.stringify(marks)}\n`);
    await handle.close(100);
    await app.close();
  })();
}

function main() {
  const [toolSet = '20', runsArg = '9'] = process.argv.slice(2);
  const runs = [];
  execFileSync(process.execPath, [__filename, '--child', toolSet]); // untimed: file cache, code cache
  for (let i = 0; i < Number(runsArg); i++) {
    const out = execFileSync(process.execPath, [__filename, '--child', toolSet], { encoding: 'utf8', timeout: 60_000 });
    runs.push(JSON.parse(out.trim().split('\n').pop()));
  }
  const names = runs[0].map(([name]) => name);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const steps = names.map((name, i) => median(runs.map((r) => r[i][1] - (i === 0 ? 0 : r[i - 1][1]))));
  const total = median(runs.map((r) => r[r.length - 1][1]));
  process.stdout.write(`tool set ${toolSet}, ${runs.length} processes (medians, ms):\n`);
  names.forEach((name, i) => process.stdout.write(`  ${name.padEnd(18)} ${steps[i].toFixed(1)}\n`));
  process.stdout.write(`  ${'total'.padEnd(18)} ${total.toFixed(1)}\n`);
}

if (process.argv[2] === '--child') child();
else main();
