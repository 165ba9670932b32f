import type { ErrorObject } from 'ajv';
import type { SchemaPlan } from './simple-plan.types';

/**
 * The errors of the validation running now, made on the first error (a valid value allocates
 * none). Module state is safe: a check is synchronous and never re-entered.
 */
let errors: ErrorObject[] | null = null;

/** Starts a check: no errors yet. */
export function startErrors(): void {
  errors = null;
}

/** Ends a check: its errors, or null when valid. */
export function takeErrors(): ErrorObject[] | null {
  const found = errors;
  errors = null;
  return found;
}

/**
 * A value's `instancePath` is `base + segment`, joined only when an error needs it or a
 * child's path is built from it, so a valid call builds no path strings.
 */
export function fail(
  base: string,
  segment: string,
  keyword: string,
  params: Record<string, unknown>,
  message: string,
  plan: SchemaPlan,
  data: unknown,
): void {
  const error = { instancePath: base + segment, schemaPath: '', keyword, params, message, parentSchema: plan.node, data } as ErrorObject;
  if (errors === null) errors = [error];
  else errors.push(error);
}

export function typeError(plan: SchemaPlan, data: unknown, base: string, segment: string): void {
  const type = plan.node.type;
  fail(base, segment, 'type', { type }, `must be ${Array.isArray(type) ? type.join(',') : String(type)}`, plan, data);
}
