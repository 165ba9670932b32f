import type { JsonSchema } from '../metadata/handler-metadata.types';
import { ajvIssues } from './ajv-issues';
import { checkPlan } from './simple/simple-check';
import { quickObjectCheck } from './simple/simple-quick-check';
import type { SchemaPlan } from './simple/simple-plan.types';
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

/** `text` parsed when it is the JSON of an object; undefined otherwise. */
export function parseObject(text: string): JsonSchema | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
  } catch {
    return undefined;
  }
}
