import type { ValidationError } from 'class-validator';
import type { ValidationIssue, ValidationResult } from './validation-result';

/** A class whose instance a DTO-style handler receives. */
export type DtoClass = new (...args: never[]) => object;

/** Checks one already schema-valid arguments object against a DTO class. */
export type DtoValidator = (plain: Record<string, unknown>) => Promise<ValidationResult<object>>;

function collect(errors: readonly ValidationError[], parent: string, out: ValidationIssue[]): void {
  for (const error of errors) {
    const path = /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) out.push({ path, message });
    if (error.children?.length) collect(error.children, path, out);
  }
}

/**
 * A validator turning already schema-valid arguments into an instance of `dto` with
 * class-transformer and checking it with class-validator, so decorators such as `@IsEmail()`
 * and `@Min()` hold.
 *
 * The two libraries are required here, when a route with a DTO parameter is compiled, not
 * when `@armature/core` loads: together they are ~350 modules (libphonenumber-js among them),
 * which cost every app 300–450 ms of start-up whether or not any tool takes a DTO.
 */
export function dtoValidator(dto: DtoClass): DtoValidator {
  const { plainToInstance } = require('class-transformer') as typeof import('class-transformer');
  const { validate } = require('class-validator') as typeof import('class-validator');
  return async (plain) => {
    const instance = plainToInstance(dto as new () => object, plain);
    const errors = await validate(instance, { forbidUnknownValues: false });
    if (errors.length === 0) return { valid: true, value: instance };
    const issues: ValidationIssue[] = [];
    collect(errors, '', issues);
    return { valid: false, issues };
  };
}
