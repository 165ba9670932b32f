/**
 * A typed token for values that have no class of their own (configuration, URLs,
 * interfaces). `T` is carried only at compile time: `get(DB_URL)` is typed `string` for
 * `new InjectionToken<string>('DB_URL')`. Tokens compare by identity, never by description.
 */
export class InjectionToken<T> {
  /** Phantom member carrying `T`; it never exists at run time. */
  declare readonly __type?: T;

  /** @param description Shown in error messages as `InjectionToken(description)`. */
  constructor(readonly description: string) {}

  /** `InjectionToken(description)`, as error messages print it. */
  toString(): string {
    return `InjectionToken(${this.description})`;
  }
}
