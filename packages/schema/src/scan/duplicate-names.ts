import type { ModuleNode } from './module-reader';
import type { NameClaim } from './name-registry';
import type { ScanContext } from './scan-context';

/**
 * Tool and prompt names must be unique per server. A server is what one module serves: the
 * handlers it lists plus those of the modules it imports, transitively. The build sees the
 * module graph only as far as it is written statically (`@Module` classes, dynamic module
 * literals); two classes that no visible module brings together are not compared here, and
 * the kernel refuses their clash at boot if one happens. Within one class names are always
 * compared.
 */
export function reportDuplicateNames(claims: readonly NameClaim[], modules: readonly ModuleNode[], context: ScanContext): void {
  const reported = new Set<string>();
  const report = (claim: NameClaim, first: NameClaim, where: string): void => {
    const id = `${claim.at.file}:${claim.at.line}:${claim.at.column}`;
    if (reported.has(id)) return;
    reported.add(id);
    context.problems.push({
      code: 'ARM_ERR_DUPLICATE_NAME',
      ...claim.at,
      message: `the ${claim.kind} name ${JSON.stringify(claim.name)} is already used by ${first.owner}${where}; names must be unique per server.`,
    });
  };
  const byClass = new Map<string, NameClaim[]>();
  for (const claim of claims) byClass.set(claim.classKey, [...(byClass.get(claim.classKey) ?? []), claim]);
  for (const classClaims of byClass.values()) {
    for (const [claim, first] of duplicates(classClaims)) report(claim, first, '');
  }
  const nodes = new Map(modules.map((node) => [node.key, node]));
  for (const node of modules) {
    const served = handlersOf(node, nodes);
    const together = claims.filter((claim) => served.has(claim.classKey));
    for (const [claim, first] of duplicates(together)) {
      if (claim.classKey !== first.classKey) report(claim, first, `, and both are served by ${node.label}`);
    }
  }
}

/** Each claim whose kind and name an earlier claim of the list already took, with that earlier claim. */
function duplicates(claims: readonly NameClaim[]): Array<[NameClaim, NameClaim]> {
  const owners = new Map<string, NameClaim>();
  const found: Array<[NameClaim, NameClaim]> = [];
  for (const claim of claims) {
    const key = `${claim.kind}:${claim.name}`;
    const first = owners.get(key);
    if (first) found.push([claim, first]);
    else owners.set(key, claim);
  }
  return found;
}

/** The class keys of every handler a module serves: its own and its imports', transitively. */
function handlersOf(root: ModuleNode, nodes: ReadonlyMap<string, ModuleNode>): Set<string> {
  const handlers = new Set<string>();
  const visited = new Set<string>();
  const stack = [root.key];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (visited.has(key)) continue;
    visited.add(key);
    const node = nodes.get(key);
    if (!node) continue;
    for (const handler of node.handlers) handlers.add(handler);
    stack.push(...node.imports);
  }
  return handlers;
}
