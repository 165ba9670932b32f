#!/usr/bin/env node
'use strict';
// A package's `npm test` (e.g. `npm test -w packages/di`): compiles that package's project (and
// what it references, incrementally) and runs only its specs, with the root .mocharc.json's
// settings (mocha finds it from the package folder).
//   node ../../scripts/test-package.js [--conformance] [<mocha arguments>]
// (so `npm test -w packages/di -- --grep Container` passes `--grep Container` to mocha)
// --conformance: the package's specs run the MCP conformance suite (runConformance), which comes
// from the opt-in install test/conformance (installed here on first use).
// A bundled package needs no bundling step for its tests: after `tsc -b` its dist/load.js serves
// tsc's newer output (scripts/bundle-loader.js).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, CONFORMANCE, ensureInstalled, conformanceEnv } = require('./lib/opt-in-installs');

const PACKAGE = process.cwd();
const MOCHA = path.join(path.dirname(require.resolve('mocha/package.json', { paths: [ROOT] })), 'bin', 'mocha.js');
const TSC = require.resolve('typescript/bin/tsc', { paths: [ROOT] });

function run(args, env = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: PACKAGE, stdio: 'inherit', env });
  return result.status ?? 1;
}

function main(argv) {
  const conformance = argv.includes('--conformance');
  const extra = argv.filter((arg) => arg !== '--conformance');
  // The four bundled packages compile their tests as a project of their own (test/tsconfig.json).
  const project = fs.existsSync(path.join(PACKAGE, 'test/tsconfig.json')) ? 'test' : '.';
  const built = run([TSC, '-b', project]);
  if (built !== 0) return built;
  let env = process.env;
  if (conformance) {
    ensureInstalled(CONFORMANCE);
    env = conformanceEnv();
  }
  return run([MOCHA, 'dist/test/**/*.spec.js', ...extra], env);
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`test-package: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
