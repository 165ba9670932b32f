import { isAscii } from 'node:buffer';
import { closeSync, existsSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { nodeCrypto } from '../platform/node-crypto';
import { readBootFile } from './boot-file';
import { checkManifest, type LoadedManifest } from './manifest-format';
import { MANIFEST_FILE_NAME } from './manifest.types';

/** A manifest read from disk. */
export interface ManifestFile {
  readonly manifest: LoadedManifest;
  readonly path: string;
  readonly dir: string;
  readonly mtimeMs: number;
  /** `<size>:<mtimeMs>` of the bytes read (one `fstat` of the same open file): see {@link manifestStamp}. */
  readonly stamp: string;
  /**
   * SHA-256 of the file's bytes (hex), computed on first call: the validators file `armature
   * build` wrote beside it records the digest of the manifest it checked, so an edited manifest
   * is not taken on trust. Asked only when the stamps differ (a copied or touched manifest).
   */
  digest(): string;
}

/**
 * A manifest file's size and modification time, as `armature build` records them in the
 * validators file it writes beside the manifest. Equal stamps let a boot trust that file
 * without hashing the manifest (hashing means loading `node:crypto`, ~8 ms of CPU, and reading
 * every byte twice); when they differ the digest decides.
 */
export function manifestStamp(size: number, mtimeMs: number): string {
  return `${size}:${mtimeMs}`;
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
  let manifest: LoadedManifest | undefined;
  let parsed: unknown;
  let stamp: string;
  let mtimeMs: number;
  try {
    // Size, time and bytes of one open file, so the stamp describes exactly the bytes parsed (the
    // boot copy, when its recorded stamp is this one, stands in for the bytes). Read as bytes:
    // they may be hashed, and decoding a Buffer is no slower than reading as text.
    const fd = openSync(path, 'r');
    try {
      const stat = fstatSync(fd);
      mtimeMs = stat.mtimeMs;
      stamp = manifestStamp(stat.size, mtimeMs);
      manifest = fromBootFile(path, dir, stamp);
      if (manifest === undefined) {
        const bytes = readFileSync(fd);
        stamp = manifestStamp(bytes.length, mtimeMs);
        parsed = JSON.parse(decode(bytes));
      }
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new ArmatureError(
      LocalErrorCode.MANIFEST_INVALID,
      `Cannot read manifest ${path}: ${(error as Error).message}. Regenerate it with \`armature build\`.`,
      { cause: error },
    );
  }
  let digest: string | undefined;
  // A constant for the closure below (`stamp` is assigned inside the try).
  const stamped = stamp;
  return {
    manifest: manifest ?? checkManifest(parsed, path, 'file'),
    path,
    dir,
    mtimeMs,
    stamp,
    digest: () => (digest ??= digestOf(path, stamped)),
  };
}

/**
 * The manifest as its boot copy holds it, when the copy was made from these manifest bytes
 * (see `boot-file.ts`); undefined when there is none to use, or it does not pass the checks
 * (a damaged copy): the manifest itself is then read, and its own faults are reported.
 */
function fromBootFile(path: string, dir: string, stamp: string): LoadedManifest | undefined {
  const value = readBootFile(dir, stamp);
  if (value === undefined) return undefined;
  try {
    return checkManifest(value, path, 'file');
  } catch {
    return undefined;
  }
}

/**
 * SHA-256 (hex) of the file at `path`, read again rather than kept (a 10,001-tool manifest is
 * ~10 MB); `''`, which matches no digest, when it is no longer the file that was parsed.
 */
function digestOf(path: string, stamp: string): string {
  try {
    const fd = openSync(path, 'r');
    try {
      const bytes = readFileSync(fd);
      if (manifestStamp(bytes.length, fstatSync(fd).mtimeMs) !== stamp) return '';
      return nodeCrypto().createHash('sha256').update(bytes).digest('hex');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/**
 * The file's text. A manifest is mostly ASCII (names, schemas, English descriptions), and ASCII
 * bytes are their own Latin-1 text: that decode is a copy, about a third cheaper than UTF-8's
 * (10,001 tools: 11.5 MB); the check is a fast scan.
 */
function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
