import { isErased } from '../metadata/constructor-dependencies';
import type { BoundDependency, ProviderRecord } from '../providers/provider-record';
import { ForwardRef } from '../tokens/forward-ref';
import { isToken, type Token } from '../tokens/token';

/**
 * Binds every dependency of every record to the record it resolves to, looking the token up
 * in what the record's module can see. Failures are noted on the dependency (messages come
 * later, once resolution paths are known). Runs once, at boot.
 */
export function bindDependencies(records: readonly ProviderRecord[]): void {
  for (const record of records) {
    record.deps = record.specs.map((spec): BoundDependency => {
      const dep: BoundDependency = { spec, token: undefined, target: null, failure: undefined, lazy: false };
      if (spec.problem) {
        dep.failure = spec.problem;
        return dep;
      }
      const token = spec.token instanceof ForwardRef ? spec.token.forwardRef() : spec.token;
      if (!isToken(token) || (spec.token instanceof ForwardRef && isErased(token))) {
        dep.failure = 'bad-forward-ref';
        return dep;
      }
      dep.token = token;
      const target = record.module.visible.get(token);
      if (target) dep.target = target;
      else if (!spec.optional) dep.failure = ownersOf(records, token).length > 0 ? 'not-visible' : 'unknown';
      return dep;
    });
  }
}

/** Every record, in any module, that provides `token`. */
export function ownersOf(records: readonly ProviderRecord[], token: Token): ProviderRecord[] {
  return records.filter((r) => r.token === token);
}
