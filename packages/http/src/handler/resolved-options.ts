import { createHostOriginGuard, type DecodeLimits, type HostOriginGuard } from '@armature/core';
import type { HttpHandlerOptions } from '../http-options';
import type { VerifyToken } from './bearer-auth';
import type { EventStore } from '../events/event-store';
import { InMemoryEventStore } from '../events/in-memory-event-store';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/protocol-version';
import type { SseTiming } from '../sse/sse-connection';

/** Options with every default applied, computed once per handler. */
export interface ResolvedHttpOptions {
  readonly stateless: boolean;
  readonly maxBodyBytes: number;
  readonly decodeLimits: DecodeLimits;
  readonly maxSessions: number;
  readonly idleTimeoutMs: number;
  readonly store: EventStore | null;
  readonly priming: boolean;
  readonly timing: SseTiming;
  readonly guard: HostOriginGuard;
  readonly versions: ReadonlySet<string>;
  readonly verifyToken: VerifyToken | undefined;
  readonly resourceMetadataUrl: string | undefined;
  readonly onError: (error: Error) => void;
}

/** 4 MiB: the body limit MCP servers commonly share (and issue 7's default). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Applies defaults and checks values, failing fast on nonsense. */
export function resolveOptions(options: HttpHandlerOptions = {}): ResolvedHttpOptions {
  const stateless = options.stateless === true;
  const store = stateless || options.eventStore === false ? null : options.eventStore ?? new InMemoryEventStore();
  const sse = options.sse ?? {};
  const maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const keepAlive = sse.keepAliveMs === false ? undefined : sse.keepAliveMs ?? 25_000;
  return {
    stateless,
    maxBodyBytes,
    decodeLimits: { maxBytes: maxBodyBytes, maxDepth: positive('maxDepth', options.maxDepth ?? 64) },
    maxSessions: positive('maxSessions', options.maxSessions ?? 10_000),
    idleTimeoutMs: nonNegative('sessionIdleTimeoutMs', options.sessionIdleTimeoutMs ?? 30 * 60_000),
    store,
    priming: store !== null && sse.priming !== false,
    timing: {
      keepAliveMs: keepAlive === undefined ? undefined : positive('sse.keepAliveMs', keepAlive),
      retryMs: sse.retryMs === undefined ? undefined : nonNegative('sse.retryMs', sse.retryMs),
      closeAfterMs: sse.closeAfterMs === undefined || store === null ? undefined : positive('sse.closeAfterMs', sse.closeAfterMs),
    },
    guard: createHostOriginGuard(options.allowedHosts, options.allowedOrigins),
    versions: new Set(options.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS),
    verifyToken: options.verifyToken,
    resourceMetadataUrl: options.resourceMetadataUrl,
    onError: options.onError ?? (() => undefined),
  };
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`@armature/http: ${name} must be a positive number, got ${value}`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`@armature/http: ${name} must be zero or more, got ${value}`);
  return value;
}
