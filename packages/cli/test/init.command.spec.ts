import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { packageName } from '../src';
import { runArmature } from './support/fixture-project';
import { removeScaffold, scaffoldInWorkspace } from './support/scaffolded-project';

const MOCHA = require.resolve('mocha/bin/mocha.js');

describe('armature init', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-init-'));
  });
  afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('writes the project files and says what to do next', () => {
    const result = runArmature(['init', 'my-server'], scratch);
    expect(result.status, result.stderr).to.equal(0);
    const dir = path.join(scratch, 'my-server');
    for (const file of [
      'package.json',
      'tsconfig.json',
      '.gitignore',
      'README.md',
      'src/hello.handlers.ts',
      'src/app.module.ts',
      'src/main.ts',
      'test/hello.spec.ts',
    ]) {
      expect(fs.existsSync(path.join(dir, file)), file).to.equal(true);
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.name).to.equal('my-server');
    expect(pkg.dependencies['@armature/core']).to.equal('^0.1.0');
    expect(pkg.devDependencies['@armature/testing']).to.equal('^0.1.0');
    // A Node server needs no DOM typings; leaving them out saves ~0.7 s of every cold build.
    const tsconfig = JSON.parse(fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: { lib?: string[] } };
    expect(tsconfig.compilerOptions.lib).to.deep.equal(['ES2022']);
    expect(result.stdout.split('\n')).to.include.members(['  cd my-server', '  npm install', '  npm run build && npm test']);
  });

  it('takes --http, --ws and --redis as npm create armature does (--redis brings HTTP)', () => {
    const result = runArmature(['init', 'scaled', '--redis', '--ws'], scratch);
    expect(result.status, result.stderr).to.equal(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(scratch, 'scaled/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).to.include.members(['@armature/http', '@armature/ws', '@armature/redis']);
    expect(result.stdout).to.contain('  npm start            # Streamable HTTP on port 3000, state in Redis at REDIS_URL; see README.md');
  });

  it('refuses a folder that is not empty, and a missing folder argument', () => {
    fs.writeFileSync(path.join(scratch, 'keep.txt'), 'x');
    const taken = runArmature(['init', '.'], scratch);
    expect(taken.status).to.equal(1);
    expect(taken.stdout.trim()).to.equal('armature: . is not empty; choose a new folder (nothing was written).');
    expect(fs.readdirSync(scratch)).to.deep.equal(['keep.txt']);
    const usage = runArmature(['init'], scratch);
    expect(usage.status).to.equal(2);
    expect(usage.stderr).to.contain('armature: init needs a folder: armature init <dir>.');
  });

  it('derives an npm name from the folder name', () => {
    expect(packageName('My Server')).to.equal('my-server');
    expect(packageName('__Tools v2!')).to.equal('tools-v2');
    expect(packageName('***')).to.equal('mcp-server');
  });

  describe('the scaffolded project, with no edits', () => {
    let dir: string;
    before(function () {
      this.timeout(120_000);
      dir = scaffoldInWorkspace('hello-server');
      const build = runArmature(['build'], dir);
      expect(build.status, build.stdout + build.stderr).to.equal(0);
    });
    after(() => removeScaffold(dir));

    it('builds, writing the manifest of its tool and resource', () => {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'dist/armature.manifest.json'), 'utf8')) as {
        handlers: Record<string, { methods: Record<string, { kind: string }> }>;
      };
      const methods = manifest.handlers['src/hello.handlers.js#HelloHandlers']?.methods ?? {};
      expect(Object.fromEntries(Object.entries(methods).map(([name, m]) => [name, m.kind]))).to.deep.equal({
        greet: 'tool',
        about: 'resource',
      });
    });

    it('passes its own test', function () {
      this.timeout(60_000);
      const test = spawnSync(process.execPath, [MOCHA, '--require', 'reflect-metadata', 'dist/test/**/*.spec.js'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 50_000,
      });
      expect(test.status, test.stdout + test.stderr).to.equal(0);
      expect(test.stdout).to.match(/3 passing/);
    });

    it('starts and answers over stdio', async function () {
      this.timeout(30_000);
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [path.join(dir, 'dist/src/main.js')],
        cwd: dir,
        stderr: 'pipe',
      });
      const client = new Client({ name: 'init-check', version: '1.0.0' });
      await client.connect(transport);
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).to.deep.equal(['greet']);
        const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
        expect(result.structuredContent).to.deep.equal({ message: 'Hello, Ada.', length: 11 });
        expect((await client.listResources()).resources.map((r) => r.uri)).to.deep.equal(['hello://about']);
      } finally {
        await client.close();
      }
    });
  });
});
