import type { ModuleNode } from './module-reader';
import { claimLabel, type NameClaim } from './name-registry';
import type { ScanContext } from './scan-context';
import { servedClaims } from './served-names';

/**
 * Tool and prompt names, resource URIs and templates must be unique per server. A server is
 * what one module serves: the handlers it lists plus those of the modules it imports,
 * transitively, under the prefixes of the `mount()`s on the way; modules of other packages
 * count with what their manifests say they serve. The build sees the module graph only as far
 * as it is written statically (`@Module` classes, dynamic module literals, `mount()` with a
 * literal prefix); two classes that no visible module brings together are not compared here,
 * and the kernel refuses their clash at boot if one happens. Within one class names are always
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
      message:
        `the ${claimLabel(claim.kind)} ${JSON.stringify(claim.name)} is already used by ${first.owner}${where}; names must be unique per server` +
        (where === '' ? '.' : ' (or import one of the modules with mount(Module, { prefix })).'),
    });
  };
  const byClass = new Map<string, NameClaim[]>();
  for (const claim of claims) byClass.set(claim.classKey, [...(byClass.get(claim.classKey) ?? []), claim]);
  for (const classClaims of byClass.values()) {
    for (const [claim, first] of duplicates(classClaims)) report(claim, first, '');
  }
  const nodes = new Map(modules.map((node) => [node.key, node]));
  for (const node of modules) {
    for (const [claim, first] of duplicates(servedClaims(node, nodes, claims))) {
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
