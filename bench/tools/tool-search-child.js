'use strict';
// Child of tool-search.js: `node --expose-gc tool-search-child.js <plain|search> <toolSet> <queries>`.
// A fresh process: the framework loads off the clock; on the clock, the server's own modules
// load, `Armature.create` runs (with `toolSearch: true` in `search` mode, which loads the index
// `armature build` wrote) and the first tools/list is answered over the stdio transport on
// in-memory streams (raw wire bytes), as in the start-up scenario. In `search` mode it then
// measures the index load alone (read + parse + checks, 20 times) and `queries` search_tools
// round trips (the first after a 200 ms pause: the client's think time, in which the server
// parses the index body). Prints one JSON line.
const { performance } = require('node:perf_hooks');
const { PassThrough } = require('node:stream');
const path = require('node:path');
const { StreamSession } = require('../lib/stream-session');
const { median, quantile } = require('../lib/stats');
const { armatureProjectDir } = require('../servers/armature-app');
const { searchQueries } = require('./tool-search-queries');

async function main() {
  const [mode, toolSet, queryArg] = process.argv.slice(2);
  require('reflect-metadata');
  require('@armature/di');
  const { Armature, StdioServerTransport } = require('@armature/core');
  const dist = path.join(armatureProjectDir(toolSet), 'dist');
  const t0 = performance.now();
  const { BenchModule } = require(path.join(dist, 'src', 'bench.module.js'));
  const t1 = performance.now();
  const app = await Armature.create(BenchModule, {
    name: 'armature-bench',
    version: '1.0.0',
    ...(mode === 'search' ? { toolSearch: true } : {}),
  });
  const t2 = performance.now();
  const input = new PassThrough();
  const output = new PassThrough();
  const session = new StreamSession((text) => input.write(text), output);
  await app.connect(new StdioServerTransport({ stdin: input, stdout: output }));
  await session.handshake();
  const first = await session.listTools();
  const t3 = performance.now();
  const report = { mode, loadMs: t1 - t0, constructMs: t2 - t1, startupMs: t3 - t0, listedTools: first.tools, listBytes: first.bytes };
  if (mode === 'search') {
    // The index load alone, as the boot does it: read, parse, check header and digest.
    const { loadToolIndex } = require(path.join(require.resolve('@armature/core'), '..', 'tool-search', 'tool-index-file.js'));
    const { createHash } = require('node:crypto');
    const fs = require('node:fs');
    const manifestPath = path.join(dist, 'armature.manifest.json');
    const digest = createHash('sha256').update(fs.readFileSync(manifestPath)).digest('hex');
    const file = { path: manifestPath, dir: dist, digest };
    const loads = [];
    const parses = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      const loaded = loadToolIndex(file);
      const m = performance.now();
      if (!loaded.ok) throw new Error(loaded.why);
      loaded.body();
      loads.push(m - s);
      parses.push(performance.now() - m);
    }
    // At start-up: the file read and its header checked; the body is parsed in idle time after the first tools/list.
    report.indexLoadMs = median(loads);
    report.indexBodyParseMs = median(parses);
    report.indexBytes = fs.statSync(path.join(dist, 'armature.tool-index.json')).size;
    const queries = searchQueries(Number(queryArg), toolSet);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const times = [];
    let firstQueryMs;
    let hits = 0;
    const byKind = {};
    for (const { kind, query, expect } of queries) {
      const { ms, text } = await session.callTool('search_tools', { query, limit: 5 });
      if (firstQueryMs === undefined) firstQueryMs = ms;
      else {
        times.push(ms);
        (byKind[kind] ??= []).push(ms);
      }
      const names = JSON.parse(text).tools.map((t) => t.name);
      if (expect !== undefined && names[0] === expect) hits++;
    }
    const expected = queries.filter((q) => q.expect !== undefined).length;
    Object.assign(report, {
      queries: times.length + 1,
      firstQueryMs,
      queryP50Ms: median(times),
      queryP99Ms: quantile(times, 0.99),
      queryMaxMs: Math.max(...times),
      rightFirst: `${hits}/${expected}`,
      byKind: Object.fromEntries(Object.entries(byKind).map(([kind, list]) => [kind, { p50: median(list), p99: quantile(list, 0.99) }])),
    });
  }
  global.gc?.();
  report.heapAfterGcMb = global.gc ? process.memoryUsage().heapUsed / 2 ** 20 : undefined;
  await app.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
