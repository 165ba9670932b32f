import { stderrLogger, type ServerLogger } from '@armature/core';
import {
  BearerAuthenticator,
  createHostOriginGuard,
  DEFAULT_MAX_ID_LENGTH,
  DEFAULT_REVERIFY_TOKEN_MS,
  type DecodeLimits,
  type HostOriginGuard,
} from '@armature/core/internal';
import type { HttpHandlerOptions } from './http-options';
import type { VerifyToken } from '@armature/core/internal';
import type { EventStore } from '../events/event-store';
import { InMemoryEventStore } from '../events/in-memory-event-store';
import type { SessionStateStore } from '../session-state/session-state-store';
import { InMemorySessionStore } from '../session-state/in-memory-session-store';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/protocol-version';
import { CorsPolicy } from '../security/cors.policy';
import { AnswerHeads } from '../protocol/answer-head';
import type { SseTiming } from '../sse/sse-connection';

/**
 * 1 000 stateless requests running at once per endpoint: ten sessions' worth of the per-session
 * limit (100), far above what real clients keep open, low enough that a client firing POSTs
 * without waiting cannot pile up unbounded work (stateless 2026 HTTP once had no cap).
 */
export const DEFAULT_MAX_STATELESS_INFLIGHT = 1000;

/** Options with every default applied, computed once per handler. */
export interface ResolvedHttpOptions {
  readonly stateless: boolean;
  readonly maxBodyBytes: number;
  readonly decodeLimits: DecodeLimits;
  readonly maxSessions: number;
  readonly maxStatelessInflight: number;
  readonly idleTimeoutMs: number;
  readonly store: EventStore | null;
  /** Where 2025 sessions' state is kept (this process by default). */
  readonly sessionStore: SessionStateStore;
  /** Bound on an answer's wait for the event-store appends its handler started (0: no wait). */
  readonly appendWaitMs: number;
  /** Bound on a GET-stream server→client request's wait for the client's answer (0: none). */
  readonly clientAnswerTimeoutMs: number;
  readonly priming: boolean;
  readonly timing: SseTiming;
  readonly guard: HostOriginGuard;
  readonly versions: ReadonlySet<string>;
  readonly verifyToken: VerifyToken | undefined;
  /** Bearer checks, challenges and the metadata document; `null` without any auth option. */
  readonly auth: BearerAuthenticator | null;
  /** HTTP status and challenge headers of final answers, for both revisions. */
  readonly answers: AnswerHeads;
  /** Re-verification interval of tokens without `expiresAt` on long-lived streams (0: never). */
  readonly reverifyTokenMs: number;
  readonly cors: CorsPolicy | null;
  readonly onError: (error: Error) => void;
  readonly logger: Pick<ServerLogger, 'warn' | 'debug'>;
}

/** 5 s: far above a healthy Redis round trip, short enough that a stalled store delays an answer only briefly. */
export const DEFAULT_APPEND_WAIT_MS = 5_000;

/** 10 min: a server→client request on the GET stream may wait for a person, or for a client that resumes later. */
export const DEFAULT_CLIENT_ANSWER_TIMEOUT_MS = 600_000;

/** 4 MiB: the body limit MCP servers commonly share. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * 1 000 live sessions: far more than one local or team server's clients, few enough that
 * sessions opened and abandoned by a hostile client (1 100 were accepted under the old
 * 10 000) cost bounded memory until idle expiry removes them.
 */
export const DEFAULT_MAX_SESSIONS = 1000;

/** Applies defaults and checks values, failing fast on nonsense. */
export function resolveOptions(options: HttpHandlerOptions = {}): ResolvedHttpOptions {
  const stateless = options.stateless === true;
  const store = stateless || options.eventStore === false ? null : (options.eventStore ?? new InMemoryEventStore());
  const sse = options.sse ?? {};
  const maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const keepAlive = sse.keepAliveMs === false ? undefined : (sse.keepAliveMs ?? 25_000);
  const auth =
    options.verifyToken === undefined && options.protectedResource === undefined && options.resourceMetadataUrl === undefined
      ? null
      : new BearerAuthenticator(options);
  const metadataUrl = auth?.resourceMetadataUrl;
  const cors = options.cors === undefined ? null : new CorsPolicy(options.cors, stateless ? 'POST' : 'GET, POST, DELETE');
  return {
    stateless,
    maxBodyBytes,
    decodeLimits: {
      maxBytes: maxBodyBytes,
      maxDepth: positive('maxDepth', options.maxDepth ?? 64),
      maxIdLength: positive('maxIdLength', options.maxIdLength ?? DEFAULT_MAX_ID_LENGTH),
    },
    maxSessions: positive('maxSessions', options.maxSessions ?? DEFAULT_MAX_SESSIONS),
    maxStatelessInflight: positive('maxStatelessInflight', options.maxStatelessInflight ?? DEFAULT_MAX_STATELESS_INFLIGHT),
    idleTimeoutMs: nonNegative('sessionIdleTimeoutMs', options.sessionIdleTimeoutMs ?? 30 * 60_000),
    store,
    sessionStore: options.sessionStore ?? new InMemorySessionStore(),
    appendWaitMs: nonNegative('appendWaitMs', options.appendWaitMs ?? DEFAULT_APPEND_WAIT_MS),
    clientAnswerTimeoutMs: nonNegative('clientAnswerTimeoutMs', options.clientAnswerTimeoutMs ?? DEFAULT_CLIENT_ANSWER_TIMEOUT_MS),
    priming: store !== null && sse.priming !== false,
    timing: {
      keepAliveMs: keepAlive === undefined ? undefined : positive('sse.keepAliveMs', keepAlive),
      retryMs: sse.retryMs === undefined ? undefined : nonNegative('sse.retryMs', sse.retryMs),
      closeAfterMs: sse.closeAfterMs === undefined || store === null ? undefined : positive('sse.closeAfterMs', sse.closeAfterMs),
    },
    guard: hostOriginGuard(options, cors),
    versions: new Set(options.protocolVersions ?? SUPPORTED_PROTOCOL_VERSIONS),
    verifyToken: options.verifyToken,
    auth,
    answers: new AnswerHeads(metadataUrl, auth !== null),
    reverifyTokenMs: nonNegative('reverifyTokenMs', options.reverifyTokenMs ?? DEFAULT_REVERIFY_TOKEN_MS),
    cors,
    onError: options.onError ?? (() => undefined),
    logger: options.logger ?? stderrLogger,
  };
}

/** CORS origins pass the DNS-rebinding Origin check too: listing an origin means browsers from it are expected. */
function hostOriginGuard(options: HttpHandlerOptions, cors: CorsPolicy | null): HostOriginGuard {
  const corsOrigins = cors?.guardOrigins;
  if (corsOrigins === '*') return createHostOriginGuard(options.allowedHosts, options.allowedOrigins ?? '*');
  return createHostOriginGuard(options.allowedHosts, options.allowedOrigins, corsOrigins);
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`@armature/http: ${name} must be a positive number, got ${value}`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`@armature/http: ${name} must be zero or more, got ${value}`);
  return value;
}
