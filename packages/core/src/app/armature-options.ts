import { ArmatureError, type Provider } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { ArmatureManifest } from '../manifest/manifest.types';
import type { Icon, Implementation } from '../protocol/mcp-types.generated';
import type { ServerLogger } from '../protocol/server-logger';
import type { GuardRef } from '../guards/use-guards.decorator';
import type { InterceptorRef } from '../interceptors/use-interceptors.decorator';
import type { RateLimitOptions } from '../rate-limit/rate-limit.options';

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
   * Providers that replace those the modules declare, wherever they are declared (the DI
   * container's `overrides`): fakes in tests, environment-specific services at boot.
   */
  readonly overrides?: readonly Provider[];
  /** Entries per page of every list result (`tools/list`…) (default 1000). */
  readonly pageSize?: number;
  /** Deadline of each request in ms (default 300 000; 0 disables). */
  readonly requestTimeoutMs?: number;
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
   * A rate limit every tool call spends from (one budget per key across all tools), on top
   * of tools' own limits; tools with `rateLimit: false` are exempt. Default: none.
   */
  readonly rateLimit?: RateLimitOptions;
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
}

/** Default drain window of `app.close()` and of the signal handlers installed by `listen()`. */
export const DEFAULT_DRAIN_MS = 10_000;

/** Checks the options and derives the initialize result's `serverInfo`. */
export function serverInfoOf(options: ArmatureOptions): Implementation {
  const fail = (why: string): never => {
    throw new ArmatureError(LocalErrorCode.INVALID_OPTIONS, `Armature.create: ${why}.`);
  };
  if (typeof options !== 'object' || options === null) fail('options { name, version } are required');
  if (typeof options.name !== 'string' || options.name.length === 0) fail('"name" must be a non-empty string');
  if (typeof options.version !== 'string' || options.version.length === 0) fail('"version" must be a non-empty string');
  if (options.pageSize !== undefined && (!Number.isSafeInteger(options.pageSize) || options.pageSize < 1)) fail('"pageSize" must be a positive integer');
  if (options.requestTimeoutMs !== undefined && !(typeof options.requestTimeoutMs === 'number' && options.requestTimeoutMs >= 0)) {
    fail('"requestTimeoutMs" must be 0 or a positive number of milliseconds');
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
  if (options.allowUnauthenticated !== undefined && typeof options.allowUnauthenticated !== 'boolean') fail('"allowUnauthenticated" must be a boolean');
  if (options.drainMs !== undefined && !isDrainMs(options.drainMs)) fail('"drainMs" must be 0 or a positive number of milliseconds');
  return info as unknown as Implementation;
}

/** Longest drain window a timer can measure (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** A usable drain window: 0 to 2^31 - 1 milliseconds. */
export function isDrainMs(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_TIMER_MS;
}
