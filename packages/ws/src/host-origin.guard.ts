/**
 * DNS-rebinding defence for the WebSocket handshake (MCP 2025-11-25, transports §Security
 * Warning; security best practices §Local MCP Server Compromise). Browsers do not apply the
 * same-origin policy to WebSockets, so a page on any site can open one to 127.0.0.1; the
 * `Origin` and `Host` headers are the only defence, and both are checked before upgrading.
 *
 * Same rules and option shapes as @armature/http, so one configuration serves both.
 */

/** Host names a local server answers to by default (any port). */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** `'*'` turns a check off; a list allows exactly those entries. */
export type Allowlist = readonly string[] | '*';

/** Compiled Host/Origin policy: `check` returns the reason for a 403, or undefined when allowed. */
export interface HostOriginGuard {
  check(host: string | undefined, origin: string | undefined): string | undefined;
}

/**
 * @param hosts allowed `Host` values: a bare name matches any port (`localhost`), a name with
 *   a port matches exactly (`example.com:8443`); case-insensitive.
 * @param origins allowed `Origin` values (`https://app.example.com`); by default any origin
 *   whose host is itself an allowed Host (localhost pages may reach a localhost server).
 */
export function createHostOriginGuard(hosts: Allowlist = LOOPBACK_HOSTS, origins?: Allowlist): HostOriginGuard {
  const hostAllowed = hosts === '*' ? null : compileHosts(hosts);
  const originSet = origins === undefined || origins === '*' ? null : new Set(origins.map(normalizeOrigin));
  return {
    check(host, origin) {
      if (hostAllowed !== null && (host === undefined || !hostAllowed(host))) return `Host not allowed: ${host ?? '(missing)'}`;
      // Non-browser clients send no Origin; a browser always does, and that is what rebinding abuses.
      if (origin === undefined || origins === '*') return undefined;
      if (originSet !== null) return originSet.has(normalizeOrigin(origin)) ? undefined : `Origin not allowed: ${origin}`;
      const originHost = hostOfOrigin(origin);
      if (originHost !== undefined && (hostAllowed === null || hostAllowed(originHost))) return undefined;
      return `Origin not allowed: ${origin}`;
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
    return exact.has(lower) || anyPort.has(splitHost(lower).name);
  };
}

/** Splits `name[:port]`, keeping IPv6 brackets (`[::1]:3000` → `[::1]`, `3000`). */
export function splitHost(host: string): { name: string; port: string | undefined } {
  const close = host.lastIndexOf(']');
  const colon = host.lastIndexOf(':');
  if (colon > close && colon !== -1) return { name: host.slice(0, colon), port: host.slice(colon + 1) };
  return { name: host, port: undefined };
}

function hostOfOrigin(origin: string): string | undefined {
  // `null` (opaque origins: sandboxed frames, file://) is never trusted.
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
  } catch {
    return undefined;
  }
}

function normalizeOrigin(origin: string): string {
  const lower = origin.toLowerCase();
  return lower.endsWith('/') ? lower.slice(0, -1) : lower;
}
