import type { ObjectPart, PlanHead, SchemaPlan } from './simple-plan.types';

/**
 * Leaves that check only their `type` are most of a schema's nodes: one shared plan per type
 * (10,001 distinct schemas: ~29 MB of plans before). An error names the type, as ajv's does.
 */
const typeOnlyPlans = new Map<string, SchemaPlan>();

/** A type-only leaf's object part: no object keywords, and no one-pass table. */
export const TYPE_ONLY_OBJECT: ObjectPart = {
  objectGroup: false,
  defaults: undefined,
  required: undefined,
  closedOver: undefined,
  closedNames: undefined,
  properties: undefined,
  quick: undefined,
};

/**
 * Every plan is made here, each field present (undefined when absent) and always in this
 * order, so all plans share one object shape and the checker's property reads stay monomorphic.
 */
export function schemaPlan(head: PlanHead, object: ObjectPart): SchemaPlan {
  return {
    type: head.type,
    types: head.types,
    typeFirst: head.typeFirst,
    typeOnly: head.typeOnly,
    scalar: head.scalar,
    constValue: head.constValue,
    enumValues: head.enumValues,
    numberLimits: head.numberLimits,
    stringLimits: head.stringLimits,
    pattern: head.pattern,
    itemLimits: head.itemLimits,
    items: head.items,
    objectGroup: object.objectGroup,
    defaults: object.defaults,
    required: object.required,
    closedOver: object.closedOver,
    closedNames: object.closedNames,
    properties: object.properties,
    quick: object.quick,
  };
}

export function typeOnlyPlan(type: string | string[], types: number): SchemaPlan {
  const key = Array.isArray(type) ? `[${type.join(',')}` : type;
  let plan = typeOnlyPlans.get(key);
  if (plan === undefined) {
    const head: PlanHead = {
      type: Array.isArray(type) ? Object.freeze([...type]) : type,
      types,
      typeFirst: true,
      typeOnly: true,
      scalar: false,
      constValue: undefined,
      enumValues: undefined,
      numberLimits: undefined,
      stringLimits: undefined,
      pattern: undefined,
      itemLimits: undefined,
      items: undefined,
    };
    plan = schemaPlan(head, TYPE_ONLY_OBJECT);
    typeOnlyPlans.set(key, plan);
  }
  return plan;
}

/**
 * `/name`, JSON-Pointer escaped; one string per distinct property name. Bounded: a process
 * that boots app after app (dev reloads) starts the cache over rather than grow it forever.
 */
const segments = new Map<string, string>();
const MAX_SEGMENTS = 100_000;

export function segmentOf(name: string): string {
  let segment = segments.get(name);
  if (segment === undefined) {
    if (segments.size >= MAX_SEGMENTS) segments.clear();
    const escaped = name.includes('~') || name.includes('/') ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name;
    segments.set(name, (segment = `/${escaped}`));
  }
  return segment;
}
