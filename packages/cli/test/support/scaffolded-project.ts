import * as fs from 'node:fs';
import * as path from 'node:path';
import { scaffoldProject, type ScaffoldFeatures } from 'create-armature';

/**
 * A folder inside this package's build output, so a scaffolded project resolves the workspace's
 * `@armature/*` packages, mocha and chai the way an installed project would resolve its own.
 */
const SCAFFOLDS = path.join(__dirname, '..', '..', '.scaffolds');

/** Scaffolds a new project (`armature init`) into a fresh folder; returns its path. */
export function scaffoldInWorkspace(name: string, features: Partial<ScaffoldFeatures> = {}): string {
  fs.mkdirSync(SCAFFOLDS, { recursive: true });
  const dir = path.join(fs.mkdtempSync(path.join(SCAFFOLDS, 'p-')), name);
  scaffoldProject(dir, { features });
  return dir;
}

/** Removes a scaffolded project (and its temporary parent folder). */
export function removeScaffold(dir: string): void {
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
}
