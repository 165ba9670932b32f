/** `include` / `exclude` of the proxy options, over upstream names and URIs (before prefixing). */
export type NamePattern = string | RegExp;

/** Whether `name` is served: listed by `include` (when given) and not by `exclude`. */
export function isServed(name: string, include: readonly NamePattern[] | undefined, exclude: readonly NamePattern[] | undefined): boolean {
  const matches = (pattern: NamePattern): boolean => (typeof pattern === 'string' ? pattern === name : pattern.test(name));
  if (include !== undefined && !include.some(matches)) return false;
  return !(exclude ?? []).some(matches);
}
