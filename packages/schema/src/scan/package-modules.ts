import * as fs from 'node:fs';
import * as path from 'node:path';
import { MANIFEST_FILE_NAME } from '@armature/core/manifest';
import type { ManifestServedName } from '../manifest/manifest.types';
import type { ModuleNode } from './module-reader';
import type { NameClaim } from './name-registry';
import type { ScanContext } from './scan-context';
import { servedClaims } from './served-names';

/** How far up from a declaration file a package's manifest is looked for (`dist/src/x.d.ts` → `dist/`). */
const MAX_MANIFEST_DEPTH = 6;

/** What the modules of other packages, reached as declarations, serve according to their manifests. */
export interface PackageModules {
  readonly nodes: readonly ModuleNode[];
  readonly claims: readonly NameClaim[];
}

/** The manifest folder above a declaration file, or undefined. */
function manifestDirOf(declaration: string): string | undefined {
  let dir = path.dirname(declaration);
  for (let i = 0; i < MAX_MANIFEST_DEPTH; i++) {
    if (fs.existsSync(path.join(dir, MANIFEST_FILE_NAME))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

function readServed(manifestDir: string): Readonly<Record<string, readonly ManifestServedName[]>> {
  try {
    const document = JSON.parse(fs.readFileSync(path.join(manifestDir, MANIFEST_FILE_NAME), 'utf8')) as {
      modules?: Record<string, readonly ManifestServedName[]>;
    };
    return typeof document.modules === 'object' && document.modules !== null ? document.modules : {};
  } catch {
    // An unreadable manifest is the boot's business (ARM_ERR_MANIFEST_INVALID); the build compares what it can.
    return {};
  }
}

/**
 * Module classes the project imports from other packages (keys of declaration files, `….d.ts#Class`)
 * become nodes whose claims are what those packages' manifests say each module serves (written
 * by their own `armature build`), located at their declarations in the other package.
 */
export function packageModules(modules: readonly ModuleNode[], context: ScanContext): PackageModules {
  const nodes: ModuleNode[] = [];
  const claims: NameClaim[] = [];
  const manifests = new Map<string, Readonly<Record<string, readonly ManifestServedName[]>>>();
  const seen = new Set<string>();
  for (const key of modules.flatMap((node) => node.imports)) {
    const match = /^(.*\.d\.ts)#(.+)$/.exec(key);
    if (match === null || seen.has(key)) continue;
    seen.add(key);
    const [, file = '', className = ''] = match;
    const declaration = path.resolve(context.projectDir, file);
    const manifestDir = manifestDirOf(declaration);
    if (manifestDir === undefined) continue;
    if (!manifests.has(manifestDir)) manifests.set(manifestDir, readServed(manifestDir));
    const compiled = path
      .relative(manifestDir, declaration)
      .split(path.sep)
      .join('/')
      .replace(/\.d\.ts$/, '.js');
    const served = manifests.get(manifestDir)?.[`${compiled}#${className}`] ?? [];
    const handlers = new Set<string>();
    for (const entry of served) {
      const [owner = '', method = ''] = entry.owner.split('.');
      const at = /^(.*):(\d+)$/.exec(entry.source);
      const where = context.relative(path.resolve(manifestDir, at?.[1] ?? entry.source));
      const line = Number(at?.[2] ?? 1);
      const classKey = `${key}::${owner}`;
      handlers.add(classKey);
      claims.push({
        kind: entry.kind,
        name: entry.name,
        at: { file: where, line, column: 1, className: owner, method },
        owner: `${entry.owner} (${where}:${line})`,
        classKey,
      });
    }
    nodes.push({ key, label: `${className} (${file})`, handlers: [...handlers], imports: [] });
  }
  return { nodes, claims };
}

/**
 * What each module class of the project serves, for the manifest: keyed by `compiledKey`
 * (the manifest's `<compiled file>#<Class>`), source places relative to the manifest's folder.
 */
export function servedByModules(
  modules: readonly ModuleNode[],
  claims: readonly NameClaim[],
  context: ScanContext,
  manifestDir: string,
  compiledKey: (node: ModuleNode) => string | undefined,
): Record<string, ManifestServedName[]> | undefined {
  const nodes = new Map(modules.map((node) => [node.key, node]));
  let result: Record<string, ManifestServedName[]> | undefined;
  for (const node of modules) {
    const key = compiledKey(node);
    if (key === undefined) continue;
    const served = servedClaims(node, nodes, claims);
    if (served.length === 0) continue;
    result ??= {};
    result[key] = served.map((claim) => ({
      kind: claim.kind,
      name: claim.name,
      owner: `${claim.at.className ?? ''}.${claim.at.method ?? ''}`,
      source: `${path.relative(manifestDir, path.resolve(context.projectDir, claim.at.file)).split(path.sep).join('/')}:${claim.at.line}`,
    }));
  }
  return result;
}
