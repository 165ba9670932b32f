import { closeSync, existsSync, fstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BOOT_FILE_NAME, bootFileText } from './boot-file';
import { manifestStamp } from './manifest-file';
import { MANIFEST_FILE_NAME } from './manifest.types';

/** What {@link writeBootFileBeside} did. */
export interface BootFileBuildResult {
  /** The boot copy's path. */
  readonly file: string;
  /** True when a copy was written; false when the manifest cannot be copied (and any old copy was removed). */
  readonly written: boolean;
  /** Schema lines in the copy. */
  readonly schemas: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Writes `armature.boot.jsonl` (see `boot-file.ts`) beside the `armature.manifest.json` in
 * `manifestDir`, stamped with the manifest as it is on disk now; call it after the manifest
 * was written or touched. `manifestObject`: the manifest just written there (saves reading it
 * back); without it the file is read. Written aside and renamed, so a server starting
 * meanwhile reads the old copy (whose stamp no longer matches) or the new one, never half.
 */
export function writeBootFileBeside(manifestDir: string, manifestObject?: unknown): BootFileBuildResult {
  const dir = resolve(manifestDir);
  const manifestFile = join(dir, MANIFEST_FILE_NAME);
  const file = join(dir, BOOT_FILE_NAME);
  const fd = openSync(manifestFile, 'r');
  let stamp: string;
  let manifest: unknown = manifestObject;
  try {
    const stat = fstatSync(fd);
    stamp = manifestStamp(stat.size, stat.mtimeMs);
    if (manifest === undefined) manifest = JSON.parse(readFileSync(fd, 'utf8'));
  } finally {
    closeSync(fd);
  }
  const text = isObject(manifest) ? bootFileText(manifest, stamp) : undefined;
  if (text === undefined) {
    if (existsSync(file)) rmSync(file, { force: true });
    return { file, written: false, schemas: 0 };
  }
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  return { file, written: true, schemas: (manifest as { schemas: unknown[] }).schemas.length };
}
