import type { ValidationError } from 'class-validator';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { ValidationIssue, ValidationResult } from './validation-result';

/** A class whose instance a DTO-style handler receives. */
export type DtoClass = new (...args: never[]) => object;

/** Checks one already schema-valid arguments object against a DTO class. */
export type DtoValidator = (plain: Record<string, unknown>) => Promise<ValidationResult<object>>;

/** The two libraries a DTO parameter needs: optional peer dependencies of @armature/core. */
type DtoLibrary = 'class-transformer' | 'class-validator';

function collect(errors: readonly ValidationError[], parent: string, out: ValidationIssue[]): void {
  for (const error of errors) {
    const path = /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) out.push({ path, message });
    if (error.children?.length) collect(error.children, path, out);
  }
}

/** True when `error` says `name` itself cannot be found (not a module it requires in turn). */
function isMissing(error: unknown, name: DtoLibrary): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.startsWith(`Cannot find module '${name}'`);
}

/**
 * Each library by a literal `require`, so that a bundler packing the app (`armature bundle`)
 * packs it in; loaded on first use only.
 */
const LIBRARIES: Readonly<Record<DtoLibrary, () => unknown>> = {
  'class-transformer': () => require('class-transformer') as unknown,
  'class-validator': () => require('class-validator') as unknown,
};

/** Loads `name`; when it is not installed, fails the boot naming it and the route that needs it. */
function requireLibrary<T>(name: DtoLibrary, dto: DtoClass, where: string): T {
  try {
    return LIBRARIES[name]() as T;
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    throw new ArmatureError(
      LocalErrorCode.DTO_LIBRARY_MISSING,
      `${where} takes the DTO class ${dto.name}, which needs ${name} (not installed): run \`npm install class-validator class-transformer\`.`,
    );
  }
}

/**
 * A validator turning already schema-valid arguments into an instance of `dto` with
 * class-transformer and checking it with class-validator, so decorators such as `@IsEmail()`
 * and `@Min()` hold. `where` names the route in the error when a library is missing.
 *
 * The two libraries are optional peer dependencies, required here, when a route with a DTO
 * parameter is compiled, not when `@armature/core` loads: together they are ~350 modules and
 * 17 MB installed (libphonenumber-js among them), which every app would pay for in start-up
 * time and install size whether or not any tool takes a DTO.
 */
export function dtoValidator(dto: DtoClass, where: string): DtoValidator {
  const { plainToInstance } = requireLibrary<typeof import('class-transformer')>('class-transformer', dto, where);
  const { validate } = requireLibrary<typeof import('class-validator')>('class-validator', dto, where);
  return async (plain) => {
    const instance = plainToInstance(dto as new () => object, plain);
    const errors = await validate(instance, { forbidUnknownValues: false });
    if (errors.length === 0) return { valid: true, value: instance };
    const issues: ValidationIssue[] = [];
    collect(errors, '', issues);
    return { valid: false, issues };
  };
}
