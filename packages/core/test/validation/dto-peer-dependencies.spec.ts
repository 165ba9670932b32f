import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * class-validator and class-transformer are optional peer dependencies of @armature/core. These
 * tests boot an app in a child process whose `node_modules` holds only what an install of
 * @armature/core would (links to this repository's copies, resolved with --preserve-symlinks, so
 * nothing is found through the repository's own node_modules), with and without the two peers.
 */

const CORE = path.resolve(__dirname, '..', '..', '..');

/** Where Node would find `name` from `from`: the nearest node_modules/<name> up the tree. */
function packageDir(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed (looked up from ${from})`);
  }
}

/** Links `names` and everything they depend on, flat, into `modules` (as npm would hoist them). */
function installLinks(modules: string, names: readonly string[], from: string): void {
  const linked = new Map<string, string>();
  const pending = names.map((name) => ({ name, from }));
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const dir = packageDir(next.name, next.from);
    const already = linked.get(next.name);
    if (already !== undefined) {
      if (already !== dir) throw new Error(`two copies of ${next.name}: ${already} and ${dir}`);
      continue;
    }
    linked.set(next.name, dir);
    const target = path.join(modules, next.name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.symlinkSync(dir, target, 'dir');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) pending.push({ name: dependency, from: dir });
  }
}

/** An app with one tool taking a DTO class (plain JavaScript: the decorators applied by hand). */
const APP = `
require('reflect-metadata');
const { Armature, Tool } = require('@armature/core');
const { Injectable, Module } = require('@armature/di');
class SignupDto {}
class SignupTools {
  signup(dto) { return 'ok ' + (dto instanceof SignupDto); }
}
Reflect.defineMetadata('design:paramtypes', [SignupDto], SignupTools.prototype, 'signup');
Tool({ inputSchema: { type: 'object', properties: { email: { type: 'string' } } } })(
  SignupTools.prototype, 'signup', Object.getOwnPropertyDescriptor(SignupTools.prototype, 'signup'));
Injectable()(SignupTools);
class AppModule {}
Module({ handlers: [SignupTools] })(AppModule);
let peerFound = true;
try { require.resolve('class-validator'); } catch { peerFound = false; }
Armature.create(AppModule, { name: 'dto-app', version: '1.0.0' }).then(
  async (app) => { await app.close(); console.log(JSON.stringify({ booted: true, peerFound })); },
  (error) => console.log(JSON.stringify({ booted: false, peerFound, code: error.code, message: error.message })),
);
`;

interface BootReport {
  booted: boolean;
  peerFound: boolean;
  code?: string;
  message?: string;
}

describe('class-validator and class-transformer: optional peer dependencies of @armature/core', function () {
  this.timeout(60_000);
  let project: string;

  beforeEach(() => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-dto-peers-'));
    fs.writeFileSync(path.join(project, 'app.js'), APP);
  });
  afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

  function boot(): BootReport {
    const result = spawnSync(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', 'app.js'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NODE_PATH: '' },
    });
    expect(result.status, result.stderr).to.equal(0);
    return JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as BootReport;
  }

  it('core installs and loads without them; a tool taking a DTO class fails the boot naming the package to install', () => {
    installLinks(path.join(project, 'node_modules'), ['@armature/core', 'reflect-metadata'], CORE);
    expect(fs.existsSync(path.join(project, 'node_modules', 'class-validator'))).to.equal(false);
    const report = boot();
    expect(report).to.include({ booted: false, peerFound: false, code: 'ARM_ERR_DTO_LIBRARY_MISSING' });
    expect(report.message).to.contain('takes the DTO class SignupDto, which needs class-transformer (not installed)');
    expect(report.message).to.contain('npm install class-validator class-transformer');
  });

  it('with both installed next to core, the same app boots', () => {
    installLinks(path.join(project, 'node_modules'), ['@armature/core', 'reflect-metadata', 'class-validator', 'class-transformer'], CORE);
    expect(boot()).to.deep.equal({ booted: true, peerFound: true });
  });
});
