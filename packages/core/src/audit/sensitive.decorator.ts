/**
 * Marks a DTO property or a handler parameter as sensitive, like the `@sensitive` JSDoc tag:
 * `armature build` finds it in the source and stores its redaction path in the manifest, so
 * audit records show `"[redacted]"` instead of the value.
 *
 * ```ts
 * class SignIn {
 *   user!: string;
 *   @Sensitive() password!: string;
 * }
 * ```
 *
 * It does nothing at run time (no metadata, no wrapper): redaction is decided at build time,
 * and a server without an audit sink pays nothing for it. Import it from
 * `@armature/core/observability` under its own name (the scanner recognises it by where it
 * is declared, renamed imports included).
 */
export function Sensitive(): PropertyDecorator & ParameterDecorator {
  return markedAtBuildTime;
}

function markedAtBuildTime(): void {
  // Intentionally empty: the build-time scanner reads the decorator from the source.
}
