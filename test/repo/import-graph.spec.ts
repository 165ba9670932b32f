import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { loadScript } from './support/repo-scripts';

type Edges = Record<string, { folders: string[]; files: string[]; circles: string[][] }>;
type Baseline = Record<string, { folders: string[] }>;
interface ImportGraphLib {
  readonly BASELINE: string;
  packageGraph(name: string): { files: Map<string, Set<string>>; folders: Map<string, Set<string>> };
  cycles(graph: Map<string, Set<string>>): string[][];
  cycleEdges(): Edges;
  baselineOf(current: Edges): Baseline;
  compareWithBaseline(current: Edges, baseline: Baseline): string[];
}

const lib = loadScript<ImportGraphLib>('scripts/lib/import-graph.js');

describe('import graph of packages/{core,http,di}/src', () => {
  it('has no file circle and no folder cycle beyond the recorded baseline, and the baseline lists only cycles that still exist', () => {
    const baseline = JSON.parse(readFileSync(lib.BASELINE, 'utf8')) as Baseline;
    const problems = lib.compareWithBaseline(lib.cycleEdges(), baseline);
    expect(problems, `${problems.join('\n')}\n(node scripts/check-import-graph.js shows the same)`).to.deep.equal([]);
  });

  it('keeps @armature/di free of cycles, and the leaf folders of core off any cycle', () => {
    const di = lib.packageGraph('di');
    expect(lib.cycles(di.folders)).to.deep.equal([]);
    expect(lib.cycles(di.files)).to.deep.equal([]);
    const onCycle = new Set(lib.cycles(lib.packageGraph('core').folders).flat());
    for (const leaf of [
      'context',
      'errors',
      'guards',
      'jsonrpc',
      'logging',
      'metadata',
      'rate-limit',
      'results',
      'routes',
      'transport',
      'uri-template',
      'validation',
      'wire',
    ])
      expect(onCycle.has(leaf), leaf).to.equal(false);
  });

  it('fails on any file circle (none can be baselined), and on a baselined folder edge that is gone', () => {
    const empty = { folders: [], files: [], circles: [] };
    const circle = ['kernel/a.ts', 'kernel/b.ts'];
    const edges = ['kernel/a.ts -> kernel/b.ts', 'kernel/b.ts -> kernel/a.ts'];
    const current: Edges = { core: { folders: [], files: edges, circles: [circle] }, http: empty, di: empty };
    const written = lib.baselineOf(current);
    expect(written.core).to.deep.equal({ folders: [] });
    expect(lib.compareWithBaseline(current, written)).to.deep.equal([
      'file circle in packages/core/src: kernel/a.ts kernel/b.ts (break it; a file circle cannot be baselined)',
    ]);
    const folderCycle: Edges = { core: { folders: ['app -> kernel', 'kernel -> app'], files: [], circles: [] }, http: empty, di: empty };
    expect(lib.compareWithBaseline(folderCycle, { core: { folders: [] }, http: { folders: [] }, di: { folders: [] } })).to.deep.equal([
      'new folders cycle edge in packages/core/src: app -> kernel',
      'new folders cycle edge in packages/core/src: kernel -> app',
    ]);
    const baselined = lib.baselineOf(folderCycle);
    expect(lib.compareWithBaseline(folderCycle, baselined)).to.deep.equal([]);
    const gone: Edges = { core: empty, http: empty, di: empty };
    expect(lib.compareWithBaseline(gone, baselined)).to.include(
      'packages/core/src: app -> kernel is no longer on a cycle: remove it from scripts/import-graph-baseline.json',
    );
  });

  it('finds a cycle when there is one (the checker itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(lib.cycles(graph)).to.deep.equal([['a', 'b', 'c']]);
  });
});
