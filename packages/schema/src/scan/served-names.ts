import { nameUnder, uriUnder, type MountPath } from '@armature/core/naming';
import type { ModuleNode } from './module-reader';
import type { NameClaim } from './name-registry';

/**
 * Every handler class a module serves (its own and its imports', transitively), each with the
 * mount paths it is served under. What an opaque mount (a computed prefix) serves is left out:
 * its names cannot be known at build time.
 */
export function servedHandlers(root: ModuleNode, nodes: ReadonlyMap<string, ModuleNode>): Map<string, MountPath[]> {
  const served = new Map<string, Map<string, MountPath>>();
  const visited = new Set<string>();
  const onPath = new Set<string>();
  const visit = (key: string, above: MountPath): void => {
    const node = nodes.get(key);
    if (!node || node.opaque === true || onPath.has(key)) return;
    const path = node.prefix === undefined ? above : [...above, node.prefix];
    const id = `${key}\u0000${path.join('\u0000')}`;
    if (visited.has(id)) return;
    visited.add(id);
    for (const handler of node.handlers) {
      const paths = served.get(handler) ?? new Map<string, MountPath>();
      paths.set(path.join('\u0000'), path);
      served.set(handler, paths);
    }
    onPath.add(key);
    for (const child of node.imports) visit(child, path);
    onPath.delete(key);
  };
  visit(root.key, []);
  return new Map([...served].map(([handler, paths]) => [handler, [...paths.values()]]));
}

/** A claim as served under a mount path. */
export function claimUnder(claim: NameClaim, path: MountPath): NameClaim {
  if (path.length === 0) return claim;
  const name = claim.kind === 'tool' || claim.kind === 'prompt' ? nameUnder(path, claim.name) : uriUnder(path, claim.name);
  return { ...claim, name };
}

/** Every claim a module serves, under the paths it serves it. */
export function servedClaims(root: ModuleNode, nodes: ReadonlyMap<string, ModuleNode>, claims: readonly NameClaim[]): NameClaim[] {
  const served = servedHandlers(root, nodes);
  return claims.flatMap((claim) => (served.get(claim.classKey) ?? []).map((path) => claimUnder(claim, path)));
}
