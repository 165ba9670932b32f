#!/usr/bin/env node
'use strict';
// `npm test` (after its `pretest` build): every test of the repository, in two mocha runs.
//   node scripts/run-tests.js             the core specs, then the client suites
//   node scripts/run-tests.js --core      the core specs only: every package's, example's and test/'s
//   node scripts/run-tests.js --clients   the client suites only (`npm run test:clients`)
// Other arguments go to mocha (e.g. `npm test -- --grep notes`).
// The conformance suite (used by runConformance specs) and the third-party clients come from
// opt-in installs made here on first use (scripts/lib/opt-in-installs.js). Mocha's settings are
// the root .mocharc.json; the spec lists live here, so `npx mocha <files>` runs just those files.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ROOT, CLIENTS, CONFORMANCE, ensureInstalled, conformanceEnv } = require('./lib/opt-in-installs');

const CORE_SPECS = ['packages/*/dist/test/**/*.spec.js', 'examples/*/dist/test/**/*.spec.js', 'test/dist/**/*.spec.js'];
const CLIENT_SPECS = ['test/clients/dist/**/*.spec.js'];
const MOCHA = path.join(path.dirname(require.resolve('mocha/package.json', { paths: [ROOT] })), 'bin', 'mocha.js');
const TSC = require.resolve('typescript/bin/tsc', { paths: [ROOT] });

function run(args, env = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env });
  return result.status ?? 1;
}

function core(extra) {
  ensureInstalled(CONFORMANCE);
  return run([MOCHA, ...CORE_SPECS, ...extra], conformanceEnv());
}

function clients(extra) {
  ensureInstalled(CLIENTS);
  const built = run([TSC, '-b', path.relative(ROOT, CLIENTS)]);
  if (built !== 0) return built;
  return run([MOCHA, ...CLIENT_SPECS, ...extra]);
}

function main(argv) {
  const only = argv.find((arg) => arg === '--core' || arg === '--clients');
  const extra = argv.filter((arg) => arg !== '--core' && arg !== '--clients');
  let status = only === '--clients' ? 0 : core(extra);
  if (only !== '--core') status = clients(extra) || status;
  return status;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`run-tests: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
