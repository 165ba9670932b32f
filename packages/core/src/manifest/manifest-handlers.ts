import type { ManifestHandler } from './manifest.types';

/** Throws the manifest's `ARM_ERR_MANIFEST_INVALID` for `why`. */
export type Fail = (why: string) => never;

const KINDS = new Set(['tool', 'prompt', 'resource', 'resourceTemplate']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys are data: a method named `__proto__` stays an own key instead of a prototype swap. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // A key Object.prototype does not have cannot meet a setter or a read-only property there:
  // assign it (a plain assignment keeps the object fast: 10,000 methods, ~10 ms less at boot).
  if (!(key in Object.prototype)) target[key] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Loads one method entry; `where` names it in a failure (see {@link methodAt}). */
export type LoadMethod<M> = (method: Record<string, unknown>, where: MethodWhere) => M;

/** A method's handler key and name: its name in messages is built only for a failure (10,000 methods). */
export interface MethodWhere {
  key: string;
  name: string;
}

export function methodAt(where: MethodWhere): string {
  return `${where.key} method "${where.name}"`;
}

/**
 * Each handler with its methods mapped by `load` (after `className`, `methods` and each
 * method's `kind` are checked), in the manifest's order. `owned` (parsed from a file for this
 * boot alone): the parsed objects are the result, each method replaced by what `load` returns
 * only when it is another object (no copy of 10,000 method entries and their tables).
 */
export function mapHandlers<M>(
  rawHandlers: Record<string, unknown>,
  fail: Fail,
  owned: boolean,
  load: LoadMethod<M>,
): Record<string, ManifestHandler<M>> {
  const handlers: Record<string, ManifestHandler<M>> = owned ? (rawHandlers as Record<string, ManifestHandler<M>>) : {};
  for (const key of Object.keys(rawHandlers)) {
    const handler = rawHandlers[key];
    if (!isObject(handler) || typeof handler.className !== 'string' || !isObject(handler.methods)) {
      return fail(`handler "${key}" lacks "className" or "methods"`);
    }
    const rawMethods = handler.methods;
    const methods: Record<string, M> = owned ? (rawMethods as Record<string, M>) : {};
    const where: MethodWhere = { key, name: '' };
    for (const name of Object.keys(rawMethods)) {
      const method = rawMethods[name];
      where.name = name;
      if (!isObject(method) || !KINDS.has(method.kind as string)) fail(`${methodAt(where)} has no valid "kind"`);
      const loaded = load(method as Record<string, unknown>, where);
      if (loaded !== method) setOwn(methods, name, loaded);
    }
    if (!owned) setOwn(handlers, key, { ...(handler as unknown as ManifestHandler<unknown>), methods });
  }
  return handlers;
}
