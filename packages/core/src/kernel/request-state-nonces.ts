/**
 * Where the nonces of single-use MCP 2026-07-28 `requestState`s are marked used, so a state
 * is honoured once: a replayed confirmation of a destructive tool is refused instead of running
 * the tool again. Every instance behind one endpoint must share it (`@armature/redis` has one);
 * the default holds them in this process.
 */
export interface RequestStateNonces {
  /**
   * Marks `nonce` used until `expiresAt` (ms since the epoch, the state's own expiry: after it
   * the sealer refuses the state anyway). True the first time, false when it was used already.
   * A store that cannot answer throws; the request is then refused, never run unchecked.
   */
  consume(nonce: string, expiresAt: number): boolean | Promise<boolean>;
}

/** Default `maxEntries` of `InMemoryRequestStateNonces`. */
export const DEFAULT_MAX_USED_NONCES = 100_000;

/**
 * The nonces used in this process, each kept until its state expires. Bounded: once
 * `maxEntries` unexpired nonces are held, a further state is refused (its request may be
 * started over) rather than an older nonce forgotten, which would let that state be replayed.
 */
export class InMemoryRequestStateNonces implements RequestStateNonces {
  /** Nonce → expiry; states share one lifetime, so insertion order is close to expiry order. */
  private readonly used = new Map<string, number>();

  constructor(private readonly maxEntries = DEFAULT_MAX_USED_NONCES) {}

  consume(nonce: string, expiresAt: number, now = Date.now()): boolean {
    this.prune(now);
    if (this.used.has(nonce)) return false;
    if (this.used.size >= this.maxEntries) throw new RangeError(`more than ${this.maxEntries} single-use request states are in use`);
    this.used.set(nonce, expiresAt);
    return true;
  }

  /** Nonces held now. */
  get size(): number {
    return this.used.size;
  }

  private prune(now: number): void {
    for (const [nonce, expiresAt] of this.used) {
      if (expiresAt >= now) return;
      this.used.delete(nonce);
    }
  }
}
