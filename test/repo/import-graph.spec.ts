import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { loadScript } from './support/repo-scripts';

type Edges = Record<string, { folders: string[]; files: string[]; circles: string[][] }>;
type Baseline = Record<string, { folders: string[]; files: string[]; circles: { files: string[]; reason: string }[] }>;
interface ImportGraphLib {
  readonly BASELINE: string;
  readonly NO_REASON: string;
  packageGraph(name: string): { files: Map<string, Set<string>>; folders: Map<string, Set<string>> };
  cycles(graph: Map<string, Set<string>>): string[][];
  cycleEdges(): Edges;
  baselineOf(current: Edges, previous: Partial<Baseline>): Baseline;
  compareWithBaseline(current: Edges, baseline: Baseline): string[];
}

const lib = loadScript<ImportGraphLib>('scripts/lib/import-graph.js');

describe('import graph of packages/{core,http,di}/src', () => {
  it('has no folder or file cycle beyond the recorded baseline, and the baseline lists only cycles that still exist', () => {
    const baseline = JSON.parse(readFileSync(lib.BASELINE, 'utf8')) as Baseline;
    const problems = lib.compareWithBaseline(lib.cycleEdges(), baseline);
    expect(problems, `${problems.join('\n')}\n(node scripts/check-import-graph.js shows the same)`).to.deep.equal([]);
  });

  it('keeps @armature/di free of cycles, and every core folder but kernel, protocol and tasks out of its remaining one', () => {
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

  it('fails on a file circle unless it is baselined as a whole with a reason, and on a baselined circle that is gone', () => {
    const empty = { folders: [], files: [], circles: [] };
    const circle = ['kernel/a.ts', 'kernel/b.ts'];
    const edges = ['kernel/a.ts -> kernel/b.ts', 'kernel/b.ts -> kernel/a.ts'];
    const current: Edges = { core: { folders: [], files: edges, circles: [circle] }, http: empty, di: empty };
    const written = lib.baselineOf(current, {});
    expect(written.core!.circles).to.deep.equal([{ files: circle, reason: lib.NO_REASON }]);
    expect(lib.compareWithBaseline(current, written)).to.deep.equal([
      'file circle in packages/core/src: kernel/a.ts kernel/b.ts is baselined without a reason: say why it stays',
    ]);
    const withoutCircle: Baseline = { ...written, core: { folders: [], files: edges, circles: [] } };
    expect(lib.compareWithBaseline(current, withoutCircle)).to.deep.equal([
      'file circle in packages/core/src: kernel/a.ts kernel/b.ts (break it, or baseline it with a reason)',
    ]);
    const reason = 'the two halves of one exchange, typed against each other';
    const explained: Baseline = { ...written, core: { folders: [], files: edges, circles: [{ files: circle, reason }] } };
    expect(lib.compareWithBaseline(current, explained)).to.deep.equal([]);
    expect(lib.baselineOf(current, explained).core!.circles).to.deep.equal([{ files: circle, reason }]);
    const gone: Edges = { core: empty, http: empty, di: empty };
    expect(lib.compareWithBaseline(gone, explained)).to.include(
      'packages/core/src: the circle kernel/a.ts kernel/b.ts is gone: remove it from scripts/import-graph-baseline.json',
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
