import { lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Inject, Injectable, type OnInit } from '@armature/di';
import { NotFoundError, OutsideRootError } from './file-errors';
import { FILES_OPTIONS, type FilesOptions } from './files.options';

/** One entry of a directory listing. */
export interface DirectoryEntry {
  name: string;
  /** Path relative to the served folder, with `/` separators. */
  path: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
  /** Size in bytes (files, and symlinks to files inside the folder). */
  size?: number;
}

/** The first bytes of a file. */
export interface FileBytes {
  bytes: Buffer;
  /** The whole file's size. */
  size: number;
  truncated: boolean;
}

/**
 * The served folder. Every path is resolved against the folder's real path, and the real
 * path of the target (symlinks followed) must still be inside it: `..`, absolute paths and
 * symlinks that point out are all refused, whatever the URI matcher let through.
 */
@Injectable()
export class RootedFileSystem implements OnInit {
  private root = '';

  constructor(@Inject(FILES_OPTIONS) private readonly options: FilesOptions) {}

  async onInit(): Promise<void> {
    const root = await realpath(resolve(this.options.root)).catch(() => undefined);
    if (root === undefined || !(await stat(root)).isDirectory()) {
      throw new Error(`FilesModule: the root "${this.options.root}" is not an existing folder`);
    }
    this.root = root;
  }

  /** The real absolute path of `path` (relative to the folder), refused unless it stays inside. */
  async resolve(path: string): Promise<string> {
    if (path.includes('\0') || isAbsolute(path)) throw new OutsideRootError(path);
    const candidate = resolve(this.root, path);
    if (!this.contains(candidate)) throw new OutsideRootError(path);
    const real = await realpath(candidate).catch(() => undefined);
    if (real === undefined) throw new NotFoundError(path, 'file');
    if (!this.contains(real)) throw new OutsideRootError(path);
    return real;
  }

  /** The entries of a directory, by name. */
  async list(path: string): Promise<DirectoryEntry[]> {
    const dir = await this.resolve(path);
    if (!(await stat(dir)).isDirectory()) throw new NotFoundError(path, 'directory');
    const entries = await readdir(dir, { withFileTypes: true });
    const listed = await Promise.all(
      entries.map(async (entry): Promise<DirectoryEntry> => {
        const rel = this.relative(join(dir, entry.name));
        if (entry.isDirectory()) return { name: entry.name, path: rel, kind: 'directory' };
        if (entry.isFile()) return { name: entry.name, path: rel, kind: 'file', size: (await lstat(join(dir, entry.name))).size };
        if (!entry.isSymbolicLink()) return { name: entry.name, path: rel, kind: 'other' };
        const target = await this.resolve(rel).then(
          (real) => stat(real),
          () => undefined,
        );
        return { name: entry.name, path: rel, kind: 'symlink', ...(target?.isFile() ? { size: target.size } : {}) };
      }),
    );
    return listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Up to `maxBytes` of a file. */
  async read(path: string, maxBytes: number): Promise<FileBytes> {
    const file = await this.resolve(path);
    const handle = await open(file, 'r');
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new NotFoundError(path, 'file');
      const length = Math.min(info.size, maxBytes);
      const bytes = Buffer.alloc(length);
      const { bytesRead } = await handle.read(bytes, 0, length, 0);
      return { bytes: bytes.subarray(0, bytesRead), size: info.size, truncated: info.size > bytesRead };
    } finally {
      await handle.close();
    }
  }

  /** Names beside `prefix` that start like its last segment (for completion), as relative paths. */
  async complete(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const dir = slash === -1 ? '.' : prefix.slice(0, slash) || '.';
    const start = prefix.slice(slash + 1);
    const entries = await this.list(dir).catch(() => []);
    return entries.filter((e) => e.name.startsWith(start)).map((e) => (e.kind === 'directory' ? `${e.path}/` : e.path));
  }

  private contains(absolute: string): boolean {
    return absolute === this.root || absolute.startsWith(this.root + sep);
  }

  private relative(absolute: string): string {
    return relative(this.root, absolute).split(sep).join('/') || '.';
  }
}
