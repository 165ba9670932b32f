import type { SchemaPlan } from './simple-plan.types';

/**
 * Leaves that check only their `type` are most of a schema's nodes: one shared plan per type
 * (10,001 distinct schemas: ~29 MB of plans before). An error names the type, as ajv's does.
 */
const typeOnlyPlans = new Map<string, SchemaPlan>();

export function typeOnlyPlan(type: string | string[], types: number): SchemaPlan {
  const key = Array.isArray(type) ? `[${type.join(',')}` : type;
  let plan = typeOnlyPlans.get(key);
  if (plan === undefined) {
    plan = {
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
      quick: undefined,
      objectGroup: false,
      defaults: undefined,
      required: undefined,
      closedOver: undefined,
      closedNames: undefined,
      properties: undefined,
    };
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
