import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import { isForwardSpec } from '../metadata/constructor-dependencies';
import type { BoundDependency, ProviderRecord } from '../providers/provider-record';
import { tokenSource } from '../tokens/token';
import type { ResolutionPaths } from './resolution-paths';
import { cycleThrough, cyclicComponents } from './strongly-connected';

const strict = (dep: BoundDependency): boolean => !isForwardSpec(dep.spec);
const any = (): boolean => true;

/**
 * Finds dependency cycles. A cycle is allowed only when one of its edges is a `forwardRef`
 * (so the graph without forwardRef edges must be acyclic) and one of its members is cached
 * (a ring of transients never ends). Marks the forwardRef edges inside cycles `lazy`: those
 * are injected as proxies. Returns one error per offending cycle.
 */
export function checkCycles(records: readonly ProviderRecord[], paths: ResolutionPaths): ArmatureError[] {
  const rank = new Map(paths.order.map((r, i) => [r, i] as const));
  const first = (c: ProviderRecord[]): ProviderRecord => c.reduce((a, b) => ((rank.get(a) ?? 0) <= (rank.get(b) ?? 0) ? a : b));
  const byDiscovery = (a: ProviderRecord[], b: ProviderRecord[]): number => (rank.get(first(a)) ?? 0) - (rank.get(first(b)) ?? 0);

  const problems: ArmatureError[] = [];
  const reported = new Set<ProviderRecord>();
  for (const component of cyclicComponents(records, strict).sort(byDiscovery)) {
    const start = first(component);
    const cycle = cycleThrough(start, new Set(component), strict);
    problems.push(circular(paths, cycle.records, cycle.edges, false));
    component.forEach((r) => reported.add(r));
  }
  for (const component of cyclicComponents(records, any).sort(byDiscovery)) {
    const members = new Set(component);
    for (const r of component) for (const d of r.deps) if (d.target && members.has(d.target) && isForwardSpec(d.spec)) d.lazy = true;
    if (component.every((r) => r.uncached) && !component.some((r) => reported.has(r))) {
      const cycle = cycleThrough(first(component), members, any);
      problems.push(circular(paths, cycle.records, cycle.edges, true));
    }
  }
  return problems;
}

function circular(paths: ResolutionPaths, cycle: ProviderRecord[], edges: BoundDependency[], transient: boolean): ArmatureError {
  const path = [...paths.pathTo(cycle[0]), ...cycle.slice(1).map((r) => r.label)].join(' -> ');
  const closingFrom = cycle[cycle.length - 2];
  const head = `cannot resolve ${path} (${closingFrom.site(edges[edges.length - 1].spec.index)}): ${members(cycle)}`;
  if (transient) {
    return diError(
      'ARM_ERR_CIRCULAR_DEPENDENCY',
      `${head}, and all of them are transient, so every new instance would need another one, forwardRef or not. ` +
        'Make one of them a singleton, session- or request-scoped.',
    );
  }
  return diError('ARM_ERR_CIRCULAR_DEPENDENCY', `${head}. ${fix(cycle, edges)}`);
}

function members(cycle: ProviderRecord[]): string {
  const names = [...new Set(cycle.map((r) => r.label))];
  if (names.length === 1) return `${names[0]} depends on itself`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} depend on each other in a cycle`;
}

/** The fix on the last edge that can take a forwardRef (an alias cannot). */
function fix(cycle: ProviderRecord[], edges: BoundDependency[]): string {
  for (let i = edges.length - 1; i >= 0; i--) {
    const from = cycle[i];
    const target = tokenSource(cycle[i + 1].token);
    const site = from.site(edges[i].spec.index);
    if (from.kind === 'class')
      return `Break it with @Inject(forwardRef(() => ${target})) on ${site}, or move what they share into a third provider.`;
    if (from.kind === 'factory')
      return `Break it with forwardRef(() => ${target}) as ${site.replace('parameter', 'inject entry')}, or move what they share into a third provider.`;
  }
  return 'Move what they share into a third provider: an alias (useExisting) cycle cannot be broken with forwardRef.';
}
