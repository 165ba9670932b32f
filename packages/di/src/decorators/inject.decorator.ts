import { diError } from '../errors/di-error';
import { ForwardRef } from '../tokens/forward-ref';
import { isToken, tokenName, type Token } from '../tokens/token';
import { INJECT_TOKENS } from '../metadata/metadata-keys';

/**
 * Names the provider a constructor parameter receives, instead of its reflected type. Needed
 * for `InjectionToken`s, strings and symbols, for interface-typed parameters, and with
 * `forwardRef(() => X)` for classes in a circular import or a dependency cycle.
 */
export function Inject<T>(token: Token<T> | ForwardRef<T>): ParameterDecorator {
  return (target, propertyKey, index) => {
    const owner = constructorParameterOwner('@Inject', target, propertyKey);
    if (!(token instanceof ForwardRef) && !isToken(token)) {
      throw diError(
        'ARM_ERR_INVALID_DECORATOR',
        `@Inject(${tokenName(token)}) on parameter #${index} of ${owner.name}: the token is ${tokenName(token)}. ` +
          'This usually means a circular file import; use @Inject(forwardRef(() => TheClass)).',
      );
    }
    const tokens = ((Reflect.getOwnMetadata(INJECT_TOKENS, owner) as unknown[] | undefined) ?? []).slice();
    tokens[index] = token;
    Reflect.defineMetadata(INJECT_TOKENS, tokens, owner);
  };
}

/** The class a constructor-parameter decorator was applied to; rejects method parameters. */
export function constructorParameterOwner(decorator: string, target: object, propertyKey: string | symbol | undefined): Function {
  if (propertyKey !== undefined || typeof target !== 'function') {
    const cls = typeof target === 'function' ? target : target.constructor;
    throw diError(
      'ARM_ERR_INVALID_DECORATOR',
      `${decorator} on ${cls.name}.${String(propertyKey)}: it only applies to constructor parameters.`,
    );
  }
  return target;
}
