import { expect } from 'chai';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './support/repo-scripts';

/** The most lines a source file has without a row saying why it is one unit. */
const MAX_LINES = 250;
const ARCHITECTURE = join(REPO_ROOT, 'docs', 'ARCHITECTURE.md');
const TABLE_HEADING = '### Source files over 250 lines';

/** Every non-generated `.ts` file under `packages/*\/src`, as its path below `packages/`. */
function sourceFiles(): string[] {
  const packages = join(REPO_ROOT, 'packages');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) return walk(file);
      return name.endsWith('.ts') && !name.endsWith('.generated.ts') ? [file] : [];
    });
  return readdirSync(packages)
    .map((name) => join(packages, name, 'src'))
    .filter((src) => statSync(src, { throwIfNoEntry: false })?.isDirectory() === true)
    .flatMap(walk)
    .map((file) => relative(packages, file).split('\\').join('/'));
}

/** Lines as `wc -l` counts them. */
function lineCount(path: string): number {
  return (readFileSync(join(REPO_ROOT, 'packages', path), 'utf8').match(/\n/g) ?? []).length;
}

/** The paths (below `packages/`) the table in docs/ARCHITECTURE.md gives a row, each with its reason. */
function tableRows(): Map<string, string> {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const start = text.indexOf(TABLE_HEADING);
  expect(start, `${TABLE_HEADING} in docs/ARCHITECTURE.md`).to.be.greaterThan(-1);
  const section = text.slice(start + TABLE_HEADING.length).split(/\n#{2,3} /)[0];
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const row = /^\|\s*`([^`]+)`\s*\|[^|]*\|\s*(.*?)\s*\|\s*$/.exec(line);
    if (row !== null) rows.set(row[1], row[2]);
  }
  return rows;
}

describe('repository guards: every long source file is accounted for', () => {
  it(`a non-generated file under packages/*/src has at most ${MAX_LINES} lines, or a row in docs/ARCHITECTURE.md saying why`, () => {
    const rows = tableRows();
    const files = sourceFiles();
    expect(files.length, 'files scanned').to.be.greaterThan(100);
    const unexplained = files
      .filter((path) => lineCount(path) > MAX_LINES && !rows.has(path))
      .map((path) => `${path} (${lineCount(path)} lines)`);
    expect(unexplained, `split by job, or add a row to "${TABLE_HEADING}" saying why it is one unit`).to.deep.equal([]);
  });

  it('every row of that table names a file that exists, is over the limit, and says why', () => {
    const problems: string[] = [];
    for (const [path, why] of tableRows()) {
      if (statSync(join(REPO_ROOT, 'packages', path), { throwIfNoEntry: false }) === undefined) problems.push(`${path}: no such file`);
      else if (lineCount(path) <= MAX_LINES) problems.push(`${path}: ${lineCount(path)} lines now; drop its row`);
      if (why.length < 20) problems.push(`${path}: the row does not say why it is one unit`);
    }
    expect(problems, 'keep docs/ARCHITECTURE.md true to the sources').to.deep.equal([]);
  });

  it('the table reader finds the rows it is meant to', () => {
    const rows = tableRows();
    expect(rows.size).to.be.greaterThan(5);
    expect(rows.has('schema/src/scan/dto-constraints.ts')).to.equal(true);
  });
});
