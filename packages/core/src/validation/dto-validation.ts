import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { ValidationIssue, ValidationResult } from './validation-result';

/** A class whose instance a DTO-style handler receives. */
export type DtoClass = new (...args: never[]) => object;

function collect(errors: readonly ValidationError[], parent: string, out: ValidationIssue[]): void {
  for (const error of errors) {
    const path = /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) out.push({ path, message });
    if (error.children?.length) collect(error.children, path, out);
  }
}

/**
 * Turns already schema-valid arguments into an instance of `dto` with class-transformer and
 * checks it with class-validator, so decorators such as `@IsEmail()` and `@Min()` hold.
 */
export async function validateDto(dto: DtoClass, plain: Record<string, unknown>): Promise<ValidationResult<object>> {
  const instance = plainToInstance(dto as new () => object, plain);
  const errors = await validate(instance, { forbidUnknownValues: false });
  if (errors.length === 0) return { valid: true, value: instance };
  const issues: ValidationIssue[] = [];
  collect(errors, '', issues);
  return { valid: false, issues };
}
