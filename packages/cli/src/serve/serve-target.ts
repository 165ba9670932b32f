import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from '../args/argv-parser';
import { resolveProject } from '../build/project-path';

/** What `armature serve` boots: the root module and the name and version the server reports. */
export interface ServeTarget {
  /** `file.js` or `file.js#Export`, resolved against `base`. */
  readonly entry: string;
  readonly base: string;
  readonly name: string;
  readonly version: string;
}

interface PackageJson {
  readonly name?: unknown;
  readonly version?: unknown;
  readonly armature?: { readonly module?: unknown };
}

function readPackageJson(folder: string): PackageJson | undefined {
  const file = path.join(folder, 'package.json');
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as PackageJson;
  } catch (error) {
    throw new UsageError(`serve: ${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/**
 * Finds the root module: `-e` (relative to the working directory), else `"armature": { "module" }`
 * in the package.json beside the project (relative to that package.json). The server's name and
 * version come from that package.json too.
 */
export function resolveServeTarget(project: string | undefined, entry: string | undefined): ServeTarget {
  const folder = path.dirname(resolveProject(project));
  const pkg = readPackageJson(folder);
  const name = typeof pkg?.name === 'string' ? pkg.name : path.basename(folder);
  const version = typeof pkg?.version === 'string' ? pkg.version : '0.0.0';
  if (entry !== undefined) return { entry, base: process.cwd(), name, version };
  const declared = pkg?.armature?.module;
  if (typeof declared === 'string' && declared !== '') return { entry: declared, base: folder, name, version };
  throw new UsageError(
    `serve: which module should it serve? Pass -e dist/src/app.module.js (file.js#Export to pick one), or add "armature": { "module": "dist/src/app.module.js" } to ${path.join(folder, 'package.json')}.`,
  );
}
