import { type QuickMore, type QuickObject, type SchemaPlan, TypeBit } from './simple-plan.types';
import { typeMatches } from './simple-type-match';

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The plan's one-pass object check when it alone decides validity: an object plan without
 * scalar keywords whose types admit an object. A validator tries it before `checkPlan`, so a
 * valid argument object costs one function call and no error bookkeeping.
 */
export function quickObjectCheck(plan: SchemaPlan): ((data: unknown) => boolean) | undefined {
  const quick = plan.quick;
  if (quick === undefined || plan.scalar || (plan.types !== 0 && (plan.types & TypeBit.Object) === 0)) return undefined;
  const more = quick.more;
  if (more === undefined)
    return (data) =>
      typeof data === 'object' && data !== null && !Array.isArray(data) && typesValid(quick, data as Record<string, unknown>);
  return (data) =>
    typeof data === 'object' && data !== null && !Array.isArray(data) && typesAndMoreValid(quick, more, data as Record<string, unknown>);
}

/** Whether `data` is valid for a {@link QuickObject}: one pass over its own keys, no errors made. */
export function quickValid(quick: QuickObject, data: Record<string, unknown>): boolean {
  // Two loops, so the common case (every property type-only) reads nothing more per key.
  return quick.more === undefined ? typesValid(quick, data) : typesAndMoreValid(quick, quick.more, data);
}

function typesValid(quick: QuickObject, data: Record<string, unknown>): boolean {
  let required = 0;
  for (const key in data) {
    if (!hasOwn.call(data, key)) continue;
    const i = quick.names.indexOf(key);
    if (i < 0) {
      if (quick.closed) return false;
      continue;
    }
    const value = data[key];
    if (value === undefined) continue;
    if (!typeMatches(quick.types[i] as number, value)) return false;
    if ((quick.requiredMask & (1 << i)) !== 0) required++;
  }
  return required === quick.requiredCount;
}

function typesAndMoreValid(quick: QuickObject, more: NonNullable<QuickObject['more']>, data: Record<string, unknown>): boolean {
  let required = 0;
  for (const key in data) {
    if (!hasOwn.call(data, key)) continue;
    const i = quick.names.indexOf(key);
    if (i < 0) {
      if (quick.closed) return false;
      continue;
    }
    const value = data[key];
    if (value === undefined) continue;
    if (!typeMatches(quick.types[i] as number, value)) return false;
    const extra = more[i];
    if (extra !== undefined && !moreValid(extra, value)) return false;
    if ((quick.requiredMask & (1 << i)) !== 0) required++;
  }
  return required === quick.requiredCount;
}

/** A property's `enum` or its array items' type (its own type matched already). */
function moreValid(more: QuickMore, value: unknown): boolean {
  if (more.enumValues !== undefined) return more.enumValues.includes(value);
  const items = value as readonly unknown[];
  for (let i = 0; i < items.length; i++) if (!typeMatches(more.itemTypes, items[i])) return false;
  return true;
}
