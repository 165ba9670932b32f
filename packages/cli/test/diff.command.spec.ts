import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createFixture, removeFixture, runArmature, writeFiles } from './support/fixture-project';

const V1 = `import { Tool, Resource, ResourceTemplate, Prompt } from '@armature/core';

export interface Note {
  id: string;
  title: string;
  kind: 'text' | 'list';
}

export class Notes {
  /**
   * Find notes.
   * @param query Words.
   * @minLength query 1
   */
  @Tool()
  search(query: string, limit?: number): Note[] {
    return [];
  }

  @Tool()
  create(title: string): Note {
    return { id: '1', title, kind: 'text' };
  }

  @Resource('notes://index')
  index(): string {
    return '';
  }

  @ResourceTemplate('notes://{id}')
  note(id: string): string {
    return id;
  }

  @Prompt()
  summarize(id: string): string {
    return id;
  }
}
`;

/** v2: search's optional input becomes required and it gains a required one, create loses an output property, a new tool, a changed template. */
const V2 = V1.replace('search(query: string, limit?: number)', 'search(query: string, limit: number, tag: string)')
  .replace("  kind: 'text' | 'list';\n", '')
  .replace("return { id: '1', title, kind: 'text' };", "return { id: '1', title };")
  .replace("@ResourceTemplate('notes://{id}')", "@ResourceTemplate('notes://note/{id}')")
  .replace(
    "  @Resource('notes://index')",
    `  @Tool()
  count(): number {
    return 0;
  }

  @Resource('notes://index')`,
  );

/** v3: only compatible changes from v1: a new optional input, a new tool. */
const V3 = V1.replace('search(query: string, limit?: number)', 'search(query: string, limit?: number, tag?: string)').replace(
  "  @Resource('notes://index')",
  `  @Tool()
  count(): number {
    return 0;
  }

  @Resource('notes://index')`,
);

interface Report {
  breaking: number;
  compatible: number;
  changes: { subject: { kind: string; name: string }; change: string; breaking: boolean; path: string; reason: string }[];
}

describe('armature diff and build --check-against (spawned CLI, real scans)', function () {
  this.timeout(120_000);
  let dir: string;
  let v1: string;
  before(() => {
    dir = createFixture({ 'src/notes.ts': V1 });
    const built = runArmature(['build'], dir);
    expect(built.status, built.stdout).to.equal(0);
    v1 = path.join(dir, 'v1.manifest.json');
    fs.copyFileSync(path.join(dir, 'dist/armature.manifest.json'), v1);
  });
  after(() => removeFixture(dir));

  it('writes a fingerprint per tool that changes only with its schemas', () => {
    const manifest = JSON.parse(fs.readFileSync(v1, 'utf8')) as {
      handlers: Record<string, { methods: Record<string, { fingerprint?: string }> }>;
    };
    const methods = manifest.handlers['src/notes.js#Notes']?.methods ?? {};
    expect(methods.search?.fingerprint).to.match(/^sha256-[0-9a-f]{32}$/);
    expect(methods.create?.fingerprint)
      .to.match(/^sha256-[0-9a-f]{32}$/)
      .and.not.equal(methods.search?.fingerprint);
    expect(methods.index).to.not.have.property('fingerprint');
  });

  it('reports no change between a manifest and itself, exit 0', () => {
    const result = runArmature(['diff', 'v1.manifest.json', 'dist'], dir);
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.contain('armature diff: no changes clients can see between v1.manifest.json and dist.');
  });

  it('classifies breaking changes with reasons, in text and JSON, and exits 1', () => {
    writeFiles(dir, { 'src/notes.ts': V2 });
    expect(runArmature(['build'], dir).status).to.equal(0);
    const text = runArmature(['diff', 'v1.manifest.json', 'dist/armature.manifest.json'], dir);
    expect(text.status, text.stdout + text.stderr).to.equal(1);
    const lines = text.stdout.split('\n');
    expect(lines).to.include('BREAKING   tool search input.tag: new required input: calls without it are refused [input.required-added]');
    expect(lines).to.include(
      'BREAKING   tool search input.limit: now required: arguments valid before may now be refused [input.required]',
    );
    expect(lines).to.include(
      'BREAKING   resourceTemplate notes://note/{id}: URI template changed from notes://{id}: reads of the old one fail [resourceTemplate.uri-changed]',
    );
    expect(lines.some((l) => l.startsWith('BREAKING   tool create output.kind: output property removed'))).to.equal(true);
    expect(lines).to.include('compatible tool count: new tool [tool.added]');

    const json = runArmature(['diff', 'v1.manifest.json', 'dist/armature.manifest.json', '--json'], dir);
    expect(json.status).to.equal(1);
    const report = JSON.parse(json.stdout) as Report;
    expect(report.breaking)
      .to.equal(report.changes.filter((c) => c.breaking).length)
      .and.be.at.least(3);
    expect(report.changes).to.deep.include({
      subject: { kind: 'tool', name: 'search' },
      change: 'input.required-added',
      breaking: true,
      path: 'input.tag',
      reason: 'new required input: calls without it are refused',
    });
  });

  it('exits 0 on compatible changes only', () => {
    writeFiles(dir, { 'src/notes.ts': V3 });
    expect(runArmature(['build'], dir).status).to.equal(0);
    const result = runArmature(['diff', 'v1.manifest.json', 'dist', '--json'], dir);
    expect(result.status, result.stdout).to.equal(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.breaking).to.equal(0);
    expect(report.changes.map((c) => c.change).sort()).to.deep.equal(['input.property-added', 'tool.added']);
  });

  it('exits 2 when a manifest cannot be read', () => {
    const result = runArmature(['diff', 'v1.manifest.json', 'missing.json'], dir);
    expect(result.status).to.equal(2);
    expect(result.stderr).to.contain('missing.json is neither a file, a folder, nor <git ref>:<path>.');
  });

  it('build --check-against a file compares with the manifest before the build, and fails on breaking changes', () => {
    writeFiles(dir, { 'src/notes.ts': V1 });
    expect(runArmature(['build'], dir).status).to.equal(0);
    writeFiles(dir, { 'src/notes.ts': V2 });
    const result = runArmature(['build', '--check-against', 'dist/armature.manifest.json'], dir);
    expect(result.status, result.stdout).to.equal(1);
    expect(result.stdout).to.contain('armature: built in');
    expect(result.stdout).to.contain('BREAKING   tool search input.tag: new required input');
    const compatible = runArmature(['build', '--check-against', 'v1.manifest.json'], dir);
    expect(compatible.status).to.equal(1);
    writeFiles(dir, { 'src/notes.ts': V3 });
    const ok = runArmature(['build', '--check-against', 'v1.manifest.json'], dir);
    expect(ok.status, ok.stdout).to.equal(0);
    expect(ok.stdout).to.contain('armature diff: 0 breaking, 2 compatible changes');
  });

  it('build --check-against a git ref reads the committed manifest at the same path', () => {
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
      });
    writeFiles(dir, { 'src/notes.ts': V1 });
    expect(runArmature(['build'], dir).status).to.equal(0);
    git('init', '-q');
    git('add', 'dist/armature.manifest.json', 'src/notes.ts');
    git('commit', '-q', '-m', 'v1');
    git('tag', 'v1');
    writeFiles(dir, { 'src/notes.ts': V2 });
    const broken = runArmature(['build', '--check-against', 'v1', '--json'], dir);
    expect(broken.status, broken.stdout).to.equal(1);
    const json = broken.stdout.slice(broken.stdout.indexOf('{'));
    const report = JSON.parse(json) as Report & { old: string };
    expect(report.old).to.equal('v1:dist/armature.manifest.json');
    expect(report.breaking).to.be.at.least(3);
    const viaDiff = runArmature(['diff', 'v1:dist/armature.manifest.json', 'dist'], dir);
    expect(viaDiff.status).to.equal(1);
    const unknown = runArmature(['build', '--check-against', 'no-such-ref'], dir);
    expect(unknown.status).to.equal(2);
    expect(unknown.stdout).to.contain('git show no-such-ref:dist/armature.manifest.json failed');
  });
});
