// The naming rule of a mount under a prefix, shared with core's prefixed module mounts:
// tool and prompt names become `<prefix>_<name>`; a resource URI or URI template gets the
// prefix as the first segment after its scheme (`scheme://rest` → `scheme://<prefix>/rest`,
// `scheme:rest` → `scheme:<prefix>/rest`). Kept in this one file so it can be pointed at core's.

const PREFIX = /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):(\/\/)?/;

/** Why `prefix` cannot be used (1–64 letters, digits, `.` and `-`, starting with a letter or digit), or undefined. */
export function invalidPrefix(prefix: string): string | undefined {
  return PREFIX.test(prefix) ? undefined : 'must be 1–64 letters, digits, "." or "-", starting with a letter or digit';
}

/** `<prefix>_<name>` for a tool or prompt. */
export function prefixName(prefix: string, name: string): string {
  return `${prefix}_${name}`;
}

/** The upstream name of a prefixed tool or prompt name, or undefined when it is not under `prefix`. */
export function unprefixName(prefix: string, name: string): string | undefined {
  return name.startsWith(`${prefix}_`) ? name.slice(prefix.length + 1) : undefined;
}

/** A resource URI or URI template with `prefix` inserted after its scheme; undefined when it has no scheme. */
export function prefixUri(prefix: string, uri: string): string | undefined {
  const scheme = SCHEME.exec(uri);
  if (scheme === null) return undefined;
  return `${scheme[0]}${prefix}/${uri.slice(scheme[0].length)}`;
}

/** The upstream URI of a prefixed URI, or undefined when it is not under `prefix`. */
export function unprefixUri(prefix: string, uri: string): string | undefined {
  const scheme = SCHEME.exec(uri);
  if (scheme === null) return undefined;
  const rest = uri.slice(scheme[0].length);
  return rest.startsWith(`${prefix}/`) ? `${scheme[0]}${rest.slice(prefix.length + 1)}` : undefined;
}
