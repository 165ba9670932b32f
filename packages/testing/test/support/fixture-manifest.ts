import { join } from 'node:path';
import { ensureManifest } from '../../src';

/** The testing package's folder (tests run from dist/test). */
export const PACKAGE_DIR = join(__dirname, '../../..');

/** Makes the fixtures' manifest (dist/armature.manifest.json) if `tsc -b` alone built them. */
export function ensureFixtureManifest(): string {
  return ensureManifest(PACKAGE_DIR);
}
