/**
 * An app's code cache on disk: one file per app root, entry, Node version and flag set (a
 * "pack"), holding for each module compiled from it its source and V8's cached data. One file,
 * so a start reads its cache with one open and one read whatever the number of modules. The
 * source is kept to be compared with the file's text: V8 checks only a cache's length against
 * the source, and a changed module must never meet an old module's code (comparing the text
 * costs less at start than hashing it in JavaScript, and needs no `node:crypto`).
 *
 * Layout: 'AMC1', a 32-bit little-endian length, a JSON header `[file, sourceBytes,
 * cacheBytes][]`, then each module's source (UTF-8) and cached data, in header order.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { APP_CACHE_PREFIX } from './code-cache-place';

const MAGIC = 'AMC1';
/** App caches kept in one directory (the newest; another Node's or another entry's go first). */
const MAX_CACHES = 4;
/** Temporary files a crashed write can leave behind are removed once this old. */
const STALE_TEMPORARY_MS = 10 * 60 * 1000;
/** An app cache's name, or the temporary file of its write. */
const OWN_FILE = new RegExp(`^${APP_CACHE_PREFIX}[0-9a-f]{16}(\\.cache(?:\\.\\d+\\.tmp)?)$`);

/** One module in a pack: where its source and cached data sit in the file's bytes. */
export interface PackedModule {
  readonly source: Buffer;
  readonly cachedData: Buffer;
}

/** A module to write: its source and its cached data. */
export interface ModuleToPack {
  readonly file: string;
  readonly source: Buffer;
  readonly cachedData: Buffer;
}

// readOwnFile and pruneCaches have a twin in scripts/bundle-loader.js (the framework bundles'
// cache), which runs before any package is loaded and so cannot import this one;
// test/repo/cache-twins.spec.ts keeps the two the same.

/**
 * The bytes of `file`, unless someone else could have written it: a cache is code this process
 * will run, so it must be this user's (or root's) and writable by no one else. Read through the
 * descriptor it was checked on, so a file swapped in between is never read.
 */
function readOwnFile(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    // POSIX owners and modes (Windows reports neither the same way: its ACLs guard the folder).
    if (typeof process.getuid === 'function') {
      const uid = process.getuid();
      if ((stat.mode & 0o022) !== 0 || (stat.uid !== uid && stat.uid !== 0)) return undefined;
    }
    const data = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, data, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === stat.size ? data : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The modules of the pack in `file` by path; empty when there is none, it is not ours to trust, or it is damaged. */
export function readPack(file: string): Map<string, PackedModule> {
  const modules = new Map<string, PackedModule>();
  const data = readOwnFile(file);
  if (data === undefined || data.length < 8 || data.toString('latin1', 0, 4) !== MAGIC) return modules;
  try {
    const headerEnd = 8 + data.readUInt32LE(4);
    const header: unknown = JSON.parse(data.toString('utf8', 8, headerEnd));
    if (!Array.isArray(header)) return modules;
    let at = headerEnd;
    for (const entry of header as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isInteger(entry[1]) || !Number.isInteger(entry[2])) {
        return new Map();
      }
      const [path, sourceBytes, cacheBytes] = entry as [string, number, number];
      if (at + sourceBytes + cacheBytes > data.length) return new Map();
      modules.set(path, {
        source: data.subarray(at, at + sourceBytes),
        cachedData: data.subarray(at + sourceBytes, at + sourceBytes + cacheBytes),
      });
      at += sourceBytes + cacheBytes;
    }
  } catch {
    return new Map();
  }
  return modules;
}

/** Writes a pack of `modules` to `file`: aside, then renamed, so a process starting meanwhile never reads half of it. Best effort. */
export function writePack(file: string, modules: readonly ModuleToPack[]): void {
  try {
    const parts: Buffer[] = [];
    const header: [string, number, number][] = [];
    for (const { file: path, source, cachedData } of modules) {
      header.push([path, source.length, cachedData.length]);
      parts.push(source, cachedData);
    }
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
    const prefix = Buffer.alloc(8);
    prefix.write(MAGIC, 0, 'latin1');
    prefix.writeUInt32LE(headerBytes.length, 4);
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([prefix, headerBytes, ...parts]), { mode: 0o644 });
    renameSync(temporary, file);
    pruneCaches(dir, file);
  } catch {
    // A read-only install or a full disk: the next process compiles the app as this one did.
  }
}

/** Keeps the newest `MAX_CACHES` app caches in `dir`, and removes old temporary files of crashed writes. */
function pruneCaches(dir: string, kept: string): void {
  const now = Date.now();
  const caches: { file: string; mtimeMs: number }[] = [];
  for (const name of readdirSync(dir)) {
    const kind = OWN_FILE.exec(name)?.[1];
    if (kind === undefined) continue;
    const file = join(dir, name);
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (kind !== '.cache' && now - mtimeMs > STALE_TEMPORARY_MS) rmSync(file, { force: true });
    else if (kind === '.cache' && file !== kept) caches.push({ file, mtimeMs });
  }
  caches.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of caches.slice(MAX_CACHES - 1)) rmSync(file, { force: true });
}
