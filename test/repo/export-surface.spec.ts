import { expect } from 'chai';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { REPO_ROOT, loadScript } from './support/repo-scripts';

type Surface = Record<string, string[]>;
interface ExportSurfaceLib {
  readSurfaces(): Record<string, Surface>;
  snapshotFile(pkgName: string): string;
  diffSurface(committed: Surface, built: Surface): string[];
}

const lib = loadScript<ExportSurfaceLib>('scripts/lib/export-surface.js');

describe('public surface: each package export list matches its committed snapshot', () => {
  const surfaces = lib.readSurfaces();

  for (const [name, built] of Object.entries(surfaces)) {
    it(`${name}`, () => {
      const file = lib.snapshotFile(name);
      expect(existsSync(file), `no snapshot for ${name}: run node scripts/export-surface.js --write`).to.equal(true);
      const committed = JSON.parse(readFileSync(file, 'utf8')) as Surface;
      const diff = lib.diffSurface(committed, built);
      const hint =
        `${name} exports changed (+ added, - removed):\n${diff.join('\n')}\n` +
        'If intended, run `node scripts/export-surface.js --write`, commit the snapshot, and note a removal in docs/migration.md.';
      expect(diff, hint).to.deep.equal([]);
    });
  }

  it('keeps @armature/core root at most a third of the 312 names it once had', () => {
    expect(surfaces['@armature/core']?.['.']?.length).to.be.at.most(104);
  });

  it('has no default export at any package root', () => {
    for (const [name, surface] of Object.entries(surfaces)) expect(surface['.'] ?? [], name).to.not.include('default');
  });

  it('keeps no snapshot of a package that no longer exists', () => {
    const expected = Object.keys(surfaces)
      .map((name) => basename(lib.snapshotFile(name)))
      .sort();
    expect(readdirSync(join(REPO_ROOT, 'test', 'repo', 'export-snapshots')).sort()).to.deep.equal(expected);
  });
});
