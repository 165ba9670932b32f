import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { checkManifest, type LoadedManifest } from './manifest-format';
import { MANIFEST_FILE_NAME } from './manifest.types';

/** A manifest read from disk. */
export interface ManifestFile {
  readonly manifest: LoadedManifest;
  readonly path: string;
  readonly dir: string;
  readonly mtimeMs: number;
  /**
   * SHA-256 of the file's bytes (hex): the validators file `armature build` wrote beside it
   * records the digest of the manifest it checked, so an edited manifest is not taken on trust.
   */
  readonly digest: string;
}

/**
 * Reads manifests by walking up from a compiled file's folder, caching per folder so a boot
 * with many handler classes reads each manifest once.
 */
export class ManifestFileCache {
  private readonly byDir = new Map<string, ManifestFile | null>();

  /** Every manifest read so far, each once. */
  loaded(): ManifestFile[] {
    const files = new Set<ManifestFile>();
    for (const file of this.byDir.values()) if (file !== null) files.add(file);
    return [...files];
  }

  /** The nearest `armature.manifest.json` above `file`, not past its package root. */
  nearest(file: string): ManifestFile | undefined {
    const visited: string[] = [];
    let found: ManifestFile | null = null;
    for (let dir = dirname(file); ;) {
      const cached = this.byDir.get(dir);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      visited.push(dir);
      const candidate = join(dir, MANIFEST_FILE_NAME);
      if (existsSync(candidate)) {
        found = read(candidate, dir);
        break;
      }
      const parent = dirname(dir);
      if (existsSync(join(dir, 'package.json')) || parent === dir) break;
      dir = parent;
    }
    for (const dir of visited) this.byDir.set(dir, found);
    return found ?? undefined;
  }
}

function read(path: string, dir: string): ManifestFile {
  let parsed: unknown;
  let digest: string;
  try {
    // Read as bytes: they are hashed, and decoding a Buffer is no slower than reading as text.
    const bytes = readFileSync(path);
    digest = createHash('sha256').update(bytes).digest('hex');
    parsed = JSON.parse(decode(bytes));
  } catch (error) {
    throw new ArmatureError(
      LocalErrorCode.MANIFEST_INVALID,
      `Cannot read manifest ${path}: ${(error as Error).message}. Regenerate it with \`armature build\`.`,
      { cause: error },
    );
  }
  return { manifest: checkManifest(parsed, path, 'file'), path, dir, mtimeMs: statSync(path).mtimeMs, digest };
}

/**
 * The file's text. A manifest is mostly ASCII (names, schemas, English descriptions), and ASCII
 * bytes are their own Latin-1 text: that decode is a copy, about a third cheaper than UTF-8's
 * (10,001 tools: 11.5 MB); the check is a fast scan.
 */
function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
