'use strict';
// The test tooling kept out of the root install (it is large and most contributors never run
// it): each folder has its own package.json and lockfile, and is installed with `npm ci` the
// first time something needs it, and again whenever its lockfile changes.
//   test/clients      third-party MCP clients (Inspector, AI SDK, LangChain) for the client suites
//   test/conformance  the official MCP conformance suite, both pinned versions, and Node 22 to run it
// Armature's own packages and the official SDKs still resolve from the root install: Node and
// TypeScript look for node_modules in every folder up to the root.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const CLIENTS = path.join(ROOT, 'test/clients');
const CONFORMANCE = path.join(ROOT, 'test/conformance');

/** Whether `dir`'s install matches its lockfile (npm records the installed tree in node_modules/.package-lock.json). */
function isInstalled(dir) {
  const installed = fs.statSync(path.join(dir, 'node_modules/.package-lock.json'), { throwIfNoEntry: false });
  const lock = fs.statSync(path.join(dir, 'package-lock.json'));
  return installed !== undefined && installed.mtimeMs >= lock.mtimeMs;
}

/** Installs `dir`'s tooling from its lockfile unless that install is already there. */
function ensureInstalled(dir) {
  if (isInstalled(dir)) return;
  const label = path.relative(ROOT, dir);
  process.stdout.write(`Installing ${label} (its own package.json and lockfile; once, and again when the lockfile changes)\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`npm ci --prefix ${label} failed (exit ${result.status ?? result.signal})`);
}

/**
 * The environment for tests that run the conformance suite through @armature/testing
 * (runConformance looks the suite and Node 22 up as packages): NODE_PATH adds the opt-in
 * install to where Node looks, as a project's own devDependency would be found.
 */
function conformanceEnv(env = process.env) {
  const modules = path.join(CONFORMANCE, 'node_modules');
  return { ...env, NODE_PATH: env.NODE_PATH ? `${modules}${path.delimiter}${env.NODE_PATH}` : modules };
}

module.exports = { ROOT, CLIENTS, CONFORMANCE, ensureInstalled, conformanceEnv };
