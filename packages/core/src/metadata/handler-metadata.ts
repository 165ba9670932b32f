import 'reflect-metadata';
import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import { frozenInPlace } from './frozen-copy';
import { HANDLER_METHODS } from './metadata.keys';
import type { MethodRecord } from './handler-metadata.types';

/** A handler class: anything constructible. */
export type HandlerClass = abstract new (...args: never[]) => object;

/**
 * Records whose decorator was applied without a property descriptor. TypeScript's `__decorate`
 * always passes one; `armature build` applies a method's sole handler decorator directly only
 * once it has dropped every other element of the method's decorator list, its `design:*`
 * metadata included (packages/cli/src/build/handler-design-metadata.ts), so such a method has
 * no design types to look up.
 */
const appliedWithoutDescriptor = new WeakSet<MethodRecord>();

/**
 * Appends one decorated method to its class's record list. Called by the decorators only,
 * which use the target and the method name and return nothing: `armature build` applies a
 * method's sole handler decorator directly (`Tool()(Class.prototype, 'name')`, no descriptor).
 * The list is core's own array, appended in place (copying it per method made a class of n
 * methods cost n² at module load); readers get copies ({@link readHandlerMethods}). `build`
 * must return a new object each call, which is frozen in place. `descriptor`: the one the
 * decorator was given, if any.
 */
export function recordHandlerMethod(
  decorator: string,
  target: object,
  propertyKey: string | symbol,
  build: (method: string) => MethodRecord,
  descriptor?: PropertyDescriptor,
): void {
  if (typeof target === 'function') {
    throw new ArmatureError(
      LocalErrorCode.DECORATOR_TARGET,
      `@${decorator} is on static method ${target.name}.${String(propertyKey)}; decorate an instance method (the DI container creates the instance).`,
    );
  }
  if (typeof propertyKey !== 'string') {
    throw new ArmatureError(
      LocalErrorCode.DECORATOR_TARGET,
      `@${decorator} is on a symbol-named method of ${target.constructor.name}; MCP names are strings, use a string-named method.`,
    );
  }
  const ctor = target.constructor;
  // `build` makes a new record per call: frozen in place, its options copied (frozenCopy of the
  // whole record copied the outer object too, a third of a decorator's cost at load).
  const record = frozenInPlace(build(propertyKey));
  if (descriptor === undefined) appliedWithoutDescriptor.add(record);
  const own = Reflect.getOwnMetadata(HANDLER_METHODS, ctor) as MethodRecord[] | undefined;
  // A frozen list was written by another copy of core (an older one froze its lists): replace it.
  if (own === undefined || Object.isFrozen(own)) Reflect.defineMetadata(HANDLER_METHODS, [...(own ?? []), record], ctor);
  else own.push(record);
}

/**
 * True when the record's decorator was applied without a descriptor, as `armature build`
 * applies the sole decorator of a method whose `design:*` metadata it dropped: the boot need
 * not look its design types up (a thousand reflect-metadata look-ups that find nothing).
 */
export function appliedWithoutDesignMetadata(record: MethodRecord): boolean {
  return appliedWithoutDescriptor.has(record);
}

/**
 * Every decorated method of a handler class, base classes first; a subclass record for the
 * same method and kind replaces the inherited one.
 */
export function readHandlerMethods(handler: HandlerClass): readonly MethodRecord[] {
  const chain: object[] = [];
  for (let c: object | null = handler; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c);
  const byKey = new Map<string, MethodRecord>();
  for (const c of chain) {
    const own: readonly MethodRecord[] = Reflect.getOwnMetadata(HANDLER_METHODS, c) ?? [];
    for (const record of own) byKey.set(`${record.kind}:${record.method}`, record);
  }
  return [...byKey.values()];
}

/** True when the class has at least one decorated method (its own or inherited). */
export function isHandlerClass(value: unknown): value is HandlerClass {
  return typeof value === 'function' && readHandlerMethods(value as HandlerClass).length > 0;
}
