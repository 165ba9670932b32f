import type { RequestContext } from '../context/request-context';

/**
 * How one positional parameter of a handler method is filled per call:
 * `arg` — the named property of the (validated) arguments or variables;
 * `ctx` — the request's `RequestContext`;
 * `whole` — the whole arguments object (DTO instance, explicit-schema handlers, variables record);
 * `none` — nothing (`undefined`), for a parameter the manifest does not describe.
 */
export type ParamSlot =
  { readonly kind: 'arg'; readonly name: string } | { readonly kind: 'ctx' } | { readonly kind: 'whole' } | { readonly kind: 'none' };

/** Builds the positional argument list for one call. */
export type ArgumentBinder = (values: Readonly<Record<string, unknown>>, ctx: RequestContext) => unknown[];

/**
 * Compiles slots into a binder once, at boot. Names are read with `Object.hasOwn`, so an
 * argument a caller did not send stays `undefined` (the parameter's default applies) even for
 * names like `constructor` or `toString` that every object inherits.
 */
export function compileBinder(slots: readonly ParamSlot[]): ArgumentBinder {
  // Routes sharing frozen slots (a manifest parameter list) share one binder.
  const known = binders.get(slots);
  if (known !== undefined) return known;
  const binder = makeBinder(slots);
  if (Object.isFrozen(slots)) binders.set(slots, binder);
  return binder;
}

const binders = new WeakMap<readonly ParamSlot[], ArgumentBinder>();

function makeBinder(slots: readonly ParamSlot[]): ArgumentBinder {
  const count = slots.length;
  if (count === 0) return () => [];
  return (values, ctx) => {
    const out = new Array<unknown>(count);
    for (let i = 0; i < count; i++) {
      const slot = slots[i] as ParamSlot;
      if (slot.kind === 'arg') out[i] = Object.hasOwn(values, slot.name) ? values[slot.name] : undefined;
      else if (slot.kind === 'ctx') out[i] = ctx;
      else if (slot.kind === 'whole') out[i] = values;
    }
    return out;
  };
}
