import type { AuthInfo } from '../context/request-context';
import { grantedScopes, hasScopes } from '../guards/required-scopes';
import { RouteEntries } from './route-entries';

/** A compiled route that may require scopes. */
interface ScopedRoute {
  readonly requiredScopes: readonly string[] | null;
}

/** Distinct scope sets remembered per list before the cache starts over. */
const MAX_SCOPE_SETS = 256;

/** A list's entries: an array (`entries[i]` is the entry of `routes[i]`) or made from the routes page by page. */
type Entries<R, E> = readonly E[] | RouteEntries<R, E>;

interface Filtered<R, E> {
  readonly scoped: boolean;
  readonly bySet: Map<string, Entries<R, E>>;
}

/**
 * List results filtered to what the principal may use (routes whose required scopes it
 * holds). The filtered arrays are frozen and cached per scope set and per version of the
 * route list, so a repeated `tools/list` by the same kind of principal is still a lookup and
 * the engine's page cache keeps working; a list with no scoped route is returned as is.
 */
export class ScopedLists {
  private readonly cache = new WeakMap<readonly ScopedRoute[], Filtered<ScopedRoute, unknown>>();

  constructor(private readonly allowUnauthenticated: boolean) {}

  /** `entries` are the list entries of `routes` (both from the same registry version). */
  filter<R extends ScopedRoute, E>(routes: readonly R[], entries: readonly E[], auth: AuthInfo | undefined): readonly E[];
  filter<R extends ScopedRoute, E>(routes: readonly R[], entries: RouteEntries<R, E>, auth: AuthInfo | undefined): RouteEntries<R, E>;
  filter<R extends ScopedRoute, E>(routes: readonly R[], entries: Entries<R, E>, auth: AuthInfo | undefined): Entries<R, E> {
    let filtered = this.cache.get(routes) as Filtered<R, E> | undefined;
    if (filtered === undefined) {
      filtered = { scoped: routes.some((r) => r.requiredScopes !== null), bySet: new Map() };
      this.cache.set(routes, filtered as unknown as Filtered<ScopedRoute, unknown>);
    }
    if (!filtered.scoped) return entries;
    const key = auth === undefined ? '\u0000' : [...new Set(grantedScopes(auth))].sort().join(' ');
    let list = filtered.bySet.get(key);
    if (list === undefined) {
      const allowed = (route: R): boolean =>
        route.requiredScopes === null || hasScopes(route.requiredScopes, auth, this.allowUnauthenticated);
      list = entries instanceof RouteEntries ? entries.filter(allowed) : Object.freeze(entries.filter((_, i) => allowed(routes[i] as R)));
      if (filtered.bySet.size >= MAX_SCOPE_SETS) filtered.bySet.clear();
      filtered.bySet.set(key, list);
    }
    return list;
  }
}
