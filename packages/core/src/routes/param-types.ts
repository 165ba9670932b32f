import 'reflect-metadata';
import { RequestContext } from '../context/request-context';
import { inheritedMetadata } from '../metadata/inherited-metadata';
import { DESIGN_PARAM_TYPES } from '../metadata/metadata.keys';
import type { DtoClass } from '../validation/dto-validation';

const BUILT_INS = new Set<unknown>([Object, String, Number, Boolean, Array, Function, Promise, Date, Map, Set, Symbol, BigInt]);

/** The parameter types TypeScript emitted for a decorated method (`emitDecoratorMetadata`), or undefined. */
export function designParamTypes(prototype: object, method: string): readonly unknown[] | undefined {
  const types = inheritedMetadata(DESIGN_PARAM_TYPES, prototype, method);
  return Array.isArray(types) ? types : undefined;
}

/** True for the `RequestContext` class (or a subclass) as a design type. */
export function isContextType(type: unknown): boolean {
  return type === RequestContext || (typeof type === 'function' && type.prototype instanceof RequestContext);
}

/** A design type that is an author's class (a DTO candidate), not a built-in or the context. */
export function asDtoClass(type: unknown): DtoClass | undefined {
  if (typeof type !== 'function' || BUILT_INS.has(type) || isContextType(type)) return undefined;
  return type as DtoClass;
}
