import * as fs from 'node:fs';
import * as path from 'node:path';

/** The `armature.registry` section of package.json: what `server.json` says beyond the package's own fields. */
export interface RegistryConfig {
  /** The registry name, reverse-DNS with one slash, e.g. `io.github.owner/weather`. */
  readonly name?: unknown;
  /** A display name (registry `title`). */
  readonly title?: unknown;
  /** Overrides package.json `description` (the registry takes at most 100 characters). */
  readonly description?: unknown;
  /** Overrides package.json `homepage`. */
  readonly websiteUrl?: unknown;
  readonly icons?: unknown;
  /**
   * How to run the server locally. Default: the npm package itself (package.json `name` and
   * `version`) over stdio, unless the package is private; `false` or `[]`: none.
   */
  readonly packages?: unknown;
  /** Where the server is hosted (Streamable HTTP or SSE URLs). */
  readonly remotes?: unknown;
  /** Environment variables the server reads, added to every package that declares none. */
  readonly environmentVariables?: unknown;
  /** Also write a copy of `server.json` here, relative to package.json (e.g. `server.json` for `mcp-publisher`). */
  readonly copyTo?: unknown;
}

/** The package.json fields `server.json` is made from. */
export interface PackageFacts {
  /** The folder of package.json. */
  readonly dir: string;
  readonly file: string;
  readonly name?: unknown;
  readonly version?: unknown;
  readonly description?: unknown;
  readonly homepage?: unknown;
  readonly private?: unknown;
  readonly repository?: unknown;
  /** The `armature.registry` section as written; undefined when there is none (no `server.json` is written). */
  readonly registry?: unknown;
}

/** How far up from the tsconfig package.json is looked for. */
const MAX_PARENT_STEPS = 8;

/**
 * The package.json nearest to `startDir` (the tsconfig's folder or above), or undefined.
 * Throws a `SyntaxError` naming the file when it is not JSON.
 */
export function readPackageFacts(startDir: string): PackageFacts | undefined {
  let dir = path.resolve(startDir);
  for (let step = 0; step <= MAX_PARENT_STEPS; step++) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return factsOf(file);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

function factsOf(file: string): PackageFacts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SyntaxError(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const json = isRecord(parsed) ? parsed : {};
  const armature = isRecord(json.armature) ? json.armature : undefined;
  const registry = armature?.registry;
  return {
    dir: path.dirname(file),
    file,
    name: json.name,
    version: json.version,
    description: json.description,
    homepage: json.homepage,
    private: json.private,
    repository: json.repository,
    registry,
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
