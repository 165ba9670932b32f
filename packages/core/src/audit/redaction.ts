/** What a redacted value is replaced by. */
export const REDACTED = '[redacted]';

/** Parsed pointers, per manifest list (one per tool). */
const parsed = new WeakMap<readonly string[], readonly (readonly string[])[]>();

function segmentsOf(paths: readonly string[]): readonly (readonly string[])[] {
  let segments = parsed.get(paths);
  if (segments === undefined) {
    segments = paths.map((path) =>
      path === ''
        ? []
        : path
            .slice(1)
            .split('/')
            .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')),
    );
    parsed.set(paths, segments);
  }
  return segments;
}

function replaced(value: unknown, path: readonly string[], at: number): unknown {
  if (at === path.length) return REDACTED;
  const segment = path[at] as string;
  if (Array.isArray(value)) {
    if (segment === '*') return value.map((item: unknown) => replaced(item, path, at + 1));
    const index = Number(segment);
    if (!Number.isInteger(index) || index < 0 || index >= value.length) return value;
    const copy = value.slice();
    copy[index] = replaced(value[index], path, at + 1);
    return copy;
  }
  if (typeof value !== 'object' || value === null) return value;
  const source = value as Record<string, unknown>;
  if (segment !== '*' && !Object.hasOwn(source, segment)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    const inner = segment === '*' || key === segment ? replaced(source[key], path, at + 1) : source[key];
    Object.defineProperty(copy, key, { value: inner, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/**
 * A copy of `args` with the value at each path (JSON Pointers from the manifest, `*` for any
 * array item or property) replaced by `"[redacted]"`; parts off every path are shared, not
 * copied, and `args` is never changed. Values the paths do not reach are left as they are.
 */
export function redactArguments(args: unknown, paths: readonly string[] | undefined): unknown {
  if (paths === undefined || paths.length === 0) return args;
  let out = args;
  for (const path of segmentsOf(paths)) out = replaced(out, path, 0);
  return out;
}
