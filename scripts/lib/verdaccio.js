'use strict';
/* global AbortSignal */
// A private npm registry for the release check: Verdaccio on 127.0.0.1 at a free port, with its
// own config and storage in a temporary folder. It accepts anonymous publishes of Armature's
// packages (and serves only those under their names), and proxies every other package to the
// registry npm is configured with. Verdaccio is installed on first use into
// node_modules/.cache (58 MB, 327 packages): only this check needs it, so `npm ci` stays lean.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const VERDACCIO_VERSION = '6.8.0';

/** Resolves with a port the OS says is free on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The Verdaccio entry, installed into `<root>/node_modules/.cache` when missing (bounded to 5 min). */
function verdaccioBin(root) {
  const prefix = path.join(root, 'node_modules', '.cache', `armature-verdaccio-${VERDACCIO_VERSION}`);
  const bin = path.join(prefix, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  if (fs.existsSync(bin)) return { bin, installed: false };
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(
    path.join(prefix, 'package.json'),
    `${JSON.stringify({ private: true, description: 'Verdaccio for scripts/check-release.js' })}\n`,
  );
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', `verdaccio@${VERDACCIO_VERSION}`], {
    cwd: prefix,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (result.status !== 0 || !fs.existsSync(bin)) {
    throw new Error(
      `installing verdaccio@${VERDACCIO_VERSION} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`,
    );
  }
  return { bin, installed: true };
}

/** The config: storage in `dir`, our names published locally only, the rest proxied to `uplink`. */
function configText({ dir, port, uplink, localNames }) {
  const local = localNames
    .map((name) => `  '${name}':\n    access: $all\n    publish: $anonymous $all\n    unpublish: $anonymous $all\n`)
    .join('');
  return `storage: ${JSON.stringify(path.join(dir, 'storage'))}
listen: 127.0.0.1:${port}
max_body_size: 100mb
auth:
  htpasswd:
    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}
    max_users: -1
uplinks:
  upstream:
    url: ${JSON.stringify(uplink)}
    timeout: 60s
    max_fails: 5
packages:
${local}  '**':
    access: $all
    proxy: upstream
log: { type: stdout, format: pretty, level: warn }
`;
}

/**
 * Starts Verdaccio in `dir` (config and storage there); resolves once it answers HTTP, within
 * `timeoutMs`. `stop()` ends it (SIGTERM, SIGKILL after 5 s).
 */
async function startVerdaccio({ root, dir, uplink, localNames, timeoutMs = 60_000 }) {
  const { bin, installed } = verdaccioBin(root);
  const port = await freePort();
  const config = path.join(dir, 'config.yaml');
  fs.writeFileSync(config, configText({ dir, port, uplink, localNames }));
  const child = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VERDACCIO_APPDIR: dir },
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('close', resolve));
  const url = `http://127.0.0.1:${port}/`;
  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${url}-/ping`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`verdaccio did not answer within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, port, installed, version: VERDACCIO_VERSION, stop, log: () => log };
}

module.exports = { startVerdaccio, freePort };
