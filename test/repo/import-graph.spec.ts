import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { loadScript } from './support/repo-scripts';

type Edges = Record<string, { folders: string[]; files: string[] }>;
interface ImportGraphLib {
  readonly BASELINE: string;
  packageGraph(name: string): { files: Map<string, Set<string>>; folders: Map<string, Set<string>> };
  cycles(graph: Map<string, Set<string>>): string[][];
  cycleEdges(): Edges;
  compareWithBaseline(current: Edges, baseline: Edges): string[];
}

const lib = loadScript<ImportGraphLib>('scripts/lib/import-graph.js');

describe('import graph of packages/{core,http,di}/src', () => {
  it('has no folder or file cycle beyond the recorded baseline, and the baseline lists only cycles that still exist', () => {
    const baseline = JSON.parse(readFileSync(lib.BASELINE, 'utf8')) as Edges;
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
