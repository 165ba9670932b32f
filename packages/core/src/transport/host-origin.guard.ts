/**
 * DNS-rebinding defence shared by the network transports (@armature/http, @armature/ws).
 * MCP 2025-11-25, transports §Security Warning: servers MUST validate `Origin` (present and not
 * allowed → 403) and local servers should bind to 127.0.0.1; security best practices §Local
 * MCP Server Compromise. A rebinding attack reaches 127.0.0.1 under an attacker's host name,
 * so `Host` is checked too; browsers do not apply the same-origin policy to WebSockets, so for
 * them these headers are the only defence.
 */

/** Host names a local server answers to by default (any port). */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

/** `'*'` turns a check off; a list allows exactly those entries. */
export type Allowlist = readonly string[] | '*';

/** Compiled Host/Origin policy. */
export interface HostOriginGuard {
  /** `undefined` when allowed, else the reason for a 403 (safe to show the client). */
  check(host: string | undefined, origin: string | undefined): string | undefined;
}

/** Longest header value quoted back in a refusal. */
const MAX_QUOTED = 100;

/**
 * Builds the guard.
 * @param hosts allowed `Host` values: a bare name matches any port (`localhost`), a name with a
 *   port matches exactly (`example.com:8443`); compared case-insensitively. Default: loopback names.
 * @param origins allowed `Origin` values (`https://app.example.com`). Default: any http(s) origin
 *   whose host is itself an allowed Host (localhost pages may reach a localhost server). A request
 *   without `Origin` is not a browser's and passes.
 * @param alsoAllowedOrigins origins allowed on top of `origins` (the HTTP transport's CORS allowlist).
 */
export function createHostOriginGuard(
  hosts: Allowlist = LOOPBACK_HOSTS,
  origins?: Allowlist,
  alsoAllowedOrigins: readonly string[] = [],
): HostOriginGuard {
  const hostCheck = hosts === '*' ? null : compileHosts(hosts);
  const anyOrigin = origins === '*';
  const originSet = origins === undefined || origins === '*' ? null : new Set(origins.map(normalizeOrigin));
  const extra = new Set(alsoAllowedOrigins.map(normalizeOrigin));
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
  const originAllowed = (origin: string): boolean => {
    const normal = normalizeOrigin(origin);
    if (extra.has(normal)) return true;
    if (originSet !== null) return originSet.has(normal);
    // Default: an origin is trusted when its host would itself be an allowed Host.
    const originHost = hostOfOrigin(origin);
    return originHost !== undefined && (hostCheck === null || hostCheck(originHost));
  };
  return {
    check(host, origin) {
      if (hostCheck !== null) {
        if (host === undefined) return 'Host header missing';
        if (!hostAllowed(host)) return `Host not allowed: ${quoted(host)}`;
      }
      if (origin === undefined || anyOrigin || originAllowed(origin)) return undefined;
      return `Origin not allowed: ${quoted(origin)}`;
    },
  };
}

/**
 * The default `Host` allowlist for a bound address: the loopback names, plus the address itself
 * when it is a specific one (`192.168.1.5`). A wildcard bind (`0.0.0.0`, `::`) adds nothing: the
 * names clients will use are unknown, so `allowedHosts` must say them.
 */
export function allowedHostsForBind(bindHost: string): readonly string[] {
  const bare = bindHost.startsWith('[') ? bindHost.slice(1, -1) : bindHost;
  if (bare === '' || bare === '0.0.0.0' || bare === '::' || bare === '::1' || LOOPBACK_HOSTS.includes(bare.toLowerCase()))
    return LOOPBACK_HOSTS;
  return [...LOOPBACK_HOSTS, bare.includes(':') ? `[${bare}]` : bare];
}

/** Splits `name[:port]`, keeping IPv6 brackets (`[::1]:3000` → `[::1]`, `3000`). */
export function splitHost(host: string): { name: string; port: string | undefined } {
  const close = host.lastIndexOf(']');
  const colon = host.lastIndexOf(':');
  if (colon > close && colon !== -1) return { name: host.slice(0, colon), port: host.slice(colon + 1) };
  return { name: host, port: undefined };
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

function hostOfOrigin(origin: string): string | undefined {
  // `null` (opaque origins: sandboxed frames, file://) and non-web schemes are never trusted.
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/** Lower-cased, without a trailing slash: `https://App.example.com/` → `https://app.example.com`. */
export function normalizeOrigin(origin: string): string {
  const lower = origin.toLowerCase();
  return lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

function quoted(value: string): string {
  return value.length <= MAX_QUOTED ? value : `${value.slice(0, MAX_QUOTED)}…`;
}
