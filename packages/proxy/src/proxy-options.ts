import type { RequestContext } from '@armature/core';

/** How the upstream server is reached: a command the proxy spawns and speaks stdio to. */
export interface StdioUpstream {
  /** The executable (e.g. `process.execPath` or `node`). */
  readonly command: string;
  readonly args?: readonly string[];
  /** The child's environment (default: the SDK's safe subset of this process's). */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** The child's stderr: `inherit` (default) or `ignore`. */
  readonly stderr?: 'inherit' | 'ignore';
}

/** How the upstream server is reached: a Streamable HTTP endpoint. */
export interface HttpUpstream {
  readonly url: string | URL;
  /**
   * Headers sent on every request to the upstream (e.g. the proxy's own
   * `Authorization`). A forwarded bearer token replaces `Authorization` on the calls it is
   * forwarded with.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Forward the downstream caller's bearer token (`ctx.authInfo.token`) to the upstream as
   * `Authorization: Bearer …` on each call made for that caller (tools/call, resources/read,
   * prompts/get, completion). List refreshes are the proxy's own and use `headers`.
   */
  readonly forwardAuth?: boolean | ((ctx: RequestContext) => string | undefined);
  /**
   * With `forwardAuth` and a 2025-11-25 upstream (whose sessions belong to the token that
   * opened them): upstream sessions opened for callers at once, least recently used closed
   * first. Default 64.
   */
  readonly maxCallerSessions?: number;
}

/** When the upstream connection is lost: how the proxy reconnects, and what callers meanwhile get. */
export interface ReconnectOptions {
  /** First delay before a reconnect attempt (ms). Default 200. */
  readonly initialDelayMs?: number;
  /** Longest delay between attempts (ms); the delay doubles up to it. Default 10 000. */
  readonly maxDelayMs?: number;
  /** Attempts before the proxy gives up (until `McpProxy.reconnect()`); 0: never give up. Default 0. */
  readonly maxAttempts?: number;
}

/** Options common to both kinds of upstream. */
export interface ProxyCommonOptions {
  /**
   * Serve the upstream's tools and prompts as `<prefix>_<name>` and its resources as
   * `scheme://<prefix>/…` (see docs/proxy.md). Without one, names are served as they are.
   */
  readonly prefix?: string;
  /** Serve only these upstream tool/prompt names and resource URIs (before prefixing): exact strings or patterns. */
  readonly include?: readonly (string | RegExp)[];
  /** Never serve these upstream tool/prompt names and resource URIs (before prefixing). */
  readonly exclude?: readonly (string | RegExp)[];
  /** The MCP revision spoken upstream: `auto` (default: 2026-07-28 when the upstream offers it, else 2025-11-25), or pinned. */
  readonly upstreamRevision?: 'auto' | '2025-11-25' | '2026-07-28';
  /** Time-out of one upstream request (ms), counted from its last progress notification. Default 60 000. */
  readonly requestTimeoutMs?: number;
  /** Time-out of connecting (and of the first lists) (ms). Default 15 000. */
  readonly connectTimeoutMs?: number;
  /** Calls in flight to the upstream at once; more are refused (retryable). Default 256. */
  readonly maxInflight?: number;
  /** Calls that may wait for a reconnect at once; more are refused (retryable). Default 64. */
  readonly maxWaiting?: number;
  /** How long a call waits for a reconnect before it is refused (ms). 0: refuse at once. Default 2000. */
  readonly waitWhileDownMs?: number;
  readonly reconnect?: ReconnectOptions;
  /** Upstream resources the proxy follows for `notifications/resources/updated` (the listed ones, up to this many). Default 256. */
  readonly maxSubscriptions?: number;
  /** Name the proxy gives itself upstream (`clientInfo`). Default `armature-proxy`. */
  readonly clientName?: string;
}

/** `McpProxyModule.forRoot` / `new McpProxy` options: a stdio command or an HTTP URL, and how to serve it. */
export type McpProxyOptions = ProxyCommonOptions & (StdioUpstream | HttpUpstream);

/** The options with every default filled in. */
export interface ResolvedLimits {
  readonly requestTimeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly maxInflight: number;
  readonly maxWaiting: number;
  readonly waitWhileDownMs: number;
  readonly maxSubscriptions: number;
  readonly maxCallerSessions: number;
  readonly reconnect: Required<ReconnectOptions>;
}

export const PROXY_DEFAULTS: ResolvedLimits = Object.freeze({
  requestTimeoutMs: 60_000,
  connectTimeoutMs: 15_000,
  maxInflight: 256,
  maxWaiting: 64,
  waitWhileDownMs: 2000,
  maxSubscriptions: 256,
  maxCallerSessions: 64,
  reconnect: Object.freeze({ initialDelayMs: 200, maxDelayMs: 10_000, maxAttempts: 0 }),
});

/** True for the stdio form of the options. */
export function isStdioUpstream(options: McpProxyOptions): options is ProxyCommonOptions & StdioUpstream {
  return typeof (options as Partial<StdioUpstream>).command === 'string';
}
