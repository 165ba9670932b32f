import { join } from 'node:path';
import { ensureManifest } from '@armature/testing';

/** The greeter package's folder (this file is compiled to dist/src/testing/). */
export const GREETER_PACKAGE_DIR = join(__dirname, '../../..');

/**
 * `npm run build` (armature build) writes the greeter's `dist/armature.manifest.json`; a plain
 * `tsc -b` of the monorepo does not. So that a mounting example's tests run either way, this
 * scans the greeter's sources as `armature build` does when that manifest is missing or older
 * than the compiled code. The examples need no manifest of their own for the greeter: at boot
 * the app finds this one by walking up from the compiled handler file. Returns its path.
 */
export function ensureGreeterManifest(): string {
  return ensureManifest(GREETER_PACKAGE_DIR);
}
