import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPack, writePack } from '../../src/code-cache/code-cache-pack';
import { APP_CACHE_PREFIX } from '../../src/code-cache/code-cache-place';

const MODULE = { file: '/app/dist/a.js', source: Buffer.from('module.exports = 1;'), cachedData: Buffer.from([1, 2, 3]) };

describe('app code cache packs: writing and pruning', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'armature-pack-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const name = (n: number): string => `${APP_CACHE_PREFIX}${n.toString(16).padStart(16, '0')}.cache`;

  it('keeps the pack just written and the newest others, four in all; other files are left alone', () => {
    // Older packs (other entries, Node versions or flag sets), oldest first.
    for (let i = 1; i <= 5; i++) {
      writeFileSync(join(dir, name(i)), 'old');
      const seconds = Date.now() / 1000 - 1000 + i;
      utimesSync(join(dir, name(i)), seconds, seconds);
    }
    writeFileSync(join(dir, 'unrelated.cache'), 'theirs');
    writePack(join(dir, name(99)), [MODULE]);
    expect(readdirSync(dir).sort()).to.deep.equal([name(3), name(4), name(5), name(99), 'unrelated.cache'].sort());
    const read = readPack(join(dir, name(99)));
    expect(read.get(MODULE.file)?.source.toString()).to.equal('module.exports = 1;');
  });

  it('removes the temporary file of a write that crashed long ago, not one that may be in progress', () => {
    const stale = join(dir, `${name(1)}.1234.tmp`);
    const fresh = join(dir, `${name(2)}.5678.tmp`);
    writeFileSync(stale, 'half');
    writeFileSync(fresh, 'half');
    const longAgo = Date.now() / 1000 - 3600;
    utimesSync(stale, longAgo, longAgo);
    writePack(join(dir, name(99)), [MODULE]);
    expect(readdirSync(dir).sort()).to.deep.equal([`${name(2)}.5678.tmp`, name(99)].sort());
  });
});
