import { diError } from '../errors/di-error';
import { INJECTABLE_SCOPE } from '../metadata/metadata-keys';
import { readConstructorDependencies } from '../metadata/constructor-dependencies';
import { SCOPES, type Scope } from '../providers/scope';

/** Options of `@Injectable`. */
export interface InjectableOptions {
  /** Lifetime of instances; `singleton` when omitted. */
  readonly scope?: Scope;
}

/**
 * Marks a class as a provider. Besides recording the scope, the class decorator is what makes
 * TypeScript emit the constructor's parameter types (`design:paramtypes`), which are read
 * here once and kept, so resolution never reflects.
 */
export function Injectable(options: InjectableOptions = {}): ClassDecorator {
  return (target) => {
    const scope = options.scope ?? 'singleton';
    if (!SCOPES.includes(scope)) {
      throw diError(
        'ARM_ERR_INVALID_PROVIDER',
        `@Injectable({ scope: ${JSON.stringify(scope)} }) on ${target.name}: scope must be one of ${SCOPES.join(', ')}.`,
      );
    }
    Reflect.defineMetadata(INJECTABLE_SCOPE, scope, target);
    readConstructorDependencies(target);
  };
}
