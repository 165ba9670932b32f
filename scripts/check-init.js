#!/usr/bin/env node
'use strict';
/*
 * Proves that `armature init` makes a project that builds, tests and starts with no edits,
 * against this checkout's packages as a user would install them:
 *
 *   1. `npm pack` the @armature packages (built: run `npm run build` first) into a temporary folder;
 *   2. `armature init` a new project next to them;
 *   3. `npm install` the tarballs there (third-party packages come from the registry);
 *   4. `npm run build`, `npm test`, and start `node dist/src/main.js`, which must answer an
 *      MCP `initialize` over stdio;
 *   5. remove everything (unless --keep).
 *
 *   node scripts/check-init.js [--keep]
 *
 * Exits non-zero at the first failing step, printing its output.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = ['di', 'core', 'schema', 'create-armature', 'cli', 'testing'];
const CLI = path.join(ROOT, 'packages/cli/dist/src/bin/armature.js');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command to completion (bounded); resolves with its output, rejects on failure. */
function run(command, args, cwd, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`}) in ${cwd}:\n${output}`));
    });
  });
}

/** Starts the server, sends `initialize` on stdin, and resolves with its answer; the server is stopped after. */
function initializeOverStdio(cwd, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/src/main.js'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => finish(new Error(`no answer to initialize within ${timeoutMs} ms; stderr:\n${stderr}`)), timeoutMs);
    function finish(error, answer) {
      clearTimeout(timer);
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('close', () => clearTimeout(killer));
      if (error) reject(error);
      else resolve(answer);
    }
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.includes('"id":1'));
      if (line) finish(undefined, JSON.parse(line));
    });
    child.on('error', (error) => finish(error));
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'check-init', version: '1' } } })}\n`,
    );
  });
}

async function step(name, action) {
  const started = Date.now();
  process.stdout.write(`check-init: ${name}… `);
  const result = await action();
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
  return result;
}

async function main() {
  const keep = process.argv.includes('--keep');
  for (const name of PACKAGES) {
    if (!fs.existsSync(path.join(ROOT, 'packages', name, 'dist/src/index.js'))) {
      throw new Error(`packages/${name} is not built; run npm run build first.`);
    }
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-check-init-'));
  const packs = path.join(scratch, 'packs');
  const app = path.join(scratch, 'hello-armature');
  try {
    fs.mkdirSync(packs);
    const packed = await step('packing the @armature packages', async () => {
      const args = ['pack', '--json', '--pack-destination', packs, ...PACKAGES.flatMap((name) => ['-w', `packages/${name}`])];
      const output = await run(NPM, args, ROOT, 120_000);
      const json = output.slice(output.indexOf('['));
      return JSON.parse(json).map((entry) => path.join(packs, entry.filename));
    });
    await step('armature init', () => run(process.execPath, [CLI, 'init', app], scratch, 30_000));
    await step('npm install (the tarballs, and third-party packages from the registry)', () =>
      run(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packed], app, 300_000),
    );
    await step('npm run build', () => run(NPM, ['run', 'build'], app, 120_000));
    const tests = await step('npm test', () => run(NPM, ['test'], app, 120_000));
    if (!/3 passing/.test(tests)) throw new Error(`npm test did not run the scaffold's 3 tests:\n${tests}`);
    const answer = await step('starting the server over stdio', () => initializeOverStdio(app, 30_000));
    if (answer.result?.serverInfo?.name !== 'hello-armature') throw new Error(`unexpected initialize answer: ${JSON.stringify(answer)}`);
    process.stdout.write(`check-init: PASS (${app}${keep ? ', kept' : ''})\n`);
  } finally {
    if (!keep) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`check-init: FAIL: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
