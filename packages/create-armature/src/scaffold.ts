import * as fs from 'node:fs';
import * as path from 'node:path';
import { gitignore, packageJson, readme, tsconfigJson, type ScaffoldInput } from './project-files';
import { completeFeatures, conflictOf, type ScaffoldFeatures } from './scaffold-features';
import { appModule, helloHandlers, helloSpec, main } from './source-files';
import { nestjsSourceFiles } from './nestjs-source-files';
import { ownVersion } from './own-version';

/** A folder that cannot be scaffolded into. */
export class ScaffoldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScaffoldError';
  }
}

/** Options of {@link scaffoldProject}. */
export interface ScaffoldOptions {
  /** The npm name; default: from the folder name. */
  readonly name?: string;
  /** The range of the `@armature/*` dependencies; default: `^<this package's version>` (Armature's packages share one version). */
  readonly armatureRange?: string;
  /** The transports and state beyond stdio; default: none. */
  readonly features?: Partial<ScaffoldFeatures>;
}

/**
 * Writes a new server project into `dir` (created when absent; it must be empty): package.json,
 * tsconfig.json, one tool and one resource, the root module, the entry, one test, README and
 * .gitignore (with `nestjs`: a Nest application mounting the MCP endpoint, and its modules).
 * Returns the files written, relative to `dir`.
 */
export function scaffoldProject(dir: string, options: ScaffoldOptions = {}): string[] {
  const target = path.resolve(dir);
  if (fs.existsSync(target)) {
    if (!fs.statSync(target).isDirectory()) throw new ScaffoldError(`${dir} exists and is not a folder.`);
    if (fs.readdirSync(target).length > 0) throw new ScaffoldError(`${dir} is not empty; choose a new folder (nothing was written).`);
  }
  const conflict = conflictOf(options.features ?? {});
  if (conflict !== undefined) throw new ScaffoldError(conflict);
  const input: ScaffoldInput = {
    name: options.name ?? packageName(path.basename(target)),
    armatureRange: options.armatureRange ?? `^${ownVersion()}`,
    features: completeFeatures(options.features ?? {}),
  };
  const sources = input.features.nestjs
    ? nestjsSourceFiles(input.name)
    : {
        'src/hello.handlers.ts': helloHandlers(),
        'src/app.module.ts': appModule(),
        'src/main.ts': main(input.name, input.features),
        'test/hello.spec.ts': helloSpec(),
      };
  const files: Record<string, string> = {
    'package.json': packageJson(input),
    'tsconfig.json': tsconfigJson(),
    '.gitignore': gitignore(),
    'README.md': readme(input),
    ...sources,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(target, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return Object.keys(files);
}

/** An npm package name from a folder name: lower case, `a-z0-9-._` only. */
export function packageName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
  return name.length > 0 ? name.slice(0, 214) : 'mcp-server';
}
