/**
 * Decoded values of a successful match: a string per plain variable, a list per exploded
 * (`*`) variable. Variables absent from the URI are absent from the record. The record has
 * no prototype, so a variable named `__proto__` or `constructor` is just a key.
 */
export type UriTemplateValues = Record<string, string | string[]>;

/** Why `matchDetailed` refused a URI. */
export type UriMatchFailureReason = 'no-match' | 'too-long' | 'unsafe-value';

/** Which safety check refused a decoded value (see `UnsafeValuePolicy`). */
export type UnsafeValueCheck = 'control-character' | 'dot-segment' | 'encoded-separator' | 'backslash' | 'absolute-path';

/** The outcome of `UriTemplate.matchDetailed`. `detail` is meant for logs, not for clients. */
export type UriMatchResult =
  | { readonly ok: true; readonly values: UriTemplateValues }
  | {
      readonly ok: false;
      readonly reason: UriMatchFailureReason;
      readonly detail: string;
      /** For `unsafe-value`: the variable whose value was refused. */
      readonly variable?: string;
      /** For `unsafe-value`: the check that refused it. */
      readonly check?: UnsafeValueCheck;
    };

/**
 * Value checks to switch off, one by one; each `true` *allows* what the check refuses.
 * Every check is on unless switched off here.
 */
export interface UnsafeValuePolicy {
  /** Allow `.` and `..` path segments (split at `/` and `\`), including `%2e%2e`. */
  readonly dotSegments?: boolean;
  /** Allow NUL, C0, DEL and C1 control characters. */
  readonly controlCharacters?: boolean;
  /** Allow `/` or `\` inside a single-segment variable (only reachable as `%2F` / `%5C`). */
  readonly encodedSeparators?: boolean;
  /** Allow `\` anywhere in a value. */
  readonly backslashes?: boolean;
  /** Allow absolute paths: a leading `/` or `\`, or a Windows drive root (`C:`, `C:/`, `C:\`). */
  readonly absolutePaths?: boolean;
}

/** Options for `UriTemplate.parse`. */
export interface UriTemplateOptions {
  /**
   * Longest URI, in UTF-16 code units, that matching will look at; longer URIs fail with
   * `too-long` before any scanning. Default 8192. Must be a positive integer.
   */
  readonly maxUriLength?: number;
  /** `true` switches every value check off; an object switches off chosen checks. Default: all on. */
  readonly allowUnsafeValues?: boolean | UnsafeValuePolicy;
  /**
   * Query parameters the template does not name: `false` (default) makes the URI not match,
   * `true` ignores them (also on templates without a query expression).
   */
  readonly allowUnknownQueryParams?: boolean;
}
