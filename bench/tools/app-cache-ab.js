#!/usr/bin/env node
'use strict';
// Loading a bench project's own (handler) modules three ways, in fresh processes alternating
// between them: `none` (Node compiles each module), `hook` (`@armature/core/code-cache`: each
// module compiled from the app's code cache) and `bundle` (the project's modules packed by
// esbuild into one file, compiled with a V8 code cache as the framework's bundles are: what an
// `armature build` option emitting one file for boot would give). The framework loads first,
// off the clock, as in the start-up scenario. Prints medians and ranges of the load (ms, wall
// and CPU), the heap after a full GC once loaded, and the load average. Caches are made by one untimed process per way.
//
//   node bench/tools/app-cache-ab.js [tool set=1000] [runs per way=11]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { armatureProjectDir, armatureAppModule } = require('../servers/armature-app');

const WAYS = ['none', 'hook', 'bundle'];

function bundleFile(toolSet) {
  return path.join(armatureProjectDir(toolSet), 'dist', 'one-file', 'bench.app.js');
}

/** Packs the project's modules into one CommonJS file (the framework and reflect-metadata stay outside). */
function buildBundle(toolSet) {
  const esbuild = require('esbuild');
  const outfile = bundleFile(toolSet);
  esbuild.buildSync({
    entryPoints: [armatureAppModule(toolSet)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    charset: 'ascii',
    outfile,
    external: ['@armature/*', 'reflect-metadata'],
    logLevel: 'error',
  });
  for (const name of fs.readdirSync(path.dirname(outfile))) if (name.endsWith('.cache')) fs.rmSync(path.join(path.dirname(outfile), name));
}

/** Runs `file` as a module compiled with the V8 code cache beside it (written at exit when missing or rejected). */
function loadWithCodeCache(file) {
  const vm = require('node:vm');
  const Module = require('node:module');
  const cacheFile = `${file}.${process.version}.cache`;
  const cachedData = fs.existsSync(cacheFile) ? fs.readFileSync(cacheFile) : undefined;
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  if (cachedData === undefined || script.cachedDataRejected)
    process.once('exit', () => fs.writeFileSync(cacheFile, script.createCachedData()));
  return mod.exports;
}

function child(way, toolSet) {
  const { performance } = require('node:perf_hooks');
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  require('reflect-metadata');
  require('@armature/di');
  require('@armature/core');
  const wall0 = performance.now();
  const cpu0 = cpu();
  if (way === 'hook') {
    require('@armature/core/code-cache').enableCodeCache({ root: armatureProjectDir(toolSet) });
    require(armatureAppModule(toolSet));
  } else if (way === 'bundle') loadWithCodeCache(bundleFile(toolSet));
  else require(armatureAppModule(toolSet));
  const wall = performance.now() - wall0;
  const cpuMs = cpu() - cpu0;
  global.gc();
  process.stdout.write(`${JSON.stringify({ wall, cpu: cpuMs, heapMb: process.memoryUsage().heapUsed / 2 ** 20 })}\n`);
}

function main() {
  const [toolSet = '1000', runsArg = '11'] = process.argv.slice(2);
  buildBundle(toolSet);
  const run = (way) =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', __filename, '--child', way, toolSet], { encoding: 'utf8', timeout: 60_000 }));
  for (const way of WAYS) run(way); // untimed: the file cache, and each way's code cache
  const load = [os.loadavg()[0]];
  const runs = Object.fromEntries(WAYS.map((way) => [way, []]));
  for (let i = 0; i < Number(runsArg); i++) {
    const order = WAYS.map((_, k) => WAYS[(k + i) % WAYS.length]);
    for (const way of order) runs[way].push(run(way));
  }
  load.push(os.loadavg()[0]);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const range = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
  console.log(`tool set ${toolSet}, ${runsArg} processes per way, rotating; load average ${load.map((l) => l.toFixed(1)).join(' → ')}`);
  for (const way of WAYS) {
    const wall = runs[way].map((r) => r.wall);
    const cpuMs = runs[way].map((r) => r.cpu);
    const heap = median(runs[way].map((r) => r.heapMb));
    console.log(
      `${way.padEnd(8)} load app: wall ${median(wall).toFixed(1)} ms (${range(wall)}), CPU ${median(cpuMs).toFixed(1)} ms (${range(cpuMs)}); heap after GC ${heap.toFixed(2)} MB`,
    );
  }
}

if (process.argv[2] === '--child') child(process.argv[3], process.argv[4]);
else main();
