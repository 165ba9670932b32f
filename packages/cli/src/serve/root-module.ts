import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RootModule } from '@armature/core';

/** `@armature/di` records `@Module` metadata under this key (`Symbol.for`, so every copy agrees). */
const MODULE_METADATA = Symbol.for('armature.di.module');

/** A root module named by `file.js` or `file.js#ExportName`, required from the app's build. */
export interface LoadedRootModule {
  readonly file: string;
  readonly root: RootModule;
}

/**
 * Requires the compiled file that exports the root module (`dist/src/app.module.js`, or
 * `file.js#ExportName` to pick one of several) and returns that module. Relative paths are
 * resolved against `base` (default: the working directory).
 */
export function loadRootModule(entry: string, base = process.cwd()): LoadedRootModule {
  const hash = entry.lastIndexOf('#');
  const [fileText, exportName] = hash === -1 ? [entry, undefined] : [entry.slice(0, hash), entry.slice(hash + 1)];
  const file = path.resolve(base, fileText);
  if (!fs.existsSync(file)) throw new MissingBuildError(file);
  const exported = require(file) as Record<string, unknown>;
  return { file, root: pickRoot(exported, exportName, file) };
}

/** The compiled file to serve does not exist: the project has not been built (or was built elsewhere). */
export class MissingBuildError extends Error {
  constructor(readonly file: string) {
    super(
      `${path.relative(process.cwd(), file) || file} does not exist: the app is not built. Run \`armature build\` (npm run build) first, then serve it again.`,
    );
    this.name = 'MissingBuildError';
  }
}

function pickRoot(exported: Record<string, unknown>, name: string | undefined, file: string): RootModule {
  if (name !== undefined) {
    const value = exported[name];
    if (!isModule(value)) throw new Error(`${file} exports no module named ${name}.`);
    return value;
  }
  const modules = Object.entries(exported).filter(([, value]) => isModule(value));
  if (modules.length === 1) return (modules[0] as [string, RootModule])[1];
  if (modules.length === 0)
    throw new Error(
      `${file} exports no @Module class or dynamic module; pass the file that exports the root module (e.g. dist/src/app.module.js).`,
    );
  throw new Error(`${file} exports several modules (${modules.map(([n]) => n).join(', ')}); pick one with ${path.basename(file)}#<Name>.`);
}

function isModule(value: unknown): value is RootModule {
  // reflect-metadata is loaded by the app's own @armature/di when its module file is required.
  const reflect = Reflect as unknown as { getOwnMetadata?: (key: symbol, target: object) => unknown };
  if (typeof value === 'function') return reflect.getOwnMetadata?.(MODULE_METADATA, value) !== undefined;
  return typeof value === 'object' && value !== null && typeof (value as { module?: unknown }).module === 'function';
}
