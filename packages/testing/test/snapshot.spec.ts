import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectSurface, createTestServer, matchJsonSnapshot, matchSurfaceSnapshot, SnapshotMismatchError, stableJson } from '../src';
import { GreeterModule } from './fixtures/greeter.module';
import { ensureFixtureManifest } from './support/fixture-manifest';

/** Snapshots live beside the test sources, not in dist. */
const SNAPSHOTS = join(__dirname, '../../test/__snapshots__');

describe('snapshots', () => {
  before(function () {
    this.timeout(60_000);
    ensureFixtureManifest();
  });

  describe('of JSON values (with the environment cleared)', () => {
    let dir: string;
    let env: { update: string | undefined; ci: string | undefined };

    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'armature-snapshot-'));
      env = { update: process.env.ARMATURE_UPDATE_SNAPSHOTS, ci: process.env.CI };
      delete process.env.ARMATURE_UPDATE_SNAPSHOTS;
      delete process.env.CI;
    });

    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
      for (const [key, value] of [
        ['ARMATURE_UPDATE_SNAPSHOTS', env.update],
        ['CI', env.ci],
      ] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    });

    it('write stable JSON: sorted keys, array order kept, final newline', () => {
      expect(stableJson({ b: 1, a: { d: [3, 1], c: null } })).to.equal(
        '{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      1\n    ]\n  },\n  "b": 1\n}\n',
      );
    });

    it('write a missing file, then match it, then fail on a change with a diff-ready error', () => {
      const file = join(dir, 'nested/value.json');
      expect(matchJsonSnapshot({ a: 1 }, file)).to.equal('written');
      expect(readFileSync(file, 'utf8')).to.equal('{\n  "a": 1\n}\n');
      expect(matchJsonSnapshot({ a: 1 }, file)).to.equal('matched');
      let error: unknown;
      try {
        matchJsonSnapshot({ a: 2 }, file);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(SnapshotMismatchError);
      const mismatch = error as SnapshotMismatchError;
      expect(mismatch).to.deep.include({
        code: 'ARM_ERR_SNAPSHOT_MISMATCH',
        showDiff: true,
        expected: '{\n  "a": 1\n}\n',
        actual: '{\n  "a": 2\n}\n',
      });
      expect(mismatch.message).to.include('from line 2').and.include('ARMATURE_UPDATE_SNAPSHOTS=1');
    });

    it('update the file when asked (option or ARMATURE_UPDATE_SNAPSHOTS=1)', () => {
      const file = join(dir, 'value.json');
      writeFileSync(file, stableJson({ a: 1 }));
      expect(matchJsonSnapshot({ a: 2 }, file, { update: true })).to.equal('updated');
      process.env.ARMATURE_UPDATE_SNAPSHOTS = '1';
      expect(matchJsonSnapshot({ a: 3 }, file)).to.equal('updated');
      expect(matchJsonSnapshot({ a: 3 }, file)).to.equal('matched');
      expect(JSON.parse(readFileSync(file, 'utf8'))).to.deep.equal({ a: 3 });
    });

    it('refuse to write a missing file on CI', () => {
      process.env.CI = 'true';
      const file = join(dir, 'missing.json');
      expect(() => matchJsonSnapshot({ a: 1 }, file)).to.throw(/ARM_ERR_SNAPSHOT_MISSING/);
      expect(existsSync(file)).to.equal(false);
    });
  });

  it('collect the surface in a stable order, whatever the registration order', async function () {
    this.timeout(20_000);
    const server = await createTestServer(GreeterModule);
    try {
      server.app.tools.register({ name: 'zeta', inputSchema: { type: 'object' }, handler: () => 'z' });
      server.app.tools.register({ name: 'alpha', inputSchema: { type: 'object' }, handler: () => 'a' });
      const surface = await collectSurface(server.client);
      expect(surface.tools.map((t) => t.name)).to.deep.equal(['alpha', 'fail', 'greet', 'shout', 'whoami', 'zeta']);
      expect(surface.resources.map((r) => r.uri)).to.deep.equal(['greeter://about']);
      expect(surface.prompts.map((p) => p.name)).to.deep.equal(['welcome']);
      expect(surface.capabilities).to.have.property('tools');
    } finally {
      await server.close();
    }
  });

  it('match the fixture server surface against its committed snapshot', async function () {
    this.timeout(20_000);
    const server = await createTestServer(GreeterModule);
    try {
      const surface = await matchSurfaceSnapshot(server.client, join(SNAPSHOTS, 'greeter-surface.json'));
      expect(surface.tools.find((t) => t.name === 'greet')?.inputSchema.required).to.deep.equal(['name']);
    } finally {
      await server.close();
    }
  });
});
