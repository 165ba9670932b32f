/**
 * DNS-rebinding defence (MCP 2025-11-25, transports §Security Warning; security best
 * practices §Local MCP Server Compromise): a server MUST validate `Origin` — present and not
 * allowed → 403 — and a local server should also check `Host`, because a rebinding attack
 * reaches 127.0.0.1 under an attacker's host name.
 */

/** Host names a local server answers to by default (any port). */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** `'*'` turns a check off; a list allows exactly those entries. */
export type Allowlist = readonly string[] | '*';

/** Compiled form of the Host/Origin options. */
export interface HostOriginGuard {
  /** `undefined` when allowed, else the reason for a 403. */
  check(host: string | undefined, origin: string | undefined): string | undefined;
}

/**
 * Builds the guard.
 * @param hosts allowed `Host` values: a bare name matches any port (`localhost`), a name with a
 *   port matches exactly (`example.com:8443`); compared case-insensitively.
 * @param origins allowed `Origin` values (`https://app.example.com`); by default, any origin
 *   whose host is allowed by `hosts` (so localhost pages may connect to a localhost server).
 */
export function createHostOriginGuard(hosts: Allowlist = LOOPBACK_HOSTS, origins?: Allowlist): HostOriginGuard {
  const hostCheck = hosts === '*' ? null : compileHosts(hosts);
  const originSet = origins === undefined || origins === '*' ? null : new Set(origins.map(normalizeOrigin));
  const anyOrigin = origins === '*';
  // Clients send the same Host on every request: remember the last verdict.
  let lastHost: string | undefined;
  let lastHostAllowed = false;
  const hostAllowed = (host: string): boolean => {
    if (host !== lastHost) {
      lastHostAllowed = (hostCheck as (host: string) => boolean)(host);
      lastHost = host;
    }
    return lastHostAllowed;
  };
  return {
    check(host, origin) {
      if (hostCheck !== null && (host === undefined || !hostAllowed(host))) return `Forbidden: Host header ${host === undefined ? 'missing' : 'not allowed'}`;
      if (origin === undefined || anyOrigin) return undefined;
      if (originSet !== null) return originSet.has(normalizeOrigin(origin)) ? undefined : 'Forbidden: Origin not allowed';
      const originHost = hostOfOrigin(origin);
      if (originHost === undefined) return 'Forbidden: Origin not allowed';
      // Default: an origin is trusted when its host would itself be an allowed Host.
      if (hostCheck === null || hostCheck(originHost)) return undefined;
      return 'Forbidden: Origin not allowed';
    },
  };
}

function compileHosts(hosts: readonly string[]): (host: string) => boolean {
  const exact = new Set<string>();
  const anyPort = new Set<string>();
  for (const entry of hosts) {
    const lower = entry.toLowerCase();
    if (splitHost(lower).port === undefined) anyPort.add(lower);
    else exact.add(lower);
  }
  return (host) => {
    const lower = host.toLowerCase();
    if (exact.has(lower)) return true;
    return anyPort.has(splitHost(lower).name);
  };
}

/** Splits `name[:port]`, keeping IPv6 brackets (`[::1]:3000` → `[::1]`, `3000`). */
function splitHost(host: string): { name: string; port: string | undefined } {
  const close = host.lastIndexOf(']');
  const colon = host.lastIndexOf(':');
  if (colon > close && colon !== -1) return { name: host.slice(0, colon), port: host.slice(colon + 1) };
  return { name: host, port: undefined };
}

function hostOfOrigin(origin: string): string | undefined {
  // `null` (opaque origins: sandboxed frames, file://) is never trusted.
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.host;
  } catch {
    return undefined;
  }
}

function normalizeOrigin(origin: string): string {
  const lower = origin.toLowerCase();
  return lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
