import type { ArmatureError } from '../errors/armature-error';
import { diError } from '../errors/di-error';
import type { BoundDependency, ProviderRecord } from '../providers/provider-record';
import { scopePhrase, scopeRank, type Scope } from '../providers/scope';
import type { ResolutionPaths } from './resolution-paths';

/**
 * Computes each record's effective scope and reports scope widening. A transient (or alias)
 * lives as long as the shortest-lived thing it needs: a transient that depends on a
 * request-scoped provider is effectively request-scoped. A singleton may then depend on
 * nothing effectively session- or request-scoped, and a session-scoped provider on nothing
 * effectively request-scoped.
 */
export function checkScopes(records: readonly ProviderRecord[], paths: ResolutionPaths): ArmatureError[] {
  const rank = effectiveRanks(records);
  for (const r of records) r.scope = effectiveScope(r, rank);
  const problems: ArmatureError[] = [];
  for (const record of paths.order) {
    if (record.uncached || (record.kind !== 'class' && record.kind !== 'factory')) continue;
    const own = scopeRank(record.declaredScope);
    for (const dep of record.deps) {
      if (dep.target && (rank.get(dep.target) as number) > own) problems.push(widening(paths, record, dep, rank));
    }
  }
  return problems;
}

/** Fixpoint: ranks only grow (0..2), so it settles within 2 × records + 1 rounds. */
function effectiveRanks(records: readonly ProviderRecord[]): Map<ProviderRecord, number> {
  const rank = new Map(records.map((r) => [r, r.uncached ? 0 : scopeRank(r.declaredScope)] as const));
  for (let round = 0, changed = true; changed && round <= 2 * records.length + 1; round++) {
    changed = false;
    for (const r of records) {
      if (!r.uncached) continue;
      for (const d of r.deps) {
        const needed = d.target ? (rank.get(d.target) as number) : 0;
        if (needed > (rank.get(r) as number)) {
          rank.set(r, needed);
          changed = true;
        }
      }
    }
  }
  return rank;
}

function effectiveScope(record: ProviderRecord, rank: Map<ProviderRecord, number>): Scope {
  if (!record.uncached) return record.declaredScope;
  const r = rank.get(record) as number;
  if (r === 2) return 'request';
  if (r === 1) return 'session';
  if (record.kind === 'existing') {
    // An alias is as cached as what it finally points to.
    const seen = new Set<ProviderRecord>();
    let target: ProviderRecord | null = record;
    while (target && target.kind === 'existing' && !seen.has(target)) {
      seen.add(target);
      target = target.deps[0]?.target ?? null;
    }
    return target && target.kind !== 'existing' && target.declaredScope === 'transient' ? 'transient' : 'singleton';
  }
  return 'transient';
}

function widening(paths: ResolutionPaths, record: ProviderRecord, dep: BoundDependency, rank: Map<ProviderRecord, number>): ArmatureError {
  const needed = rank.get(dep.target as ProviderRecord) as number;
  const chain: ProviderRecord[] = [dep.target as ProviderRecord];
  for (let t = chain[0]; t.uncached && chain.length <= rank.size; chain.push(t)) {
    const next = t.deps.find((d) => d.target && rank.get(d.target) === needed);
    if (!next) break;
    t = next.target as ProviderRecord;
  }
  const narrow = chain[chain.length - 1];
  const through = chain.slice(0, -1);
  const path = [...paths.pathTo(record), ...chain.map((r) => r.label)].join(' -> ');
  const via =
    through.length === 0
      ? ''
      : ` (through ${through.map((r) => `${r.kind === 'existing' ? 'alias' : 'transient'} ${r.label}`).join(', ')})`;
  const narrowScope = narrow.scope;
  const own = record.declaredScope;
  const fix =
    record.kind === 'factory'
      ? `give the factory for ${record.label} scope: '${narrowScope}'`
      : `make ${record.declarationName} ${narrowScope}-scoped (@Injectable({ scope: '${narrowScope}' }))`;
  return diError(
    'ARM_ERR_SCOPE_WIDENING',
    `cannot resolve ${path} (${record.site(dep.spec.index)}): ${record.label} is ${scopePhrase(own)} but depends on ` +
      `${narrow.label}, which is ${scopePhrase(narrowScope)}${via}. ` +
      `${own === 'singleton' ? 'A singleton' : 'A session-scoped instance'} outlives each ${narrowScope === 'request' ? 'request' : 'session'} and would keep a stale ${narrow.label}. ` +
      `Fix: ${fix}, or pass the ${narrowScope} value as a method argument.`,
  );
}
