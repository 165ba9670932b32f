import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { RouteEntries } from './route-entries';

interface Slot<R> {
  readonly route: R;
  enabled: boolean;
}

/**
 * Routes of one kind by key (tool name, prompt name, resource URI, URI template), in
 * registration order. The list of enabled entries is a frozen array, rebuilt only after a
 * change, so list requests and pagination never copy.
 */
export class RouteRegistry<R, E> {
  private readonly slots = new Map<string, Slot<R>>();
  private cachedList: readonly E[] | null = null;
  private cachedRoutes: readonly R[] | null = null;
  private cachedEntries: RouteEntries<R, E> | null = null;
  private changes = 0;

  constructor(
    /** For messages: `tool`, `prompt`, `resource`, `resource template`. */
    private readonly label: string,
    private readonly keyOf: (route: R) => string,
    private readonly entryOf: (route: R) => E,
    /** A route's entry's JSON text without making the entry (see `RouteEntries`), for kinds that can write it. */
    private readonly jsonOf?: (route: R) => string | undefined,
  ) {}

  /** The enabled route for `key` (looked up in a Map: no prototype keys). */
  get(key: string): R | undefined {
    const slot = this.slots.get(key);
    return slot?.enabled ? slot.route : undefined;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  /** Number of registered keys, enabled or not. */
  get size(): number {
    return this.slots.size;
  }

  /** Grows with every change (add, remove, enable, disable): a cheap "did anything change" check. */
  get revision(): number {
    return this.changes;
  }

  /** Every registered key, enabled or not. */
  keys(): string[] {
    return [...this.slots.keys()];
  }

  /** Enabled routes in order (frozen, cached). */
  routes(): readonly R[] {
    this.cachedRoutes ??= Object.freeze([...this.slots.values()].filter((s) => s.enabled).map((s) => s.route));
    return this.cachedRoutes;
  }

  /** Every route, enabled or not. */
  allRoutes(): R[] {
    return [...this.slots.values()].map((s) => s.route);
  }

  /** List entries of the enabled routes (frozen, cached). */
  list(): readonly E[] {
    this.cachedList ??= Object.freeze(this.routes().map(this.entryOf));
    return this.cachedList;
  }

  /** List entries of the enabled routes, made page by page as they are read (frozen, cached). */
  entries(): RouteEntries<R, E> {
    this.cachedEntries ??= new RouteEntries(this.routes(), this.entryOf, this.jsonOf);
    return this.cachedEntries;
  }

  /** Adds all routes or none: a key already present (or repeated) throws `ARM_ERR_DUPLICATE_NAME`. */
  add(routes: readonly R[]): void {
    const fresh = new Set<string>();
    for (const route of routes) {
      const key = this.keyOf(route);
      if (this.slots.has(key) || fresh.has(key)) {
        throw new ArmatureError(
          LocalErrorCode.DUPLICATE_NAME,
          `Two ${this.label}s are named ${JSON.stringify(key)}; ${this.label} names must be unique per server.`,
        );
      }
      fresh.add(key);
    }
    for (const route of routes) this.slots.set(this.keyOf(route), { route, enabled: true });
    if (routes.length > 0) this.invalidate();
  }

  /** Removes `key`; returns the route. Throws `ARM_ERR_NOT_REGISTERED` for an unknown key. */
  remove(key: string): R {
    const slot = this.require(key);
    this.slots.delete(key);
    this.invalidate();
    return slot.route;
  }

  /** Enables or disables `key`; returns whether anything changed. */
  setEnabled(key: string, enabled: boolean): boolean {
    const slot = this.require(key);
    if (slot.enabled === enabled) return false;
    slot.enabled = enabled;
    this.invalidate();
    return true;
  }

  private require(key: string): Slot<R> {
    const slot = this.slots.get(key);
    if (!slot) {
      const known = this.keys();
      const shown =
        known
          .slice(0, 20)
          .map((k) => JSON.stringify(k))
          .join(', ') + (known.length > 20 ? ', …' : '');
      throw new ArmatureError(
        LocalErrorCode.NOT_REGISTERED,
        `No ${this.label} ${JSON.stringify(key)} is registered (registered: ${shown || 'none'}).`,
      );
    }
    return slot;
  }

  private invalidate(): void {
    this.changes++;
    this.cachedList = null;
    this.cachedRoutes = null;
    this.cachedEntries = null;
  }
}
