import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURE_COMPILER_OPTIONS, writeFiles } from './fixture-project';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');

/**
 * A temporary project that uses the workspace's real `@armature/core` and `@armature/di`
 * (linked into its node_modules), so the server it builds runs for real; `links` names more
 * packages of the workspace's node_modules to link (class-validator, say).
 */
export function createRealProject(files: Readonly<Record<string, string>>, links: readonly string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-real-'));
  fs.mkdirSync(path.join(dir, 'node_modules', '@armature'), { recursive: true });
  for (const name of ['core', 'di']) {
    fs.symlinkSync(path.join(ROOT, 'packages', name), path.join(dir, 'node_modules', '@armature', name), 'dir');
  }
  for (const name of ['reflect-metadata', ...links]) {
    fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  }
  writeFiles(dir, {
    'package.json': JSON.stringify({ name: 'real-project', private: true }),
    'tsconfig.json': JSON.stringify({ compilerOptions: FIXTURE_COMPILER_OPTIONS, include: ['src'] }, null, 2),
    ...files,
  });
  return dir;
}
