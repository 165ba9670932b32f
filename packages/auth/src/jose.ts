import type * as Jose from 'jose' with { 'resolution-mode': 'import' };

/** The `jose` module (ESM only), loaded on first use from this CommonJS package. */
export type JoseModule = typeof Jose;

let loading: Promise<JoseModule> | undefined;

/** Loads `jose` once; every verifier shares the module. */
export function loadJose(): Promise<JoseModule> {
  return (loading ??= import('jose'));
}
