#!/usr/bin/env node
'use strict';
/* global AbortSignal */
/*
 * The release, rehearsed against a real registry, then used as a new user would:
 *
 *   1. start Verdaccio on 127.0.0.1 (scripts/lib/verdaccio.js: its own config and storage in a
 *      temporary folder; anonymous publishes of @armature/* and create-armature; everything
 *      else proxied to the registry npm is configured with);
 *   2. `lerna version` a prerelease `<version>-ci.<timestamp>` and `lerna publish from-package`
 *      every public package to it, from a temporary copy of the repository (a git repository of
 *      its own, where lerna commits and tags), so this checkout's files and git state are never
 *      touched;
 *   3. in an empty folder, with npm pointed at Verdaccio only: `npm create armature@<version>
 *      my-server -- --http`, `npm install` (each installed @armature/* package carries the
 *      CHANGELOG.md lerna wrote and the LICENSE; node_modules within SIZE_BUDGET_MB; no
 *      class-validator, an optional peer of @armature/core, so a tool taking a DTO class fails
 *      the boot with ARM_ERR_DTO_LIBRARY_MISSING), `npm run build`, `npm test`;
 *   4. start the server over stdio, then over Streamable HTTP, and in each the official SDK
 *      client (v1, from this repository's node_modules) lists the tools and calls `greet`;
 *   5. the same for `npm create armature@<version> nest-server -- --nestjs`: install, build, test,
 *      and the SDK client at the Nest application's /mcp (and its REST route);
 *   6. stop everything it started, remove the temporary folders (unless --keep), and print the
 *      timings and sizes (each scaffold's node_modules, its install time from the local registry).
 *
 *   node scripts/check-release.js [--keep]
 *
 * Needs the packages built (`npm run build`). Every wait is bounded; exits non-zero at the
 * first failing step, printing its output.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { startVerdaccio } = require('./lib/verdaccio');

const ROOT = path.resolve(__dirname, '..');
const LERNA = path.join(ROOT, 'node_modules/lerna/dist/cli.js');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Names Verdaccio serves from its own storage only (never proxied: `armature`-like names on the public registry are someone else's). */
const LOCAL_NAMES = ['@armature/*', 'create-armature'];
/**
 * The budget of a scaffolded project's node_modules (--http variant, devDependencies included):
 * over it, the check fails. docs/releasing.md says what is in it.
 */
const SIZE_BUDGET_MB = 80;

const figures = [];
const started = Date.now();

/** Runs a command to completion within `timeoutMs`; resolves with its output, rejects on failure. */
function run(command, args, { cwd, env = {}, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...env },
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
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit code ${code}`}) in ${cwd}:\n${output}`));
    });
  });
}

async function step(name, action) {
  const t = Date.now();
  process.stdout.write(`check-release: ${name}… `);
  const result = await action();
  const seconds = (Date.now() - t) / 1000;
  process.stdout.write(`done in ${seconds.toFixed(1)}s\n`);
  return { result, seconds };
}

/** Bytes under `dir` (files as stored: the sum of their sizes). */
function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(file);
    else if (entry.isFile()) total += fs.statSync(file).size;
  }
  return total;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The `count` largest packages under `modules`, one per line with its size. */
function largestPackages(modules, count) {
  const sizes = [];
  for (const name of fs.readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const names = name.startsWith('@') ? fs.readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`) : [name];
    for (const full of names) sizes.push({ full, bytes: folderBytes(path.join(modules, full)) });
  }
  sizes.sort((a, b) => b.bytes - a.bytes);
  return sizes
    .slice(0, count)
    .map(({ full, bytes }) => `  ${mb(bytes)}  ${full}`)
    .join('\n');
}

/** A tool taking a DTO class (plain JavaScript, decorators applied by hand); prints how the boot went. */
const DTO_APP = `require('reflect-metadata');
const { Armature, Tool } = require('@armature/core');
const { Injectable, Module } = require('@armature/di');
class SignupDto {}
class SignupTools { signup(dto) { return String(dto); } }
Reflect.defineMetadata('design:paramtypes', [SignupDto], SignupTools.prototype, 'signup');
Tool({ inputSchema: { type: 'object' } })(SignupTools.prototype, 'signup', Object.getOwnPropertyDescriptor(SignupTools.prototype, 'signup'));
Injectable()(SignupTools);
class AppModule {}
Module({ handlers: [SignupTools] })(AppModule);
Armature.create(AppModule, { name: 'dto-check', version: '1.0.0' }).then(
  (app) => app.close().then(() => console.log(JSON.stringify({ booted: true }))),
  (error) => console.log(JSON.stringify({ code: error.code, message: error.message })),
);
`;

/** The public packages (the ones lerna publishes): package.json under packages/* without "private". */
function publicPackages() {
  return fs
    .readdirSync(path.join(ROOT, 'packages'))
    .map((name) => ({ dir: path.join('packages', name), file: path.join(ROOT, 'packages', name, 'package.json') }))
    .filter(({ file }) => fs.existsSync(file))
    .map(({ dir, file }) => ({ dir, pkg: JSON.parse(fs.readFileSync(file, 'utf8')) }))
    .filter(({ pkg }) => pkg.private !== true);
}

/**
 * A copy of what lerna reads and publishes: the root manifests (and the root `version` script), each package (its built dist/,
 * without node_modules) and each example's package.json (private: versioned, never published),
 * committed to a new git repository so lerna sees a clean tree.
 */
function copyForRelease(target) {
  const skip = new Set(['node_modules', '.scaffolds']);
  const copyTree = (from, to) =>
    fs.cpSync(from, to, { recursive: true, filter: (source) => !skip.has(path.basename(source)) && !source.endsWith('.tsbuildinfo') });
  fs.mkdirSync(target, { recursive: true });
  for (const file of ['package.json', 'lerna.json', 'scripts/sync-peer-versions.js']) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(target, file));
  }
  for (const name of fs.readdirSync(path.join(ROOT, 'packages'))) {
    if (fs.existsSync(path.join(ROOT, 'packages', name, 'package.json')))
      copyTree(path.join(ROOT, 'packages', name), path.join(target, 'packages', name));
  }
  for (const name of fs.readdirSync(path.join(ROOT, 'examples'))) {
    const manifest = path.join(ROOT, 'examples', name, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    fs.mkdirSync(path.join(target, 'examples', name), { recursive: true });
    fs.copyFileSync(manifest, path.join(target, 'examples', name, 'package.json'));
  }
  fs.writeFileSync(path.join(target, '.gitignore'), 'node_modules/\n');
}

/** The official SDK client on `transport`: the tool names and greet's structured result. */
async function listAndCall(transport) {
  const client = new Client({ name: 'check-release', version: '1.0.0' });
  await client.connect(transport);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada', excited: true } });
    return { tools, result: result.structuredContent };
  } finally {
    await client.close();
  }
}

function expectGreeting(where, answer) {
  const expected = JSON.stringify({ tools: ['greet'], result: { message: 'Hello, Ada!', length: 11 } });
  if (JSON.stringify(answer) !== expected) throw new Error(`${where}: expected ${expected}, got ${JSON.stringify(answer)}`);
}

/** Runs `promise`, rejecting after `ms` with `what`. */
function within(ms, what, promise) {
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts `node dist/src/main.js <args>` in `app` (with `env` added); resolves with the URL it
 * announces on stderr (`announced`'s first group) and a stop function.
 */
function serveHttp(app, args = ['--http', '127.0.0.1:0'], env = {}, announced = /listening on (http:\/\/\S+)/) {
  const child = spawn(process.execPath, ['dist/src/main.js', ...args], {
    cwd: app,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise((resolve) => child.once('close', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`no HTTP URL announced within 30 s:\n${stderr}`))), 30_000);
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = announced.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], stop });
      }
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before serving:\n${stderr}`));
    });
  });
}

async function main() {
  const keep = process.argv.includes('--keep');
  const packages = publicPackages();
  for (const { dir } of packages) {
    if (!fs.existsSync(path.join(ROOT, dir, 'dist/src/index.js'))) throw new Error(`${dir} is not built; run npm run build first.`);
  }
  const uplink = (await run(NPM, ['config', 'get', 'registry'], { cwd: ROOT, timeoutMs: 30_000 })).trim();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-check-release-'));
  const stops = [];
  try {
    for (const dir of ['registry', 'repo', 'user', 'npm-cache']) fs.mkdirSync(path.join(scratch, dir));
    const { result: registry, seconds: registrySeconds } = await step(`starting Verdaccio (uplink: ${uplink})`, () =>
      startVerdaccio({ root: ROOT, dir: path.join(scratch, 'registry'), uplink, localNames: LOCAL_NAMES }),
    );
    stops.push(() => registry.stop());
    figures.push(
      `Verdaccio ${registry.version} at ${registry.url}: ready in ${registrySeconds.toFixed(1)}s${registry.installed ? ' (installed into node_modules/.cache first)' : ''}`,
    );

    const base = JSON.parse(fs.readFileSync(path.join(ROOT, 'lerna.json'), 'utf8')).version;
    const version = `${base}-ci.${Date.now()}`;
    const repo = path.join(scratch, 'repo');
    // npm reads the registry and, for publishing, a token from this user config only.
    const npmrc = path.join(scratch, 'npmrc');
    fs.writeFileSync(npmrc, `registry=${registry.url}\n//127.0.0.1:${registry.port}/:_authToken=anonymous-ci\n`);
    const npmEnv = { npm_config_userconfig: npmrc, npm_config_registry: registry.url };
    const gitEnv = {
      GIT_AUTHOR_NAME: 'check-release',
      GIT_AUTHOR_EMAIL: 'ci@localhost',
      GIT_COMMITTER_NAME: 'check-release',
      GIT_COMMITTER_EMAIL: 'ci@localhost',
    };
    await step('copying the packages into a temporary git repository', async () => {
      copyForRelease(repo);
      await run('git', ['init', '-q', '-b', 'main'], { cwd: repo, timeoutMs: 30_000 });
      await run('git', ['add', '-A'], { cwd: repo, timeoutMs: 60_000 });
      await run('git', ['commit', '-q', '-m', 'feat: release candidate'], { cwd: repo, env: gitEnv, timeoutMs: 60_000 });
    });
    // The release flow of docs/releasing.md: `lerna version` (bump, changelogs, commit and tag;
    // here in the temporary repository, never pushed), then `lerna publish from-package`.
    const { seconds: versionSeconds } = await step(`lerna version ${version}`, () =>
      run(process.execPath, [LERNA, 'version', version, '--force-publish', '--no-push', '--yes', '--loglevel', 'warn'], {
        cwd: repo,
        env: { ...npmEnv, ...gitEnv },
        timeoutMs: 300_000,
      }),
    );
    const { result: publishOutput, seconds: publishSeconds } = await step('lerna publish from-package to Verdaccio', () =>
      run(
        process.execPath,
        [
          LERNA,
          'publish',
          'from-package',
          '--no-verify-access',
          '--dist-tag',
          'ci',
          '--registry',
          registry.url,
          '--yes',
          '--loglevel',
          'warn',
        ],
        { cwd: repo, env: { ...npmEnv, ...gitEnv }, timeoutMs: 600_000 },
      ),
    );
    const published = [];
    for (const { pkg } of packages) {
      const response = await fetch(`${registry.url}${pkg.name.replace('/', '%2f')}`, { signal: AbortSignal.timeout(10_000) });
      const body = response.ok ? await response.json() : {};
      if (body.versions?.[version] === undefined)
        throw new Error(`${pkg.name}@${version} is not on Verdaccio after lerna publish:\n${publishOutput}`);
      published.push(pkg.name);
    }
    const changelogs = packages.filter(({ dir }) => fs.existsSync(path.join(repo, dir, 'CHANGELOG.md'))).length;
    const tags = (await run('git', ['tag', '--list'], { cwd: repo, timeoutMs: 30_000 })).trim();
    if (tags !== `v${version}`) throw new Error(`lerna version made the tags ${JSON.stringify(tags)}, not v${version}`);
    figures.push(
      `lerna version ${versionSeconds.toFixed(1)}s (commit, tag v${version}, CHANGELOG.md in ${changelogs} of ${packages.length} packages); lerna publish ${published.length} packages ${publishSeconds.toFixed(1)}s`,
    );

    const user = path.join(scratch, 'user');
    const app = path.join(user, 'my-server');
    // As a user: npm knows only Verdaccio, and a cache of its own (every tarball fetched anew).
    const userEnv = { npm_config_userconfig: npmrc, npm_config_registry: registry.url, npm_config_cache: path.join(scratch, 'npm-cache') };
    const { result: createOutput } = await step(`npm create armature@${version} my-server -- --http`, () =>
      run(NPM, ['create', `armature@${version}`, 'my-server', '--yes', '--', '--http'], { cwd: user, env: userEnv, timeoutMs: 300_000 }),
    );
    if (!createOutput.includes('  npm install')) throw new Error(`npm create printed no next commands:\n${createOutput}`);
    const { seconds: installSeconds } = await step('npm install (from Verdaccio)', () =>
      run(NPM, ['install'], { cwd: app, env: userEnv, timeoutMs: 600_000 }),
    );
    const modules = path.join(app, 'node_modules');
    const installed = fs.readdirSync(path.join(modules, '@armature'));
    const coreVersion = JSON.parse(fs.readFileSync(path.join(modules, '@armature/core/package.json'), 'utf8')).version;
    if (coreVersion !== version) throw new Error(`@armature/core ${coreVersion} was installed, not ${version}`);
    for (const name of installed) {
      for (const file of ['CHANGELOG.md', 'LICENSE']) {
        if (!fs.existsSync(path.join(modules, '@armature', name, file)))
          throw new Error(`@armature/${name}@${version} as published has no ${file}`);
      }
    }
    const size = folderBytes(modules);
    figures.push(
      `scaffold install: ${installSeconds.toFixed(1)}s from Verdaccio with an empty npm cache; node_modules ${mb(size)} (budget ${SIZE_BUDGET_MB} MB), @armature/${installed.join(', @armature/')}`,
    );
    if (size > SIZE_BUDGET_MB * 1024 * 1024) {
      throw new Error(
        `the scaffold's node_modules is ${mb(size)}, over its ${SIZE_BUDGET_MB} MB budget by ${mb(size - SIZE_BUDGET_MB * 1024 * 1024)}; the largest:\n${largestPackages(modules, 15)}`,
      );
    }
    await step('a DTO tool without class-validator installed fails the boot, naming it', async () => {
      if (fs.existsSync(path.join(modules, 'class-validator')))
        throw new Error('class-validator was installed: it should be an optional peer');
      const file = path.join(app, 'dto-check.js');
      fs.writeFileSync(file, DTO_APP);
      try {
        const report = JSON.parse((await run(process.execPath, [file], { cwd: app, timeoutMs: 60_000 })).trim().split('\n').pop());
        if (report.code !== 'ARM_ERR_DTO_LIBRARY_MISSING' || !report.message.includes('npm install class-validator class-transformer'))
          throw new Error(`expected ARM_ERR_DTO_LIBRARY_MISSING naming the packages, got ${JSON.stringify(report)}`);
      } finally {
        fs.rmSync(file);
      }
    });
    const { seconds: buildSeconds } = await step('npm run build', () =>
      run(NPM, ['run', 'build'], { cwd: app, env: userEnv, timeoutMs: 180_000 }),
    );
    const { result: tests, seconds: testSeconds } = await step('npm test', () =>
      run(NPM, ['test'], { cwd: app, env: userEnv, timeoutMs: 180_000 }),
    );
    if (!/3 passing/.test(tests)) throw new Error(`npm test did not run the scaffold's 3 tests:\n${tests}`);
    figures.push(`scaffold build ${buildSeconds.toFixed(1)}s, test ${testSeconds.toFixed(1)}s`);

    await step('stdio: the SDK client lists the tools and calls greet', async () => {
      const transport = new StdioClientTransport({ command: process.execPath, args: ['dist/src/main.js'], cwd: app, stderr: 'pipe' });
      stops.push(() => transport.close());
      expectGreeting('stdio', await within(30_000, 'stdio', listAndCall(transport)));
    });
    await step('Streamable HTTP: the SDK client lists the tools and calls greet', async () => {
      const server = await serveHttp(app);
      stops.push(server.stop);
      expectGreeting(
        `HTTP ${server.url}`,
        await within(30_000, 'HTTP', listAndCall(new StreamableHTTPClientTransport(new URL(server.url)))),
      );
      await server.stop();
    });

    await step(
      'armature bundle: esbuild installed from the registry, the app packed, the SDK client lists the tools and calls greet through the runner',
      async () => {
        const esbuildRange = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies.esbuild;
        await run(NPM, ['install', '--save-dev', `esbuild@${esbuildRange}`], { cwd: app, env: userEnv, timeoutMs: 300_000 });
        const cli = path.join(modules, '@armature', 'cli', 'bin', 'armature.js');
        const packed = await run(process.execPath, [cli, 'bundle', 'dist/src/main.js'], { cwd: app, env: userEnv, timeoutMs: 120_000 });
        if (!packed.includes('run node dist/src/main.bundle.js')) throw new Error(`armature bundle printed:\n${packed}`);
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: ['dist/src/main.bundle.js'],
          cwd: app,
          stderr: 'pipe',
        });
        stops.push(() => transport.close());
        expectGreeting('packed, stdio', await within(30_000, 'packed stdio', listAndCall(transport)));
        await transport.close();
      },
    );

    // The --nestjs variant, from the same registry (its npm cache now holds the shared packages).
    const nestApp = path.join(user, 'nest-server');
    await step(`npm create armature@${version} nest-server -- --nestjs`, () =>
      run(NPM, ['create', `armature@${version}`, 'nest-server', '--yes', '--', '--nestjs'], {
        cwd: user,
        env: userEnv,
        timeoutMs: 300_000,
      }),
    );
    const { seconds: nestInstallSeconds } = await step('npm install (--nestjs, from Verdaccio)', () =>
      run(NPM, ['install'], { cwd: nestApp, env: userEnv, timeoutMs: 600_000 }),
    );
    const nestModules = path.join(nestApp, 'node_modules');
    if (!fs.existsSync(path.join(nestModules, '@armature/nestjs/package.json'))) throw new Error('@armature/nestjs was not installed');
    await step('npm run build && npm test (--nestjs)', async () => {
      await run(NPM, ['run', 'build'], { cwd: nestApp, env: userEnv, timeoutMs: 180_000 });
      const output = await run(NPM, ['test'], { cwd: nestApp, env: userEnv, timeoutMs: 180_000 });
      if (!/3 passing/.test(output)) throw new Error(`npm test did not run the NestJS scaffold's 3 tests:\n${output}`);
    });
    await step('NestJS on PORT=0: the SDK client lists the tools and calls greet at /mcp, REST at /greet', async () => {
      const server = await serveHttp(nestApp, [], { PORT: '0' }, /MCP over Streamable HTTP at (http:\/\/[^\s,]+)/);
      stops.push(server.stop);
      expectGreeting(
        `NestJS ${server.url}`,
        await within(30_000, 'NestJS', listAndCall(new StreamableHTTPClientTransport(new URL(server.url)))),
      );
      const rest = await fetch(server.url.replace(/\/mcp$/, '/greet?name=Ada&excited=true'), { signal: AbortSignal.timeout(10_000) });
      const greeting = await rest.json();
      if (greeting.message !== 'Hello, Ada!') throw new Error(`GET /greet answered ${JSON.stringify(greeting)}`);
      await server.stop();
    });
    figures.push(
      `--nestjs scaffold install: ${nestInstallSeconds.toFixed(1)}s (npm cache warm); node_modules ${mb(folderBytes(nestModules))}`,
    );
    process.stdout.write(`check-release: figures\n${figures.map((line) => `  ${line}`).join('\n')}\n`);
    process.stdout.write(`check-release: PASS in ${((Date.now() - started) / 1000).toFixed(1)}s${keep ? ` (kept ${scratch})` : ''}\n`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    if (!keep) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`check-release: FAIL: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
