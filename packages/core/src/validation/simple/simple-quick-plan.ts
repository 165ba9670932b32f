import { type PropertyPlan, type QuickMore, type QuickObject, type SchemaPlan, TypeBit } from './simple-plan.types';

/** Most properties the one-pass check takes (one bit each in `requiredMask`). */
export const MAX_QUICK_PROPERTIES = 31;

/**
 * The one-pass check's tables, when every property is type-only or {@link quickMore} and every
 * required name is a declared property (else undefined). `names`: the declared names, in
 * `planned` order (kept as they are: the plan's own list).
 */
export function quickObject(
  names: readonly string[],
  planned: readonly PropertyPlan[],
  requiredNames: readonly string[],
  closed: boolean,
): QuickObject | undefined {
  if (planned.length > MAX_QUICK_PROPERTIES) return undefined;
  const types: number[] = [];
  let more: (QuickMore | undefined)[] | undefined;
  let requiredMask = 0;
  let requiredCount = 0;
  for (let i = 0; i < planned.length; i++) {
    const { name, plan } = planned[i] as PropertyPlan;
    if (!plan.typeOnly) {
      const extra = quickMore(plan);
      if (extra === undefined) return undefined;
      (more ??= new Array<QuickMore | undefined>(planned.length))[i] = extra;
    }
    types.push(plan.types);
    if (requiredNames.includes(name)) {
      requiredMask |= 1 << i;
      requiredCount++;
    }
  }
  // Every required name must be declared; a name required twice counts once.
  for (let i = 0; i < requiredNames.length; i++) if (!names.includes(requiredNames[i] as string)) return undefined;
  return { names, types, requiredMask, requiredCount, closed, more };
}

/** Item checks by item types: one object per distinct type set, not one per property. */
const itemChecks = new Map<number, QuickMore>();

/** The check of an array property whose items must all have one of `itemTypes`. */
export function itemCheck(itemTypes: number): QuickMore {
  let check = itemChecks.get(itemTypes);
  if (check === undefined) itemChecks.set(itemTypes, (check = Object.freeze({ enumValues: undefined, itemTypes })));
  return check;
}

/**
 * What the one-pass check can decide for a property that is not type-only: a typed `enum`
 * (valid: the type matches and the value is listed, as `checkScalar` checks), or an array
 * whose items are type-only (valid: an array whose every item's type matches). Anything else
 * (limits, patterns, const, nested objects, untyped nodes) takes the ordered path.
 */
function quickMore(plan: SchemaPlan): QuickMore | undefined {
  if (plan.types === 0 || plan.objectGroup || plan.constValue !== undefined || plan.pattern !== undefined) return undefined;
  if (plan.numberLimits !== undefined || plan.stringLimits !== undefined || plan.itemLimits !== undefined) return undefined;
  if (plan.items !== undefined) {
    if (plan.enumValues !== undefined || plan.types !== TypeBit.Array || !plan.items.typeOnly) return undefined;
    return itemCheck(plan.items.types);
  }
  return plan.enumValues === undefined ? undefined : { enumValues: plan.enumValues, itemTypes: 0 };
}
