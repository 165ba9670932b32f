import { expect } from 'chai';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './support/repo-scripts';

/** Files under `dir` whose name ends with one of `endings` (dist/ and node_modules/ skipped). */
function filesUnder(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'dist' || name === 'node_modules') return [];
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file, endings);
    return endings.some((ending) => name.endsWith(ending)) ? [file] : [];
  });
}

/** Every `<group>/*\/<folder>` folder of the repository (packages, examples; src or test). */
function sourceFolders(group: string, folder = 'src'): string[] {
  const root = join(REPO_ROOT, group);
  return readdirSync(root)
    .map((name) => join(root, name, folder))
    .filter((src) => statSync(src, { throwIfNoEntry: false })?.isDirectory() === true);
}

const rel = (file: string): string => relative(REPO_ROOT, file).split('\\').join('/');

/** Matches of `pattern` (global) in `file`, as "path:line: text". */
function hits(file: string, pattern: RegExp): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.match(pattern) === null ? [] : [`${rel(file)}:${index + 1}: ${line.trim()}`]));
}

describe('repository guards: what must not come back', () => {
  it('names no issue of a tracker outside the repository (the word "issue" and a number) in sources, tests or docs', () => {
    const codeFolders = [
      ...sourceFolders('packages'),
      ...sourceFolders('examples'),
      ...sourceFolders('packages', 'test'),
      ...sourceFolders('examples', 'test'),
      join(REPO_ROOT, 'test'),
    ];
    const files = [
      ...codeFolders.flatMap((folder) => filesUnder(folder, ['.ts', '.tsx', '.js'])),
      ...filesUnder(join(REPO_ROOT, 'docs'), ['.md']),
    ];
    expect(files.length, 'files scanned').to.be.greaterThan(100);
    const found = files.flatMap((file) => hits(file, /\bissues?\s+#?\d+/i));
    expect(found, 'say why in words instead of pointing at a tracker').to.deep.equal([]);
  });

  /**
   * A comparison with an MCP revision's name (`=== '2025-11-25'`, `case '2026-07-28':`, a
   * `PROTOCOL_2026`/`REVISION_2025` constant) or with a task's `era`. The revision objects
   * (`REVISION_OBJECTS`) own every difference between revisions; anything else asks them.
   */
  const REVISION_COMPARISON =
    /[!=]==?\s*'20\d\d-\d\d-\d\d'|'20\d\d-\d\d-\d\d'\s*[!=]==?|case\s+'20\d\d-\d\d-\d\d'|[!=]==?\s*(?:PROTOCOL|REVISION)_20\d\d\b|\b(?:PROTOCOL|REVISION)_20\d\d\s*[!=]==?|\bera\s*[!=]==?|[!=]==?\s*[\w.]*\bera\b/;

  /** The revision objects and their wire facts: where revisions may differ. */
  const REVISION_OBJECTS = new Set([
    'packages/core/src/kernel/revision.ts',
    'packages/core/src/kernel/revision-2026.ts',
    'packages/core/src/kernel/mcp-2026.ts',
    'packages/core/src/session/revision-2025.ts',
  ]);

  /**
   * Today's offenders, file by file, with how many comparisons each still makes. The count may
   * only go down: a file that compares more fails, and so does one that compares less until its
   * allowance is lowered (or its line removed) here.
   */
  const ALLOWED: Readonly<Record<string, { readonly count: number; readonly why: string }>> = {
    // The test kit checks the server from outside: it picks the schema of the revision a message
    // belongs to from what the peer sent, and has no Revision object to ask.
    'packages/testing/src/wire/wire-checked.transport.ts': { count: 2, why: 'schema checker picks the revision of a message' },
    'packages/testing/src/wire/mcp-revision.ts': { count: 1, why: 'schema checker reads the revision a request names' },
    'packages/testing/src/wire/server-message-errors.ts': { count: 3, why: 'per-revision schema checks of task messages' },
    // A client-side scenario: the client under test chose the revision.
    'packages/transport-fixtures/src/revision-client-scenario.ts': { count: 1, why: 'the scenario asserts per client revision' },
  };

  it('compares revision names only inside the revision objects (a shrinking, commented allowlist for the rest)', () => {
    const files = [...sourceFolders('packages'), ...sourceFolders('examples')]
      .flatMap((src) => filesUnder(src, ['.ts']))
      .filter((file) => !file.endsWith('.generated.ts') && !REVISION_OBJECTS.has(rel(file)));
    const counts = new Map<string, string[]>();
    for (const file of files) {
      const found = hits(file, REVISION_COMPARISON);
      if (found.length > 0) counts.set(rel(file), found);
    }
    const problems: string[] = [];
    for (const [file, found] of counts) {
      const allowed = ALLOWED[file]?.count ?? 0;
      if (found.length > allowed)
        problems.push(`${file} compares revision names ${found.length} times (allowed ${allowed}):\n  ${found.join('\n  ')}`);
    }
    for (const [file, { count }] of Object.entries(ALLOWED)) {
      const now = counts.get(file)?.length ?? 0;
      if (now < count) problems.push(`${file} now compares revision names ${now} times: lower its allowance from ${count} (or drop it)`);
    }
    expect(problems, 'ask the Revision object instead of comparing its name').to.deep.equal([]);
  });

  it('the revision-name pattern catches the comparisons it is meant to, and not a JSON Schema dialect', () => {
    for (const offender of [
      "if (version === '2026-07-28')",
      "'2025-11-25' !== revision",
      "case '2026-07-28':",
      'if (v === PROTOCOL_2026)',
      "record.era === '2025'",
      'if (running.era !== other)',
    ])
      expect(REVISION_COMPARISON.test(offender), offender).to.equal(true);
    for (const fine of ["dialect === '2020'", "const REVISION = '2026-07-28';", 'versions: ENVELOPE_VERSIONS', 'operator === x'])
      expect(REVISION_COMPARISON.test(fine), fine).to.equal(false);
  });
});
