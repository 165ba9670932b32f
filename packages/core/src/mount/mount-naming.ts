// The one naming rule of a mount prefix, and its inverse. `@armature/core`'s mounts and any
// other package that serves a server under a namespace (a proxy, a gateway) apply exactly this.

/** A mount prefix: 1 to 64 characters of `A-Za-z0-9_.-` (tool-name characters, so `<prefix>_<name>` stays a valid tool name). */
const PREFIX = /^[A-Za-z0-9_.-]{1,64}$/;

/** The longest prefix a mount accepts. */
export const MAX_MOUNT_PREFIX_LENGTH = 64;

/** A URI's scheme and what follows it: `scheme://rest` (hierarchical) or `scheme:rest`. */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*:)(\/\/)?/;

/** Why `prefix` cannot be a mount prefix, or undefined when it can. */
export function mountPrefixProblem(prefix: unknown): string | undefined {
  if (typeof prefix !== 'string') return 'must be a string';
  if (prefix.length === 0) return 'must not be empty';
  if (prefix.length > MAX_MOUNT_PREFIX_LENGTH) return `is ${prefix.length} characters long; the limit is ${MAX_MOUNT_PREFIX_LENGTH}`;
  if (!PREFIX.test(prefix)) return 'may only contain letters, digits, "_", "-" and "."';
  return undefined;
}

/** A tool or prompt name under `prefix`: `<prefix>_<name>`. */
export function prefixedName(prefix: string, name: string): string {
  return `${prefix}_${name}`;
}

/** The name `prefixedName(prefix, name)` was made from, or undefined when `served` is not under `prefix`. */
export function unprefixedName(prefix: string, served: string): string | undefined {
  return served.startsWith(`${prefix}_`) ? served.slice(prefix.length + 1) : undefined;
}

/**
 * A resource URI or URI template under `prefix`: `scheme://rest` → `scheme://<prefix>/rest`,
 * `scheme:rest` → `scheme:<prefix>/rest`. (A text without a scheme, which no valid resource
 * URI is, becomes `<prefix>/text`.)
 */
export function prefixedUri(prefix: string, uri: string): string {
  const head = SCHEME.exec(uri)?.[0] ?? '';
  return `${head}${prefix}/${uri.slice(head.length)}`;
}

/** The URI `prefixedUri(prefix, uri)` was made from, or undefined when `served` is not under `prefix`. */
export function unprefixedUri(prefix: string, served: string): string | undefined {
  const head = SCHEME.exec(served)?.[0] ?? '';
  const rest = served.slice(head.length);
  return rest.startsWith(`${prefix}/`) ? head + rest.slice(prefix.length + 1) : undefined;
}

/** A mount path, outermost prefix first: `['a', 'b']` serves `tool` as `a_b_tool`. */
export type MountPath = readonly string[];

/** `name` under every prefix of `path` (the innermost applied first). */
export function nameUnder(path: MountPath, name: string): string {
  return path.reduceRight((served, prefix) => prefixedName(prefix, served), name);
}

/** `uri` under every prefix of `path` (the innermost applied first): `scheme://a/b/rest`. */
export function uriUnder(path: MountPath, uri: string): string {
  return path.reduceRight((served, prefix) => prefixedUri(prefix, served), uri);
}

/** The URI `uriUnder(path, uri)` was made from, or undefined when `served` is not under `path`. */
export function uriFrom(path: MountPath, served: string): string | undefined {
  let uri: string | undefined = served;
  for (const prefix of path) {
    uri = unprefixedUri(prefix, uri);
    if (uri === undefined) return undefined;
  }
  return uri;
}
