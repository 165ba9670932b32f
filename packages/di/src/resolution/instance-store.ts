import type { OwnedInstance } from '../lifecycle/run-hooks';
import type { ProviderRecord } from '../providers/provider-record';
import type { Token } from '../tokens/token';

/** `root`: the container's singletons (and the transients they own); the others: resolution contexts. */
export type StoreKind = 'root' | 'session' | 'request';

/** Where instances of one scope live, in creation order. Internal. */
export class InstanceStore {
  /** Cached instances (as promises, so concurrent resolutions share one creation). */
  readonly cache = new Map<ProviderRecord, Promise<unknown>>();
  /** Values seeded with `ctx.provide`, for `fromContext` providers. */
  readonly seeded = new Map<Token, unknown>();
  /** Instances created here, in creation order, for dispose/shutdown hooks. */
  readonly owned: OwnedInstance[] = [];
  /** Creations still running, so dispose can wait for them. */
  readonly inflight = new Set<Promise<unknown>>();
  disposed = false;

  /**
   * @param tracks false for the detached store behind `container.resolve(token)` without a
   * context: transients made there belong to the caller, and no hook runs on them later.
   */
  constructor(
    readonly kind: StoreKind,
    readonly parent: InstanceStore | undefined,
    readonly tracks: boolean,
  ) {}
}
