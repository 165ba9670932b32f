import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary tree: the served folder `root`, and files beside it that must stay out of reach. */
export interface FixtureTree {
  readonly root: string;
  remove(): void;
}

export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);

export function makeFixtureTree(): FixtureTree {
  const base = mkdtempSync(join(tmpdir(), 'armature-files-'));
  const root = join(base, 'root');
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(join(root, 'readme.md'), '# Hello\n');
  writeFileSync(join(root, 'docs/guide.md'), 'Read me first.\n');
  writeFileSync(join(root, 'docs/space name.txt'), 'spaced\n');
  writeFileSync(join(root, 'image.png'), PNG_BYTES);
  writeFileSync(join(root, 'big.txt'), 'é'.repeat(1000));
  writeFileSync(join(base, 'secret.txt'), 'top secret\n');
  // A sibling whose name starts like the root's: a prefix check without a separator would let it in.
  mkdirSync(join(base, 'root-evil'));
  writeFileSync(join(base, 'root-evil/x.txt'), 'evil\n');
  symlinkSync(join(root, 'docs/guide.md'), join(root, 'link-inside'));
  symlinkSync(join(base, 'secret.txt'), join(root, 'link-outside'));
  symlinkSync(join(base, 'root-evil'), join(root, 'dir-outside'));
  return { root, remove: () => rmSync(base, { recursive: true, force: true }) };
}
