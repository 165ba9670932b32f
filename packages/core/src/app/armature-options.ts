import { TASK_DEFAULTS, type TaskOptions } from '../task-runtime/task-manager';
import { ArmatureError, type Provider } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { ArmatureManifest } from '../manifest/manifest.types';
import type { Icon, Implementation } from '../wire/mcp-types.generated';
import type { ServerLogger } from '../logging/server-logger';
import type { GuardRef } from '../guards/use-guards.decorator';
import type { InterceptorRef } from '../interceptors/use-interceptors.decorator';
import type { RateLimitOptions } from '../rate-limit/rate-limit.options';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';
import { type CacheHints, isCacheHint } from '../kernel/cache-hints';
import { isRate } from '../context/notification-pacing';
import type { RequestObserver } from '../kernel/request-observer';
import type { AuditSink } from '../audit/audit-sink';
import type { NotificationBus } from '../bus/notification-bus';
import type { PolicySettings } from '../routes/route-policy';
import type { AroundHandlerFactory } from '../routes/route-pipeline';
import type { RequestStateNonces } from '../kernel/request-state-nonces';
import { resolveToolSearchOptions, type ToolSearchOptions } from '../tool-search/tool-search-options';

/** Options of `Armature.create`. */
export interface ArmatureOptions {
  /** `serverInfo.name`. */
  readonly name: string;
  /** `serverInfo.version`. */
  readonly version: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly websiteUrl?: string;
  /** Sent in the initialize result: how to use this server, for the model. */
  readonly instructions?: string;
  /**
   * Manifests to use instead of (before) the `armature.manifest.json` files found next to the
   * compiled handlers: for tests and bundlers.
   */
  readonly manifest?: ArmatureManifest | readonly ArmatureManifest[];
  /**
   * Start even when a compiled handler file is newer than its `armature.manifest.json` (the
   * older schemas are served, with a warning). Default false: the boot fails with
   * ARM_ERR_MANIFEST_STALE, naming the file and the command to run.
   */
  readonly allowStaleManifest?: boolean;
  /**
   * Providers that replace those the modules declare, wherever they are declared (the DI
   * container's `overrides`): fakes in tests, environment-specific services at boot.
   */
  readonly overrides?: readonly Provider[];
  /** Entries per page of every list result (`tools/list`…) (default 1000). */
  readonly pageSize?: number;
  /**
   * Longest URI a request may name (`resources/read`, `resources/subscribe`, a `ref/resource`
   * completion), in UTF-16 code units (default 8192); a longer one is answered -32602 "URI too long".
   */
  readonly maxUriLength?: number;
  /** Deadline of each request in ms (default 300 000; 0 disables). */
  readonly requestTimeoutMs?: number;
  /**
   * Most requests one session (or, for MCP 2026-07-28 requests, one stdio or WebSocket
   * connection) runs at once (default 100); one more is answered -32004 at once.
   */
  readonly maxInflightRequests?: number;
  /**
   * Most progress notifications one request sends per second (default 20). Faster progress,
   * and progress a slower client has not taken yet, is coalesced: the latest value is sent
   * when the next one may go, older ones are dropped, and one still waiting when the request
   * is answered is dropped too. `Infinity` lifts the rate cap (a slow client still coalesces).
   */
  readonly maxProgressPerSecond?: number;
  /**
   * Most log notifications (`ctx.log`) one request sends per second (default 100). Beyond it
   * messages are dropped and counted; the count goes out as one `warning` from the `armature`
   * logger when the next second lets a message through. `Infinity` lifts the cap.
   */
  readonly maxLogsPerSecond?: number;
  /**
   * Most MCP 2026-07-28 `subscriptions/listen` streams open at once in the app, over every
   * transport (default 1000); one more is answered -32004 (HTTP 503 + `Retry-After`). Listen
   * streams are counted apart from requests in flight: they never take a request's place.
   */
  readonly maxListens?: number;
  /**
   * Most open listen streams of one client (default 100): one authenticated principal, or for
   * anonymous requests one client address (HTTP, WebSocket) and one stdio or WebSocket connection.
   */
  readonly maxListensPerPrincipal?: number;
  /** Where diagnostics go (default: stderr; never stdout, which carries stdio). */
  readonly logger?: ServerLogger;
  /**
   * Guards run before every route, ahead of class and method guards. Classes are resolved
   * through DI (from any module) or constructed when they take no arguments.
   */
  readonly guards?: readonly GuardRef[];
  /** Interceptors around every route, outside class and method interceptors. */
  readonly interceptors?: readonly InterceptorRef[];
  /**
   * For integrations with other frameworks (`@armature/nestjs` sets it): called once per route
   * at boot; what it returns runs innermost around the handler, after guards and interceptors,
   * and may pass other arguments on. A route it returns `null` for pays nothing per call.
   */
  readonly aroundHandler?: AroundHandlerFactory;
  /**
   * A rate limit every tool call spends from (one budget per key across all tools), on top
   * of tools' own limits; tools with `rateLimit: false` are exempt. Default: none.
   */
  readonly rateLimit?: RateLimitOptions;
  /**
   * Where rate-limit budgets live when several instances serve one endpoint and a limit must
   * hold across them (`redisRateLimits` of `@armature/redis`). Default: in this process, with
   * no I/O per check. See docs/guards.md.
   */
  readonly rateLimitStore?: RateLimitStore;
  /**
   * Serve routes that require scopes to callers no transport authenticated (stdio,
   * in-memory, HTTP without `verifyToken`). Default `false`: such routes are hidden from them
   * and answer `InsufficientScopeError`.
   */
  readonly allowUnauthenticated?: boolean;
  /**
   * How long `app.close()` and SIGTERM/SIGINT let requests in flight finish before the rest
   * are answered with an error (default 10 000 ms).
   */
  readonly drainMs?: number;
  /**
   * MCP 2026-07-28 cache hints (`ttlMs` + `cacheScope`) on lists, `resources/read` and
   * `server/discover`. Default for each: `{ ttlMs: 0, scope: 'private' }` (nothing cached, nothing
   * shared across principals). A resource or template may set its own with its `cache` option.
   */
  readonly cache?: CacheHints;
  /**
   * The key that seals MCP 2026-07-28 `requestState` (input-required round trips), at least 32
   * bytes (a string is read as UTF-8). Every instance behind one endpoint must share it, since a
   * client may retry on any of them. Default: a random key per process, with a warning the first
   * time a state is sealed.
   */
  readonly requestStateKey?: string | Uint8Array;
  /**
   * Where the nonces of single-use `requestState`s (tools with `singleUseState`, by default the
   * `destructiveHint` ones) are marked used, so a replayed round is refused. Every instance
   * behind one endpoint must share it (`redisRequestStateNonces` of `@armature/redis`). Default:
   * this process (`InMemoryRequestStateNonces`, at most 100 000 states in use at once).
   */
  readonly requestStateNonces?: RequestStateNonces;
  /**
   * Capabilities to declare beyond those the served features imply: `extensions` (MCP
   * 2026-07-28, e.g. `{ 'io.modelcontextprotocol/ui': {} }`, advertised by `server/discover`) and
   * `experimental` (both revisions). Keys of `extensions` need a vendor prefix (`vendor/name`).
   */
  readonly serverCapabilities?: DeclaredCapabilities;
  /**
   * Tasks (tools declared with `@Tool({ task })`): where records live (`store`, default in this
   * process), retention (`defaultTtlMs` 1 h, `maxTtlMs` 24 h), the suggested `pollIntervalMs`
   * (1 s) and the bounds `maxTasks` (10 000 records) and `maxActivePerOwner` (64 unfinished per
   * principal). See docs/tasks.md.
   */
  readonly tasks?: TaskOptions;
  /**
   * Watches every request of both revisions on every transport — its start, then its answer
   * or abort — for telemetry (`@armature/otel` provides one for OpenTelemetry). Default: none,
   * and then the request path does no observing work at all.
   */
  readonly requestObserver?: RequestObserver;
  /**
   * Where audit records go: one when a `tools/call`, `resources/read` or `prompts/get` starts and
   * one when it ends, with the principal, tool, schema fingerprint, revision, duration, outcome
   * and the arguments with `@sensitive` values redacted (`new JsonLinesAuditSink({ file })` from
   * `@armature/core/observability`). Default: none, and the request path does no audit work.
   * See docs/observability.md#audit-events.
   */
  readonly audit?: AuditSink;
  /**
   * Tool search, for servers with more tools than a model's context holds: `tools/list` lists
   * `search_tools` and `call_tool` (and the `pinned` tools) instead of every tool; `search_tools`
   * ranks the tools the caller may see with BM25 over names, titles, descriptions and parameter
   * docs, from the index `armature build` writes beside the manifest; every tool stays callable
   * directly. `true` takes the defaults. Default: off. See docs/tool-search.md.
   */
  readonly toolSearch?: boolean | ToolSearchOptions;
  /**
   * How broadcasts (`McpNotifier`, `app.resources.notifyUpdated`) and the state of 2025 HTTP
   * sessions reach the other instances of this server. Default: this process only
   * (`InMemoryNotificationBus`); `@armature/redis` has one on Redis pub/sub. See docs/deploying.md.
   */
  readonly bus?: NotificationBus;
}

/** Capabilities an author declares (`ArmatureOptions.capabilities`). */
export interface DeclaredCapabilities {
  readonly extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly experimental?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** Default drain window of `app.close()` and of the signal handlers installed by `listen()`. */
export const DEFAULT_DRAIN_MS = 10_000;

/** The app-wide settings every route's policy applies (guards, interceptors, limits, scopes). */
export function policySettingsOf(options: ArmatureOptions): PolicySettings {
  return {
    guards: options.guards ?? [],
    interceptors: options.interceptors ?? [],
    rateLimit: options.rateLimit,
    ...(options.rateLimitStore === undefined ? {} : { rateLimitStore: options.rateLimitStore }),
    allowUnauthenticated: options.allowUnauthenticated === true,
    ...(options.aroundHandler === undefined ? {} : { aroundHandler: options.aroundHandler }),
  };
}

/** Checks the options and derives the initialize result's `serverInfo`. */
export function serverInfoOf(options: ArmatureOptions): Implementation {
  const fail = (why: string): never => {
    throw new ArmatureError(LocalErrorCode.INVALID_OPTIONS, `Armature.create: ${why}.`);
  };
  if (typeof options !== 'object' || options === null) fail('options { name, version } are required');
  if (typeof options.name !== 'string' || options.name.length === 0) fail('"name" must be a non-empty string');
  if (typeof options.version !== 'string' || options.version.length === 0) fail('"version" must be a non-empty string');
  if (options.pageSize !== undefined && (!Number.isSafeInteger(options.pageSize) || options.pageSize < 1))
    fail('"pageSize" must be a positive integer');
  if (options.requestStateNonces !== undefined && typeof options.requestStateNonces?.consume !== 'function')
    fail('"requestStateNonces" must be a RequestStateNonces store (an object with consume(nonce, expiresAt))');
  for (const key of ['maxListens', 'maxListensPerPrincipal'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1)) fail(`"${key}" must be a positive integer`);
  }
  if (options.maxUriLength !== undefined && (!Number.isSafeInteger(options.maxUriLength) || options.maxUriLength < 1))
    fail('"maxUriLength" must be a positive integer');
  if (options.requestTimeoutMs !== undefined && !(typeof options.requestTimeoutMs === 'number' && options.requestTimeoutMs >= 0)) {
    fail('"requestTimeoutMs" must be 0 or a positive number of milliseconds');
  }
  if (
    options.maxInflightRequests !== undefined &&
    !(Number.isSafeInteger(options.maxInflightRequests) && options.maxInflightRequests >= 1)
  ) {
    fail('"maxInflightRequests" must be a positive integer');
  }
  const info: Record<string, unknown> = { name: options.name, version: options.version };
  for (const key of ['title', 'description', 'websiteUrl'] as const) {
    const value = options[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') fail(`"${key}" must be a string`);
    info[key] = value;
  }
  if (options.icons !== undefined) {
    if (!Array.isArray(options.icons) || !options.icons.every((i) => typeof i === 'object' && i !== null && typeof i.src === 'string')) {
      fail('"icons" must be an array of { src, mimeType?, sizes?, theme? }');
    }
    info.icons = options.icons;
  }
  if (options.instructions !== undefined && typeof options.instructions !== 'string') fail('"instructions" must be a string');
  for (const key of ['guards', 'interceptors'] as const) {
    if (options[key] !== undefined && !Array.isArray(options[key])) fail(`"${key}" must be an array`);
  }
  if (options.allowUnauthenticated !== undefined && typeof options.allowUnauthenticated !== 'boolean')
    fail('"allowUnauthenticated" must be a boolean');
  if (options.drainMs !== undefined && !isDrainMs(options.drainMs)) fail('"drainMs" must be 0 or a positive number of milliseconds');
  for (const key of ['maxProgressPerSecond', 'maxLogsPerSecond'] as const) {
    if (options[key] !== undefined && !isRate(options[key])) fail(`"${key}" must be a positive number (Infinity for no cap)`);
  }
  if (options.toolSearch !== undefined && options.toolSearch !== false) {
    const resolved = resolveToolSearchOptions(options.toolSearch);
    if (typeof resolved === 'string') fail(resolved);
  }
  checkRevisionOptions(options, fail);
  checkTaskOptions(options.tasks, fail);
  return info as unknown as Implementation;
}

/** Longest drain window a timer can measure (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** A usable drain window: 0 to 2^31 - 1 milliseconds. */
export function isDrainMs(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_TIMER_MS;
}

function isRecordOfObjects(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry));
}

/** Checks the MCP 2026-07-28 options: cache hints, the request-state key, declared capabilities. */
function checkRevisionOptions(options: ArmatureOptions, fail: (why: string) => never): void {
  const cache = options.cache;
  if (cache !== undefined) {
    if (typeof cache !== 'object' || cache === null) fail('"cache" must be an object { lists?, resources?, discover? }');
    for (const key of ['lists', 'resources', 'discover'] as const) {
      if (cache[key] !== undefined && !isCacheHint(cache[key]))
        fail(`"cache.${key}" must be { ttlMs: a non-negative integer, scope: 'public' | 'private' }`);
    }
  }
  const key = options.requestStateKey;
  if (key !== undefined) {
    const bytes = typeof key === 'string' ? Buffer.byteLength(key) : key instanceof Uint8Array ? key.byteLength : -1;
    if (bytes < 32) fail('"requestStateKey" must be a string or Uint8Array of at least 32 bytes');
  }
  const caps = options.serverCapabilities;
  if (caps !== undefined) {
    if (typeof caps !== 'object' || caps === null) fail('"serverCapabilities" must be an object { extensions?, experimental? }');
    for (const member of ['extensions', 'experimental'] as const) {
      if (caps[member] !== undefined && !isRecordOfObjects(caps[member]))
        fail(`"serverCapabilities.${member}" must map names to settings objects`);
    }
    for (const name of Object.keys(caps.extensions ?? {})) {
      if (!/^[A-Za-z0-9][A-Za-z0-9.-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name))
        fail(`"serverCapabilities.extensions" key ${JSON.stringify(name)} needs a vendor prefix, like "com.example/feature"`);
    }
  }
}

/** Checks `tasks`: positive integer limits and durations, a store with the port's methods. */
function checkTaskOptions(tasks: TaskOptions | undefined, fail: (why: string) => never): void {
  if (tasks === undefined) return;
  if (typeof tasks !== 'object' || tasks === null)
    fail(
      '"tasks" must be an object { store?, signals?, defaultTtlMs?, maxTtlMs?, pollIntervalMs?, maxTasks?, maxActivePerOwner?, leaseMs?, leaseRenewMs? }',
    );
  for (const key of ['defaultTtlMs', 'maxTtlMs', 'pollIntervalMs', 'maxTasks', 'maxActivePerOwner', 'leaseMs', 'leaseRenewMs'] as const) {
    const value = tasks[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) fail(`"tasks.${key}" must be a positive integer`);
  }
  if ((tasks.defaultTtlMs ?? 0) > (tasks.maxTtlMs ?? Infinity)) fail('"tasks.defaultTtlMs" must not exceed "tasks.maxTtlMs"');
  // A lease renewed no more often than it lasts would lapse between renewals while its task still runs.
  if ((tasks.leaseRenewMs ?? TASK_DEFAULTS.leaseRenewMs) >= (tasks.leaseMs ?? TASK_DEFAULTS.leaseMs))
    fail('"tasks.leaseRenewMs" must be less than "tasks.leaseMs" (default 5,000 and 15,000)');
  const store = tasks.store as unknown as Record<string, unknown> | undefined;
  const methods = ['create', 'get', 'update', 'list', 'sweep', 'renew', 'failLapsed'];
  if (store !== undefined && !methods.every((method) => typeof store?.[method] === 'function')) {
    fail('"tasks.store" must implement TaskStore (create, get, update, list, sweep, renew, failLapsed)');
  }
  const signals = tasks.signals as unknown as Record<string, unknown> | undefined;
  if (signals !== undefined && !['publish', 'subscribe'].every((method) => typeof signals?.[method] === 'function')) {
    fail('"tasks.signals" must implement TaskSignals (publish, subscribe)');
  }
}
