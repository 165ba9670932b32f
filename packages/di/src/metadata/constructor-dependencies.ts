import { ForwardRef } from '../tokens/forward-ref';
import type { Token } from '../tokens/token';
import { INJECT_TOKENS, OPTIONAL_PARAMS, PARAM_TYPES } from './metadata-keys';

/** One constructor (or factory) parameter, as read once from metadata. */
export interface DependencySpec {
  readonly index: number;
  /** The token to look up (maybe a `ForwardRef`); undefined when no usable type is known. */
  readonly token: Token | ForwardRef | undefined;
  /** What reflection reported for the parameter, kept for messages. */
  readonly reflected: unknown;
  readonly optional: boolean;
  /** Why `token` is undefined: the type was erased, or the class has no metadata at all. */
  readonly problem?: 'erased' | 'no-metadata';
}

/** Everything the container needs about a class's constructor, computed once per class. */
export interface ConstructorDependencies {
  readonly specs: readonly DependencySpec[];
  /** The class whose metadata was used, or that lacks it (a base class when the constructor is inherited). */
  readonly owner: Function;
}

const cache = new WeakMap<Function, ConstructorDependencies>();

/**
 * Reads the constructor parameters of `cls` once (at `@Injectable` or first registration) and
 * caches them; later calls return the cached record. An inherited constructor uses the
 * metadata of the nearest base class that declares it.
 */
export function readConstructorDependencies(cls: Function): ConstructorDependencies {
  let deps = cache.get(cls);
  if (!deps) {
    deps = Object.freeze(read(cls));
    cache.set(cls, deps);
  }
  return deps;
}

function read(cls: Function): ConstructorDependencies {
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    const types = Reflect.getOwnMetadata(PARAM_TYPES, c) as unknown[] | undefined;
    const inject = Reflect.getOwnMetadata(INJECT_TOKENS, c) as (Token | ForwardRef | undefined)[] | undefined;
    const optional = Reflect.getOwnMetadata(OPTIONAL_PARAMS, c) as boolean[] | undefined;
    if (types || inject || optional || c.length > 0) {
      return { owner: c, specs: specsOf(c, types, inject ?? [], optional ?? []) };
    }
  }
  return { owner: cls, specs: [] };
}

function specsOf(
  cls: Function,
  types: readonly unknown[] | undefined,
  inject: readonly (Token | ForwardRef | undefined)[],
  optional: readonly boolean[],
): DependencySpec[] {
  const count = Math.max(types ? types.length : cls.length, inject.length, optional.length);
  const specs: DependencySpec[] = [];
  for (let index = 0; index < count; index++) {
    const reflected = types?.[index];
    const explicit = inject[index];
    const isOptional = optional[index] === true;
    if (explicit !== undefined) {
      specs.push({ index, token: explicit, reflected, optional: isOptional });
    } else if (!types) {
      specs.push({ index, token: undefined, reflected, optional: isOptional, problem: 'no-metadata' });
    } else if (isErased(reflected)) {
      specs.push({ index, token: undefined, reflected, optional: isOptional, problem: 'erased' });
    } else {
      specs.push({ index, token: reflected as Token, reflected, optional: isOptional });
    }
  }
  return specs;
}

/**
 * What `emitDecoratorMetadata` writes when the type cannot be referenced at run time:
 * `Object` (interfaces, unions, aliases), `Function` (`import type` of a class) or
 * `undefined` (a class not yet defined because of a circular file import).
 */
export function isErased(reflected: unknown): boolean {
  return reflected === undefined || reflected === Object || reflected === Function;
}

/** True when `spec.token` is a `ForwardRef`. */
export function isForwardSpec(spec: DependencySpec): boolean {
  return spec.token instanceof ForwardRef;
}
