import type { JsonSchema } from '../metadata/handler-metadata.types';
import { ajvIssues } from './ajv-issues';
import { checkPlan } from './simple/simple-check';
import { quickObjectCheck, quickValid } from './simple/simple-quick-check';
import type { QuickObject, SchemaPlan } from './simple/simple-plan.types';
import type { Validator } from './validation-result';

/** A validator over the shared checker: nothing compiled, for this schema or on its first call. */
export function planValidator(plan: SchemaPlan, copy: boolean): Validator {
  const quickly = quickObjectCheck(plan);
  return (value) => {
    const data = copy ? structuredClone(value) : value;
    if (quickly !== undefined && quickly(data)) return { valid: true, value: data };
    const errors = checkPlan(plan, data);
    return errors === null ? { valid: true, value: data } : { valid: false, issues: ajvIssues(errors) };
  };
}

/**
 * A validator that decides a valid argument object from `quick` alone (see `quickTablesOf`)
 * and makes the full validator (`full`, the one that reports issues) only when a value fails
 * those tables: what a valid call needs is all a tool's first call makes.
 */
export function quickFirstValidator(quick: QuickObject, copy: boolean, full: () => Validator): Validator {
  let slow: Validator | undefined;
  return (value) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const data = copy ? structuredClone(value) : value;
      if (quickValid(quick, data as Record<string, unknown>)) return { valid: true, value: data };
    }
    return (slow ??= full())(value);
  };
}

/** `text` parsed when it is the JSON of an object; undefined otherwise. */
export function parseObject(text: string): JsonSchema | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
  } catch {
    return undefined;
  }
}
