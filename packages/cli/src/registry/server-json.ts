import { isRecord, type PackageFacts, type RegistryConfig } from './registry-config';

/** The registry schema version `server.json` is written for (the vendored schema's). */
export const SERVER_JSON_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** A `server.json` document (the registry's `ServerDetail`), as generated. */
export type ServerJson = Record<string, unknown>;

/** The document and, per top-level field, the package.json field it came from (for messages). */
export interface GeneratedServerJson {
  readonly document: ServerJson;
  readonly origins: ReadonlyMap<string, string>;
}

const REG = 'armature.registry';

/**
 * `server.json` from package.json: `name`, `title`, `packages`, `remotes` … from the
 * `armature.registry` section; `description`, `version`, `repository`, `homepage` from the
 * package's own fields unless the section overrides them. Nothing is checked here: the
 * result is validated against the registry's schema, whose messages name the field.
 */
export function generateServerJson(facts: PackageFacts): GeneratedServerJson {
  const registry: RegistryConfig = isRecord(facts.registry) ? facts.registry : {};
  const document: ServerJson = { $schema: SERVER_JSON_SCHEMA_URL };
  const origins = new Map<string, string>([['$schema', 'armature (the vendored schema version)']]);
  const put = (key: string, value: unknown, origin: string): void => {
    if (value === undefined) return;
    document[key] = value;
    origins.set(key, origin);
  };
  put('name', registry.name, `${REG}.name`);
  put('title', registry.title, `${REG}.title`);
  put('description', registry.description ?? facts.description, registry.description === undefined ? 'description' : `${REG}.description`);
  put('version', facts.version, 'version');
  put('websiteUrl', registry.websiteUrl ?? facts.homepage, registry.websiteUrl === undefined ? 'homepage' : `${REG}.websiteUrl`);
  put('repository', repositoryOf(facts.repository), 'repository');
  put('icons', registry.icons, `${REG}.icons`);
  put('packages', packagesOf(facts, registry), registry.packages === undefined ? 'name and version (the npm package)' : `${REG}.packages`);
  put('remotes', registry.remotes, `${REG}.remotes`);
  return { document, origins };
}

/** The npm package itself over stdio unless private or configured otherwise; declared environment variables added to each. */
function packagesOf(facts: PackageFacts, registry: RegistryConfig): unknown {
  const configured = registry.packages;
  if (configured === false) return undefined;
  const env = registry.environmentVariables;
  let list: unknown;
  if (configured !== undefined) list = configured;
  else if (facts.private === true || typeof facts.name !== 'string') return undefined;
  else list = [{ registryType: 'npm', identifier: facts.name, version: facts.version, transport: { type: 'stdio' } }];
  if (!Array.isArray(list)) return list;
  if (list.length === 0) return undefined;
  if (env === undefined) return list;
  return list.map((entry: unknown) =>
    isRecord(entry) && entry.environmentVariables === undefined ? { ...entry, environmentVariables: env } : entry,
  );
}

/** package.json `repository` (a string, `github:owner/repo`, or `{ url, directory }`) as the registry's `{ url, source, subfolder }`. */
export function repositoryOf(repository: unknown): Record<string, string> | undefined {
  const raw =
    typeof repository === 'string' ? repository : isRecord(repository) && typeof repository.url === 'string' ? repository.url : undefined;
  if (raw === undefined) return undefined;
  const url = normalizeRepositoryUrl(raw);
  const host = hostOf(url);
  const source = host === 'github.com' ? 'github' : host === 'gitlab.com' ? 'gitlab' : (host ?? 'git');
  const directory = isRecord(repository) && typeof repository.directory === 'string' ? repository.directory : undefined;
  return { url, source, ...(directory ? { subfolder: directory } : {}) };
}

function normalizeRepositoryUrl(raw: string): string {
  const shorthand = /^(github|gitlab):([\w.-]+\/[\w.-]+)$/.exec(raw) ?? /^()([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (shorthand) return `https://${shorthand[1] === 'gitlab' ? 'gitlab.com' : 'github.com'}/${shorthand[2]}`;
  let url = raw.replace(/^git\+/, '').replace(/\.git$/, '');
  const ssh = /^git@([^:]+):(.+)$/.exec(url);
  if (ssh) url = `https://${ssh[1]}/${ssh[2]}`;
  return url.replace(/^git:\/\//, 'https://');
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
