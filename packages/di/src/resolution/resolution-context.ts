import { diError } from '../errors/di-error';
import { runHooksInReverse } from '../lifecycle/run-hooks';
import type { ContextScope } from '../providers/scope';
import { tokenName, type Token } from '../tokens/token';
import { InstanceStore } from './instance-store';

/** What a context needs from the container that made it. Internal. */
export interface ContextHost {
  resolveIn(token: Token, ctx: ResolutionContext): Promise<unknown>;
  /** How `token` is declared: `fromContext` with a scope, as an ordinary provider, or not at all. */
  declarationOf(token: Token): ContextScope | 'provider' | undefined;
}

/**
 * A session or request: the place where session- or request-scoped instances live, opened
 * with `container.createContext` and closed with `dispose()`. A request context made with a
 * session context as parent finds session-scoped instances there.
 */
export class ResolutionContext {
  /** @internal Where this context's instances live. */
  readonly store: InstanceStore;
  private disposing: Promise<void> | undefined;

  /** @internal Made by `container.createContext`. */
  constructor(
    /** @internal */ readonly host: ContextHost,
    /** Which instances live here: `session` or `request` ones. */
    readonly kind: ContextScope,
    /** For a request context: the session context it belongs to, if any. */
    readonly parent: ResolutionContext | undefined,
  ) {
    this.store = new InstanceStore(kind, parent?.store, true);
  }

  /** True once `dispose()` has been called. */
  get disposed(): boolean {
    return this.store.disposed;
  }

  /**
   * Seeds the value of a `{ provide: token, scope, fromContext: true }` provider for this
   * context. A token may be seeded once per context, and only into the kind of context its
   * provider declares; seeding a token that an ordinary provider provides is refused (it
   * would have no effect). Tokens nobody declares are accepted and ignored.
   */
  provide<T>(token: Token<T>, value: T): this {
    this.assertOpen();
    const declared = this.host.declarationOf(token);
    if (declared === 'provider') {
      throw diError(
        'ARM_ERR_CONTEXT_VALUE_CONFLICT',
        `${tokenName(token)} is an ordinary provider, so a seeded value would never be used. ` +
          `Declare it as { provide: ${tokenName(token)}, scope: '${this.kind}', fromContext: true } to seed it per ${this.kind}.`,
      );
    }
    if (declared !== undefined && declared !== this.kind) {
      throw diError(
        'ARM_ERR_CONTEXT_VALUE_CONFLICT',
        `${tokenName(token)} is declared fromContext with scope '${declared}', so it must be seeded into a ${declared} context, not this ${this.kind} context.`,
      );
    }
    if (this.store.seeded.has(token)) {
      throw diError(
        'ARM_ERR_CONTEXT_VALUE_CONFLICT',
        `${tokenName(token)} was already seeded into this ${this.kind} context; seed each token once.`,
      );
    }
    this.store.seeded.set(token, value);
    return this;
  }

  /** Resolves `token` in this context (instances of its scope are created here once and reused). */
  resolve<T>(token: Token<T>): Promise<T> {
    return this.host.resolveIn(token, this) as Promise<T>;
  }

  /**
   * Waits for creations in progress, then runs `onDispose` on every instance created in this
   * context, in reverse creation order. Every hook runs even if some throw; the failures are
   * then reported together (`ARM_ERR_DISPOSE_FAILED`). Calling it again returns the same promise.
   */
  dispose(): Promise<void> {
    this.disposing ??= this.runDispose();
    return this.disposing;
  }

  /** @internal Throws when the context (or its session) was disposed. */
  assertOpen(): void {
    if (this.store.disposed) throw diError('ARM_ERR_CONTEXT_DISPOSED', `this ${this.kind} context was disposed; create a new one.`);
    if (this.parent?.disposed) throw diError('ARM_ERR_CONTEXT_DISPOSED', `the session context of this request context was disposed.`);
  }

  private async runDispose(): Promise<void> {
    this.store.disposed = true;
    // Bounded: the store is disposed, so no new creation can start here.
    await Promise.allSettled([...this.store.inflight]);
    await runHooksInReverse(this.store.owned, 'onDispose', `the ${this.kind} context`);
  }
}
