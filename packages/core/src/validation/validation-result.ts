/** One reason a value failed validation, in words a model can act on. */
export interface ValidationIssue {
  /** Where: `title`, `tags[2]`, `address.city`; empty for the whole value. */
  readonly path: string;
  /** Why, e.g. `is required`, `must be a string (got number)`. */
  readonly message: string;
}

/** The outcome of validating one value; `value` has schema defaults applied. */
export type ValidationResult<T = unknown> =
  { readonly valid: true; readonly value: T } | { readonly valid: false; readonly issues: readonly ValidationIssue[] };

/** A compiled validator: built once at boot, called per request. */
export type Validator = (value: unknown) => ValidationResult;
