import 'reflect-metadata';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { isGuard } from '../guards/can-activate';
import { isInterceptor } from '../interceptors/interceptor';
import { DESIGN_PARAM_TYPES } from '../metadata/metadata.keys';

/** Looks an enhancer class up in the DI container, from the module of `handlerClass`. */
export type ContainerLookup = (cls: abstract new (...args: never[]) => object, handlerClass: object | undefined) => object | undefined;

/** Which contract an enhancer must meet. */
export type EnhancerRole = 'guard' | 'interceptor';

function takesArguments(cls: Function): boolean {
  const types: unknown = Reflect.getMetadata(DESIGN_PARAM_TYPES, cls);
  return cls.length > 0 || (Array.isArray(types) && types.length > 0);
}

/**
 * Turns `@UseGuards`/`@UseInterceptors` entries into instances, once per class: a provider
 * visible from the handler's module comes from the container (it must be a singleton); a
 * class without constructor parameters that no module provides is constructed here; an
 * instance is used as is. Anything else is `ARM_ERR_INVALID_ENHANCER`.
 */
export class EnhancerResolver {
  private readonly constructed = new Map<Function, object>();

  constructor(private readonly lookup: ContainerLookup) {}

  resolve(ref: unknown, role: EnhancerRole, handlerClass: object | undefined, where: string): object {
    const method = role === 'guard' ? 'canActivate' : 'intercept';
    const fits = role === 'guard' ? isGuard : isInterceptor;
    if (typeof ref !== 'function') {
      if (fits(ref)) return ref;
      throw this.invalid(where, `${describe(ref)} is not a ${role}: pass a class or an object with a ${method}() method`);
    }
    const cls = ref as abstract new (...args: never[]) => object;
    let instance = this.lookup(cls, handlerClass) ?? this.constructed.get(cls);
    if (instance === undefined) {
      if (takesArguments(cls)) {
        throw this.invalid(
          where,
          `${cls.name || 'the class'} takes constructor arguments but is not provided to this handler's module; add it to the providers of the module that declares the handler (or a global module)`,
        );
      }
      instance = new (cls as unknown as new () => object)();
      this.constructed.set(cls, instance);
    }
    if (!fits(instance)) throw this.invalid(where, `${cls.name || 'the class'} has no ${method}() method`);
    return instance;
  }

  private invalid(where: string, why: string): ArmatureError {
    return new ArmatureError(LocalErrorCode.INVALID_ENHANCER, `${where}: ${why}.`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object (${(value as object).constructor?.name ?? 'no prototype'})`;
  return JSON.stringify(value) ?? typeof value;
}
