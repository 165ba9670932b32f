import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { testingError } from '../errors/testing-error';
import { SnapshotMismatchError } from './snapshot-mismatch.error';
import { stableJson } from './stable-json';
import { collectSurface, type Surface } from './surface';

/** How a snapshot comparison treats its file. */
export interface SnapshotOptions {
  /**
   * Rewrite the file with the current value instead of comparing. Default: the environment
   * variable `ARMATURE_UPDATE_SNAPSHOTS` is `1` or `true`.
   */
  readonly update?: boolean;
  /**
   * Write a missing file (and pass) instead of failing. Default: yes, unless the
   * environment variable `CI` is set, where a missing snapshot is an error.
   */
  readonly writeMissing?: boolean;
}

/** What a snapshot comparison did. */
export type SnapshotOutcome = 'matched' | 'written' | 'updated';

const truthy = (value: string | undefined): boolean => value !== undefined && value !== '' && value !== '0' && value !== 'false';

/**
 * Compares `value`, as stable JSON (sorted keys, two-space indent), with the JSON file `file`.
 * Throws `SnapshotMismatchError` when they differ; writes the file when asked to update, or
 * when it is missing (outside CI).
 */
export function matchJsonSnapshot(value: unknown, file: string, options: SnapshotOptions = {}): SnapshotOutcome {
  const path = resolve(file);
  const actual = stableJson(value);
  const update = options.update ?? truthy(process.env.ARMATURE_UPDATE_SNAPSHOTS);
  const exists = existsSync(path);
  if (!exists && !update && !(options.writeMissing ?? !truthy(process.env.CI))) {
    throw testingError(
      'ARM_ERR_SNAPSHOT_MISSING',
      `${path} does not exist. Run the tests with ARMATURE_UPDATE_SNAPSHOTS=1 locally and commit it.`,
    );
  }
  if (!exists || update) {
    const expected = exists ? readFileSync(path, 'utf8') : undefined;
    if (expected === actual) return 'matched';
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return exists ? 'updated' : 'written';
  }
  const expected = readFileSync(path, 'utf8');
  if (expected !== actual) throw new SnapshotMismatchError(path, actual, expected);
  return 'matched';
}

/**
 * Snapshots the advertised surface (capabilities, tools, resources, templates and prompts
 * with their schemas) read through `client`, against the JSON file `file`. Any change to a
 * schema, a description or an annotation fails the test until the file is updated.
 */
export async function matchSurfaceSnapshot(client: Client, file: string, options?: SnapshotOptions): Promise<Surface> {
  const surface = await collectSurface(client);
  matchJsonSnapshot(surface, file, options);
  return surface;
}
