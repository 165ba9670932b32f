import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromManifestDocument, type ManifestDocument } from '@armature/schema';
import { memoryOutput, startDev, type DevCycle, type DevSession } from '../src';
import { until } from '@armature/testing';
import { createFixture, readJson, removeFixture, writeFiles } from './support/fixture-project';

const HANDLERS = (extra = ''): string => `import { Tool } from '@armature/core';
export class Handlers {
  @Tool() hello(name: string): string { return name; }
${extra}}
`;

/** A server that records its pid (and reloads, when asked to support them) in a log file. */
const SERVER = `const fs = require('node:fs');
const [log, mode] = process.argv.slice(2);
fs.appendFileSync(log, 'start ' + process.pid + '\\n');
if (mode === 'reload') {
  process.on('message', (m) => {
    if (m && m.type === 'armature:reload') {
      fs.appendFileSync(log, 'reload ' + m.manifests.length + '\\n');
      process.send({ type: 'armature:reloaded', ok: true });
    }
  });
  process.send({ type: 'armature:dev-ready', reload: true });
}
setInterval(() => undefined, 1000);
`;

describe('armature dev', function () {
  // Each wait below is bounded (30 s for a rebuild); a test may chain three of them on a loaded
  // machine (the full suite), more than mocha's default allows.
  this.timeout(120_000);
  let dir: string;
  let session: DevSession | undefined;
  let cycles: DevCycle[];

  let output: ReturnType<typeof memoryOutput>;

  function start(mode: string, strict = false): void {
    cycles = [];
    output = memoryOutput();
    session = startDev({
      project: path.join(dir, 'tsconfig.json'),
      output,
      strict,
      entry: path.join(dir, 'server.js'),
      args: [path.join(dir, 'server.log'), mode],
      onCycle: (cycle) => cycles.push(cycle),
    });
  }

  async function cycle(n: number): Promise<DevCycle> {
    await until(() => cycles.length >= n, `rebuild #${n}`, { timeoutMs: 30_000, intervalMs: 50 });
    return cycles[n - 1] as DevCycle;
  }

  function log(): string[] {
    const file = path.join(dir, 'server.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
  }

  beforeEach(() => {
    dir = createFixture({ 'src/handlers.ts': HANDLERS(), 'server.js': SERVER });
  });

  afterEach(async () => {
    await session?.close();
    session = undefined;
    removeFixture(dir);
  });

  it('builds, starts the server, and after a one-line change rebuilds the manifest and restarts it', async () => {
    start('plain');
    const first = await cycle(1);
    expect(first).to.include({ errorCount: 0, problemCount: 0, server: 'started' });
    await until(() => log().length === 1, 'the server to start', { timeoutMs: 10_000, intervalMs: 50 });

    writeFiles(dir, { 'src/handlers.ts': HANDLERS('  @Tool() bye(name: string): string { return name; }\n') });
    const second = await cycle(2);
    expect(second).to.include({ errorCount: 0, problemCount: 0, server: 'restarted' });
    expect(second.changedManifests).to.deep.equal([path.join(dir, 'dist', 'armature.manifest.json')]);
    const manifest = fromManifestDocument(readJson(path.join(dir, 'dist', 'armature.manifest.json')) as ManifestDocument);
    expect(Object.keys(manifest.handlers['src/handlers.js#Handlers']?.methods ?? {})).to.deep.equal(['hello', 'bye']);
    await until(() => log().length === 2, 'the server to restart', { timeoutMs: 10_000, intervalMs: 50 });
    const [a, b] = log();
    expect(a).to.match(/^start \d+$/);
    expect(b).to.match(/^start \d+$/);
    expect(a).not.to.equal(b);
  });

  it('rebuilds after a save whose file time is older than the last build (file times lag the process clock by up to a tick)', async () => {
    start('plain');
    await cycle(1);
    // TypeScript dates a build's outputs by the process clock, a source file by the file system's
    // coarser clock: a save a few milliseconds after a build can carry an earlier time. Set one.
    const built = fs.statSync(path.join(dir, 'dist', 'tsconfig.tsbuildinfo')).mtimeMs;
    writeFiles(dir, { 'src/handlers.ts': HANDLERS('  @Tool() bye(name: string): string { return name; }\n') });
    const lagging = new Date(built - 1);
    fs.utimesSync(path.join(dir, 'src', 'handlers.ts'), lagging, lagging);
    const second = await cycle(2);
    expect(second).to.include({ errorCount: 0, problemCount: 0, server: 'restarted' });
    expect(second.changedManifests).to.deep.equal([path.join(dir, 'dist', 'armature.manifest.json')]);
  });

  it('writes server.json after each good cycle; a bad armature.registry is printed and the server still runs', async () => {
    const pkg = (version: string, name: string): string =>
      JSON.stringify({ name: 'hello-mcp', version, description: 'Says hello.', armature: { registry: { name } } });
    writeFiles(dir, { 'package.json': pkg('1.0.0', 'io.github.acme/hello') });
    start('plain');
    await cycle(1);
    const serverJson = path.join(dir, 'dist', 'server.json');
    expect(readJson(serverJson)).to.include({ name: 'io.github.acme/hello', version: '1.0.0' });

    writeFiles(dir, {
      'package.json': pkg('1.0.1', 'io.github.acme/hello'),
      'src/handlers.ts': HANDLERS('  @Tool() bye(): string { return "bye"; }\n'),
    });
    expect(await cycle(2)).to.include({ server: 'restarted' });
    expect(readJson(serverJson)).to.include({ version: '1.0.1' });

    writeFiles(dir, { 'package.json': pkg('1.0.2', 'hello'), 'src/handlers.ts': HANDLERS() });
    expect(await cycle(3)).to.include({ server: 'restarted' });
    expect(output.lines.join('\n')).to.contain('armature.registry.name: must match');
    expect(readJson(serverJson), 'the last good server.json is kept').to.include({ version: '1.0.1' });
  });

  it('reloads in place a server that announced it can', async () => {
    start('reload');
    await cycle(1);
    await until(() => log().length === 1, 'the server to start', { timeoutMs: 10_000, intervalMs: 50 });
    writeFiles(dir, { 'src/handlers.ts': HANDLERS('  @Tool() bye(): string { return "bye"; }\n') });
    const second = await cycle(2);
    expect(second.server).to.equal('reloaded');
    expect(log()).to.have.length(2);
    expect(log()[1]).to.equal('reload 1');
  });

  it('rescans a handler file when a type it imports changes', async () => {
    writeFiles(dir, {
      'src/types.ts': 'export interface Query { text: string }\n',
      'src/search.ts':
        "import { Tool } from '@armature/core';\nimport type { Query } from './types';\nexport class Search {\n  @Tool() find(q: Query): string { return q.text; }\n}\n",
    });
    start('plain');
    await cycle(1);
    writeFiles(dir, { 'src/types.ts': 'export interface Query { text: string; limit?: number }\n' });
    const second = await cycle(2);
    expect(second.changedManifests).to.have.length(1);
    const manifest = fromManifestDocument(readJson(path.join(dir, 'dist', 'armature.manifest.json')) as ManifestDocument);
    const q = manifest.handlers['src/search.js#Search']?.methods.find?.inputSchema?.properties as Record<string, { properties?: object }>;
    expect(Object.keys(q.q?.properties ?? {})).to.deep.equal(['text', 'limit']);
  });

  it('keeps the server running while the sources have schema problems', async () => {
    start('plain');
    await cycle(1);
    writeFiles(dir, { 'src/handlers.ts': HANDLERS('  @Tool() bad(cb: () => void): void {}\n') });
    const second = await cycle(2);
    expect(second).to.include({ problemCount: 1, server: 'kept' });
    expect(second.changedManifests).to.deep.equal([]);
  });
  const MISSPELLED = '  /** @minLenght name 2 */\n  @Tool() greet(name: string): string { return name; }\n';

  it('with --strict, a misspelled JSDoc tag fails the cycle: the server keeps its last good build, and the fix restarts it', async () => {
    start('plain', true);
    await cycle(1);
    await until(() => log().length === 1, 'the server to start', { timeoutMs: 10_000, intervalMs: 50 });
    writeFiles(dir, { 'src/handlers.ts': HANDLERS(MISSPELLED) });
    const second = await cycle(2);
    expect(second).to.include({ errorCount: 0, problemCount: 1, server: 'kept' });
    expect(output.lines.join('\n')).to.match(/error ARM_WARN_UNKNOWN_TAG: .*@minLenght.*did you mean @minLength\?/);
    expect(log()).to.have.length(1);
    writeFiles(dir, { 'src/handlers.ts': HANDLERS(MISSPELLED.replace('@minLenght', '@minLength')) });
    // TypeScript's watcher may report a rebuild that found nothing new (emitted nothing, changed no
    // manifest) before the one with the fix; that one keeps the server, the fix restarts it.
    await until(() => cycles.slice(2).some((c) => c.server !== 'kept'), 'the rebuild with the fix', { timeoutMs: 30_000, intervalMs: 50 });
    const fixed = cycles.slice(2).find((c) => c.server !== 'kept');
    for (const noop of cycles.slice(2, cycles.indexOf(fixed as DevCycle)))
      expect(noop).to.deep.include({ errorCount: 0, emittedFiles: [], changedManifests: [] });
    expect(fixed).to.include({ errorCount: 0, problemCount: 0, server: 'restarted' });
  });

  it('without --strict, the same tag is a warning: the cycle goes through and the server restarts', async () => {
    start('plain');
    await cycle(1);
    writeFiles(dir, { 'src/handlers.ts': HANDLERS(MISSPELLED) });
    const second = await cycle(2);
    expect(second).to.include({ errorCount: 0, problemCount: 0, server: 'restarted' });
    expect(output.lines.join('\n')).to.match(/warning ARM_WARN_UNKNOWN_TAG: .*@minLenght.*did you mean @minLength\?/);
  });
});
