import type { DependencySpec } from '../metadata/constructor-dependencies';
import { tokenName, type Token } from '../tokens/token';
import type { Type } from '../tokens/type';
import type { Scope } from './scope';

/**
 * The module a record belongs to, as the graph checks read it. `ModuleNode` implements it; the
 * record names this shape instead of the class so providers/ and modules/ form no import circle.
 */
export interface RecordModule {
  readonly name: string;
  readonly imports: readonly RecordModule[];
  readonly exportTokens: readonly Token[];
  readonly visible: ReadonlyMap<Token, ProviderRecord>;
}

/** How a record makes its value. */
export type ProviderKind = 'class' | 'value' | 'factory' | 'existing' | 'context';

/** Why a dependency has no target after binding. */
export type BindFailure = 'erased' | 'no-metadata' | 'unknown' | 'not-visible' | 'bad-forward-ref';

/** A dependency after boot: the record it resolves to, fixed once so resolution never looks tokens up. */
export interface BoundDependency {
  readonly spec: DependencySpec;
  /** The token looked up (a `ForwardRef` already unwrapped); undefined when unknown. */
  token: Token | undefined;
  /** null: optional and absent (injects undefined), or failed (see `failure`). */
  target: ProviderRecord | null;
  failure: BindFailure | undefined;
  /** A forwardRef edge inside a cycle: injected as a lazy proxy. */
  lazy: boolean;
}

/** What a record constructs from. */
export interface ProviderSource {
  readonly useClass?: Type<unknown>;
  readonly value?: unknown;
  readonly factory?: (...args: unknown[]) => unknown;
  /** The class whose constructor metadata was read (a base class for inherited constructors). */
  readonly metadataOwner?: Function;
}

/** One provider of one module, normalised at boot. Internal. */
export class ProviderRecord {
  /** Bound dependencies, in parameter order (set at boot). */
  deps: BoundDependency[] = [];
  /** Effective scope (set at boot): a transient that needs a request-scoped value is `request`. */
  scope: Scope;
  /** The singleton instance once built; `built` tells undefined values apart. */
  instance: unknown = undefined;
  built = false;
  handler = false;
  readonly label: string;

  constructor(
    readonly id: number,
    readonly token: Token,
    readonly kind: ProviderKind,
    readonly declaredScope: Scope,
    readonly module: RecordModule,
    readonly specs: readonly DependencySpec[],
    readonly source: ProviderSource,
  ) {
    this.scope = declaredScope;
    this.label = tokenName(token);
  }

  /** Neither cached nor owning an instance of its own: transient classes/factories and aliases. */
  get uncached(): boolean {
    return this.kind === 'existing' || this.declaredScope === 'transient';
  }

  /** Where dependency `index` sits, as messages say it: `parameter #0 of NoteStore`. */
  site(index: number): string {
    if (this.kind === 'factory') return `parameter #${index} of the factory for ${this.label}`;
    if (this.kind === 'existing') return `the useExisting of ${this.label}`;
    return `parameter #${index} of ${this.source.useClass?.name ?? this.label}`;
  }

  /** What to name in a fix that edits this provider's own declaration. */
  get declarationName(): string {
    return this.kind === 'class' ? (this.source.useClass?.name ?? this.label) : this.label;
  }
}
