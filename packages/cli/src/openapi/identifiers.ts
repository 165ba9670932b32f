const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with as implements interface let ' +
    'package private protected public static yield any boolean number string symbol unknown never object undefined constructor'
  ).split(' '),
);

/** Splits a name into words at separators and lower-to-upper case changes. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

/** `PascalCase` from any name; `fallback` when nothing usable is left; never starts with a digit. */
export function pascalCase(name: string, fallback: string): string {
  const result = words(name)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  if (result === '') return fallback;
  return /^[0-9]/.test(result) ? `_${result}` : result;
}

/** `camelCase` from any name, never a reserved word. */
export function camelCase(name: string, fallback: string): string {
  const pascal = pascalCase(name, fallback);
  const result = pascal.startsWith('_') ? pascal : pascal[0]!.toLowerCase() + pascal.slice(1);
  return RESERVED.has(result) ? `${result}_` : result;
}

/** A tool name (1 to 128 of `A-Za-z0-9_.-`): the operationId as written when it already is one. */
export function toolName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return (cleaned === '' ? 'operation' : cleaned).slice(0, 120);
}

/** A property key as written in TypeScript: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/**
 * Hands out names unique within one scope: the first taker of a name keeps it, later ones get
 * `_2`, `_3`, … (case-insensitively, so files and tool names cannot clash on any file system).
 * Callers ask in a fixed order, so the result is the same on every run.
 */
export class NameScope {
  private readonly taken = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  claim(name: string): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${name}_${n}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
