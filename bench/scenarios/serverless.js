'use strict';
// Serverless cold start: what a stateless MCP 2026-07-28 server on a platform that starts a
// process per cold request (Lambda, Cloud Run, Fly machines) makes its first client wait.
// Each run is a fresh child (`http-main.js <server> 2026 <tool set>`, the same endpoints as the
// http-2026 scenario); the clock runs from just before the spawn to the end of the answer to
// the first `tools/call add` POSTed over Streamable HTTP as soon as the child says it listens.
// The answer is checked: status 200, `content-type: application/json`, the 2026 result
// (`resultType: 'complete'`, `_meta['io.modelcontextprotocol/serverInfo']`). One untimed start
// per server comes first (the OS file cache warm; Armature's V8 code cache written, as a
// container image that ran once at build time has it); the extra row `armature, no code cache`
// starts with ARMATURE_CODE_CACHE=off (an image built without that step), the extra row
// `armature, app code cache` compiles the app's own modules through `@armature/core/code-cache`
// as well (its cache written by the same untimed start); `armature, bundled` starts the app
// packed into one file by `armature bundle` (servers/armature-bundled.js; its code cache written
// by the untimed start too). Two rows start from a
// Node user-land startup snapshot (tools/snapshot-build.js, built untimed before the warm-up):
// `armature, snapshot` holds the framework evaluated, `armature, app snapshot` the app created
// too (only listenHttp and the call at run time; servers/snapshot-app-main.js).
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { HTTP_MAIN } = require('../servers/registry');
const { armatureProjectDir } = require('../servers/armature-app');
const { bundleArmatureApp } = require('../servers/armature-bundled');
const { spawnServer, readyLine } = require('../lib/child');
const { runRounds } = require('../lib/rounds');
const { withTimeout } = require('../lib/bounded');
const { addRequest2026, isAdd2026Answer, HTTP_HEADERS_2026 } = require('../lib/wire');

/** The tool sets measured (generate/tool-set.js): add + 20 and add + 1,000 distinct-schema tools. */
const TOOL_SETS = [
  { set: '20', id: 'serverless/21-tools', title: 'serverless cold start, 21 tools: process start → first 2026-07-28 tools/call answered' },
  {
    set: '1000',
    id: 'serverless/1001-tools',
    title: 'serverless cold start, 1,001 tools: process start → first 2026-07-28 tools/call answered',
  },
];

const SNAPSHOT_BUILD = path.join(__dirname, '..', 'tools', 'snapshot-build.js');
const SNAPSHOT_APP_MAIN = path.join(__dirname, '..', 'servers', 'snapshot-app-main.js');

/**
 * Who is started: the row's name, the registry's server (whose `onHttp2026` serves the row),
 * extra environment, and for the snapshot rows the snapshot-build.js arguments (blob aside) and entry.
 */
const STARTS = [
  { name: 'armature', server: 'armature', env: {} },
  { name: 'armature, no code cache', server: 'armature', env: { ARMATURE_CODE_CACHE: 'off' } },
  // The app's own modules through `@armature/core/code-cache` too (written by the untimed start).
  { name: 'armature, app code cache', server: 'armature', env: { BENCH_APP_CODE_CACHE: '1' } },
  // The app packed into one file by `armature bundle`, started from its runner (servers/armature-bundled.js).
  { name: 'armature, bundled', server: 'armature', env: {}, bundled: true },
  { name: 'armature, snapshot', server: 'armature', env: {}, snapshot: () => [] },
  {
    name: 'armature, app snapshot',
    server: 'armature',
    env: {},
    snapshot: (set) => ['--app', armatureProjectDir(set)],
    main: SNAPSHOT_APP_MAIN,
  },
  { name: 'sdk-v2', server: 'sdk', env: {} },
  { name: 'floor', server: 'floor', env: {} },
];

/** Builds the start's snapshot blob into `dir`; resolves the Node flags that start from it. */
function buildSnapshot(start, set, dir) {
  const blob = path.join(dir, `${start.name.replace(/\W+/g, '-')}-${set}.blob`);
  execFileSync(process.execPath, [SNAPSHOT_BUILD, blob, ...start.snapshot(set)], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
  return ['--snapshot-blob', blob];
}

/** POSTs the first `tools/call add`; resolves `{ status, contentType, body }`. A fresh connection, as a cold request's. */
function firstCall(url) {
  const body = addRequest2026(1);
  return new Promise((resolve, reject) => {
    const headers = { ...HTTP_HEADERS_2026, 'content-length': Buffer.byteLength(body) };
    const req = http.request(url, { method: 'POST', agent: false, headers, timeout: 20_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, contentType: res.headers['content-type'], body: text }));
    });
    req.on('timeout', () => req.destroy(new Error('first tools/call timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** One cold start of `server` with `toolSet` (Node flags `execArgv`, entry `main`): resolves its record (ms). */
async function coldStart(server, toolSet, env, execArgv = [], main = HTTP_MAIN) {
  const started = performance.now();
  const child = spawnServer(main, [server, '2026', toolSet], { env, execArgv });
  try {
    const { url, readyMs } = await readyLine(child, 60_000);
    const listening = performance.now();
    const reply = await withTimeout(firstCall(url), 30_000, 'first tools/call');
    const answered = performance.now();
    let message;
    try {
      message = JSON.parse(reply.body);
    } catch {
      message = undefined;
    }
    if (reply.status !== 200 || !String(reply.contentType).startsWith('application/json') || !isAdd2026Answer(message)) {
      throw new Error(`first tools/call answered ${reply.status} (${reply.contentType}): ${reply.body.slice(0, 300)}`);
    }
    return {
      coldStartMs: answered - started,
      listeningMs: listening - started,
      childReadyMs: readyMs,
      firstCallMs: answered - listening,
    };
  } catch (error) {
    throw new Error(`${error.message}\n${child.probe.stderrTail()}`);
  } finally {
    await child.stop();
  }
}

/** The tool sets a run measures (`--quick`: 21 tools only, to stay within the quick run's time). */
function serverlessToolSets(quick) {
  return TOOL_SETS.filter((t) => !quick || t.set === '20').map((t) => t.set);
}

async function runServerless({ budget, reps, quick, log }) {
  const groups = [];
  const snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-bench-snapshots-'));
  try {
    for (const { set, id, title } of TOOL_SETS.filter((t) => serverlessToolSets(quick).includes(t.set))) {
      log(`  ${id}`);
      const contestants = STARTS.map((start) => {
        const { name, server, env, main } = start;
        let execArgv = [];
        let runner;
        return {
          server: name,
          // The untimed start: the file cache warm, the code cache written when the child exits
          // (for the snapshot rows, the blob built first).
          warmup: async () => {
            if (start.snapshot) execArgv = buildSnapshot(start, set, snapshots);
            if (start.bundled) runner = bundleArmatureApp(set);
            await coldStart(server, set, env, execArgv, runner ?? main);
          },
          measure: () => coldStart(server, set, env, execArgv, runner ?? main),
        };
      });
      const results = await runRounds(contestants, Math.max(reps, budget.startupRepeats));
      groups.push({ id, kind: 'coldstart', title, results });
    }
  } finally {
    fs.rmSync(snapshots, { recursive: true, force: true });
  }
  return groups;
}

module.exports = { runServerless, serverlessToolSets, coldStart };
