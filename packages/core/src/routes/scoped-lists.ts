import type { AuthInfo } from '../context/request-context';
import { grantedScopes, hasScopes } from '../guards/required-scopes';

/** A compiled route that may require scopes. */
interface ScopedRoute {
  readonly requiredScopes: readonly string[] | null;
}

/** Distinct scope sets remembered per list before the cache starts over. */
const MAX_SCOPE_SETS = 256;

interface Filtered<E> {
  readonly scoped: boolean;
  readonly bySet: Map<string, readonly E[]>;
}

/**
 * List results filtered to what the principal may use (routes whose required scopes it
 * holds). The filtered arrays are frozen and cached per scope set and per version of the
 * route list, so a repeated `tools/list` by the same kind of principal is still a lookup and
 * the engine's page cache keeps working; a list with no scoped route is returned as is.
 */
export class ScopedLists {
  private readonly cache = new WeakMap<readonly ScopedRoute[], Filtered<unknown>>();

  constructor(private readonly allowUnauthenticated: boolean) {}

  /** `entries[i]` is the list entry of `routes[i]` (both from the same registry version). */
  filter<R extends ScopedRoute, E>(routes: readonly R[], entries: readonly E[], auth: AuthInfo | undefined): readonly E[] {
    let filtered = this.cache.get(routes) as Filtered<E> | undefined;
    if (filtered === undefined) {
      filtered = { scoped: routes.some((r) => r.requiredScopes !== null), bySet: new Map() };
      this.cache.set(routes, filtered);
    }
    if (!filtered.scoped) return entries;
    const key = auth === undefined ? '\u0000' : [...new Set(grantedScopes(auth))].sort().join(' ');
    let list = filtered.bySet.get(key);
    if (list === undefined) {
      list = Object.freeze(
        entries.filter((_, i) => {
          const required = (routes[i] as R).requiredScopes;
          return required === null || hasScopes(required, auth, this.allowUnauthenticated);
        }),
      );
      if (filtered.bySet.size >= MAX_SCOPE_SETS) filtered.bySet.clear();
      filtered.bySet.set(key, list);
    }
    return list;
  }
}
