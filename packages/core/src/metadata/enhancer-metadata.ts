import 'reflect-metadata';
import { inheritedMetadata } from './inherited-metadata';

/**
 * The keys any decorator has recorded in this process. A boot with 1,001 tools and no guards
 * would otherwise ask reflect-metadata seven times per route for guards, interceptors, scopes
 * and rate limits nobody set. Kept on `globalThis` under a `Symbol.for` key, like the metadata
 * keys themselves, so two copies of @armature/core in one process still see each other's.
 */
const RECORDED_KEYS = Symbol.for('armature.recorded-metadata-keys');
const globalSlot = globalThis as { [RECORDED_KEYS]?: Set<unknown> };
const recordedKeys: Set<unknown> = (globalSlot[RECORDED_KEYS] ??= new Set<unknown>());

/** A decorator that works on a class (every route it serves) and on one method. */
export type ClassOrMethodDecorator = ClassDecorator & MethodDecorator;

/**
 * Records a value on a class (`propertyKey` undefined) or one of its methods. List values
 * accumulate across repeated decorators (`@UseGuards(A) @UseGuards(B)` = `[A, B]`, in
 * source order); the stored array is replaced, never mutated.
 */
export function appendListMetadata(
  key: symbol,
  target: object,
  propertyKey: string | symbol | undefined,
  values: readonly unknown[],
): void {
  const own: readonly unknown[] =
    (propertyKey === undefined ? Reflect.getOwnMetadata(key, target) : Reflect.getOwnMetadata(key, target, propertyKey)) ?? [];
  recordedKeys.add(key);
  // Decorators apply bottom-up; prepending keeps the list in the order the author wrote.
  const next = Object.freeze([...values, ...own]);
  if (propertyKey === undefined) Reflect.defineMetadata(key, next, target);
  else Reflect.defineMetadata(key, next, target, propertyKey);
}

/** A decorator that records one value under `key` on a class or method. */
export function setMetadataOn(key: string | symbol, value: unknown): ClassOrMethodDecorator {
  return ((target: object, propertyKey?: string | symbol) => {
    recordedKeys.add(key);
    if (propertyKey === undefined) Reflect.defineMetadata(key, value, target);
    else Reflect.defineMetadata(key, value, target, propertyKey);
  }) as ClassOrMethodDecorator;
}

/** A decorator that appends `values` under `key` on a class or method. */
export function appendOn(key: symbol, values: readonly unknown[]): ClassOrMethodDecorator {
  return ((target: object, propertyKey?: string | symbol) =>
    appendListMetadata(key, target, propertyKey, values)) as ClassOrMethodDecorator;
}

const EMPTY: readonly unknown[] = Object.freeze([]);

/** Class-level then method-level lists under `key` for one handler method (inherited from base classes). */
export function classThenMethod(key: symbol, handlerClass: object | undefined, method: string): readonly unknown[] {
  const cls = handlerClass as { prototype?: object } | undefined;
  if (cls === undefined || cls.prototype === undefined || !recordedKeys.has(key)) return EMPTY;
  const onClass = inheritedMetadata(key, cls);
  const onMethod = inheritedMetadata(key, cls.prototype, method);
  if (!Array.isArray(onClass)) return Array.isArray(onMethod) ? onMethod : EMPTY;
  return Array.isArray(onMethod) ? [...onClass, ...onMethod] : onClass;
}

/** The method-level value under `key`, else the class-level one, else undefined. */
export function methodOrClass(key: symbol, handlerClass: object | undefined, method: string): unknown {
  const cls = handlerClass as { prototype?: object } | undefined;
  if (cls === undefined || cls.prototype === undefined || !recordedKeys.has(key)) return undefined;
  const onMethod = inheritedMetadata(key, cls.prototype, method);
  return onMethod !== undefined ? onMethod : inheritedMetadata(key, cls);
}
