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
  const parentSchema = parentSchemaOf(plan);
  const error = { instancePath: base + segment, schemaPath: '', keyword, params, message, parentSchema, data } as ErrorObject;
  if (errors === null) errors = [error];
  else errors.push(error);
}

/**
 * What an error needs of the node ajv would give as `parentSchema`: its `type` and the names
 * of its `properties` (`ajvIssues` lists them for an unknown argument). Made for errors only.
 */
function parentSchemaOf(plan: SchemaPlan): { type?: unknown; properties?: Record<string, true> } {
  const properties = plan.properties;
  if (properties === undefined) return { type: plan.type };
  const names: Record<string, true> = {};
  for (const property of properties) names[property.name] = true;
  return { type: plan.type, properties: names };
}

export function typeError(plan: SchemaPlan, data: unknown, base: string, segment: string): void {
  const type = plan.type;
  fail(base, segment, 'type', { type }, `must be ${Array.isArray(type) ? type.join(',') : String(type)}`, plan, data);
}
