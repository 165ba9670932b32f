import type { ListEntries } from '../protocol/list-pages';

/**
 * The list entries of some routes, made when a page asks for them (`slice`): a route's entry
 * is built on first read and kept by the route, so a server with 10,001 tools makes the 1,000
 * entries of the first page for its first `tools/list`, and the rest only if they are paged to.
 * Frozen, so list pages over it are cached like pages over a frozen array.
 */
export class RouteEntries<R, E> implements ListEntries<E> {
  constructor(
    private readonly routes: readonly R[],
    private readonly entryOf: (route: R) => E,
    /** A route's entry's JSON text without making the entry, where the route can write it. */
    private readonly jsonOf?: (route: R) => string | undefined,
  ) {
    Object.freeze(this);
  }

  get length(): number {
    return this.routes.length;
  }

  slice(start: number, end: number): E[] {
    return this.routes.slice(start, end).map(this.entryOf);
  }

  /** The JSON texts of the entries `slice(start, end)` would make; undefined where a route cannot write its own. */
  texts(start: number, end: number): readonly (string | undefined)[] | undefined {
    const jsonOf = this.jsonOf;
    return jsonOf === undefined ? undefined : this.routes.slice(start, end).map(jsonOf);
  }

  /** The entries of the routes `keep` accepts, in order. */
  filter(keep: (route: R) => boolean): RouteEntries<R, E> {
    return new RouteEntries(this.routes.filter(keep), this.entryOf, this.jsonOf);
  }
}
