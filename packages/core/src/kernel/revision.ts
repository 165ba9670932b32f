import type { ActiveRequestContext } from '../context/active-request-context';
import type { NotificationPacing } from '../context/notification-pacing';
import type { RelatedRequest } from '../context/request-host';
import { callToolWith, FEATURE_METHODS, type FeatureMethod } from '../protocol/feature-methods';
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCNotification, RequestId } from '../wire/mcp-types.generated';
import type { RequestParamsRecord } from '../protocol/request-params';
import type { ServerFeatures } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import type { RevisionTasks } from '../tasks/revision-tasks';
import type { TransportSendOptions } from '../transport/transport';
import type { RequestEnvelope, RequestSession } from './request-envelope';
import type { RequestObserver } from './request-observer';
import type { RequestStateSealer } from './request-state';
import type { ResultDecoration } from './result-decoration';

/**
 * The entry of a method its caller serves itself rather than a feature: the 2025 lifecycle
 * methods (they change session state) and 2026's `server/discover` and `subscriptions/listen`.
 */
export const SERVED_BY_CALLER = null;

/** A revision's method table entry: the feature method, or `SERVED_BY_CALLER`. */
export type MethodEntry = FeatureMethod | typeof SERVED_BY_CALLER;

/**
 * The feature methods (shared by every revision; `tools/call` bound to the revision's `tasks`),
 * the revision's own feature methods (its task methods), and the methods a revision's caller serves.
 */
export function methodTable(
  callerMethods: readonly string[],
  ownMethods: ReadonlyMap<string, FeatureMethod> = new Map(),
  tasks?: RevisionTasks,
): ReadonlyMap<string, MethodEntry> {
  const table = new Map<string, MethodEntry>(FEATURE_METHODS);
  if (tasks !== undefined) table.set('tools/call', callToolWith(tasks));
  for (const [method, feature] of ownMethods) table.set(method, feature);
  for (const method of callerMethods) table.set(method, SERVED_BY_CALLER);
  return table;
}

/**
 * One request being served, as a revision, a sink and the caller see it: the public face of
 * `Exchange` (request-exchange.ts), declared here so the revision seam and the exchange
 * do not import each other.
 */
export interface Exchange {
  readonly kernel: ExchangeKernel;
  readonly revision: Revision;
  readonly id: RequestId;
  readonly method: string;
  readonly params: RequestParamsRecord;
  readonly envelope: RequestEnvelope;
  readonly ctx: ActiveRequestContext;
  /** True once answered, aborted or handed to a task. */
  readonly finished: boolean;
  /** In-flight bookkeeping of the kernel's ledger: the tick the request was admitted in. */
  epoch: number;
  /** True while the request is in its kernel's in-flight ledger. */
  tracked: boolean;
  /** Set for a `subscriptions/listen` stream: how it ends gracefully (with its result). */
  gracefulEnd?: () => void;
  /** The revision's per-request asking state (2026: the input-required rounds), created on first use. */
  askState?: object;
  /** Answers with a method's result, decorated by the revision. */
  answer(value: unknown): void;
  /** Answers with an error (what the method threw, or a refusal). */
  fail(error: unknown): void;
  /** Answers with a result already in its final form. */
  respondRaw(result: object): void;
  /** The client went away or cancelled: stop the work, answer nothing. */
  abort(reason: unknown): void;
  /** The deadline passed: -32001. */
  expire(timeoutMs: number): void;
  /** The server or session is closing: -32000 with `message`. */
  close(message: string): void;
  /** Ends the request for a server shutdown: a listen stream with its result, anything else -32000. */
  shutdown(): void;
}

/** Why a request is refused before its method runs. */
export interface Refusal {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * One MCP revision as the shared request path sees it: data plus a few functions. Every
 * request is served under the revision its caller chose for it; nothing else in the path
 * asks which revision it is. Adding a revision is adding one object (and teaching a caller
 * when to choose it).
 */
export interface Revision {
  /** The protocol versions of this revision, newest first. */
  readonly versions: readonly string[];
  /**
   * How this revision runs tools as tasks (admission, host, outcome, handle, announcements);
   * absent when it runs none. Its `tools/call` entry in `methods` is bound to it (`methodTable`).
   */
  readonly tasks?: RevisionTasks;
  /** Every method a client of this revision may call (anything else is -32601). */
  readonly methods: ReadonlyMap<string, MethodEntry>;
  /**
   * Where the client's facts (capabilities, info, log level) come from: the request's own
   * `_meta` (2026; throws -32602 / -32022 when malformed) or the session's initialize state (2025).
   */
  envelopeOf(params: RequestParamsRecord, session: RequestSession | undefined): RequestEnvelope;
  /** A refusal before the method runs (2025: the lifecycle phases); undefined lets it run. */
  gate(method: string, envelope: RequestEnvelope): Refusal | undefined;
  /**
   * Checks, before the method runs, what the revision reads from a request beyond the method's
   * params (2026: a retry's `requestState`); throws to refuse. A promise when the check waits on
   * a store (a single-use state's nonce): the method runs once it resolves, and not if it rejects.
   */
  admit(exchange: Exchange): void | Promise<void>;
  /** The one encode seam: a revision-neutral error response numbered the way this revision numbers it. */
  encodeError(response: JSONRPCErrorResponse): JSONRPCErrorResponse;
  /** The HTTP status of an error response; `beforeRun` when the request was refused before its method ran. */
  httpStatus(code: number, beforeRun: boolean): number;
  /** A method's result as this revision sends it (2026: `resultType`, `serverInfo`, cache hints). */
  decorate(exchange: Exchange, result: object): object;
  /**
   * How a handler's question (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`) reaches the client:
   * 2025 sends a server→client request, 2026 ends the attempt with `input_required`.
   */
  ask(
    exchange: Exchange,
    method: string,
    params: Record<string, unknown>,
    related: RelatedRequest,
    key: string | undefined,
  ): Promise<Record<string, unknown>>;
}

/**
 * Where an exchange's messages go. A transport's `ExchangeSink` is one (it ignores the
 * extra arguments); a 2025 session is one for all its requests, and routes by them.
 */
export interface RequestSink {
  /** A notification for the request (`related` as the request context passes it); never rejects. */
  notify(message: JSONRPCNotification, related: TransportSendOptions | undefined): Promise<void>;
  /** The request's single answer; `exchange` is undefined for a request refused before it had one. */
  respond(message: JSONRPCMessage, status: number, exchange: Exchange | undefined): void;
  /** Optional: the request ended without an answer (cancelled, or its client went away). */
  aborted?(reason: unknown): void;
}

/** The caller of the shared request path: the app's 2026 dispatcher, or one 2025 session. */
export interface ExchangeKernel {
  readonly features: ServerFeatures;
  readonly pageSize: number;
  /** Longest URI a request may name. */
  readonly maxUriLength: number;
  readonly logger: ServerLogger;
  /** True while shutting down: a new request is refused with -32000 (after the method check). */
  readonly draining: boolean;
  /**
   * True while the caller already runs its most requests at once: a new one is refused with
   * -32004. Absent when the caller caps nothing itself (the 2026 dispatcher: a request has no
   * session to count against; its transport caps stateless requests).
   */
  readonly saturated?: boolean;
  /** The limit `saturated` applies (named in the -32004 answer); given whenever `saturated` is. */
  readonly maxInflightRequests?: number;
  /** 2026: the app's result decoration (serverInfo, cache hints). */
  readonly decoration?: ResultDecoration;
  /** 2026: what seals and opens `requestState`. */
  readonly sealer?: RequestStateSealer;
  /** Starts tracking an exchange that answers asynchronously (deadline, cancellation, drain). */
  track(exchange: Exchange): void;
  /** Stops tracking it (answered, aborted, expired or closed); called once, for an exchange that was tracked or is a listen stream. */
  untrack(exchange: Exchange): void;
  /** Serves a `SERVED_BY_CALLER` method; it answers the exchange itself. */
  serveOwn(exchange: Exchange): void;
  /** What watches every request (telemetry); undefined when nothing does. */
  readonly observer?: RequestObserver;
  /** How fast one request may send progress and log notifications (default `DEFAULT_PACING`). */
  readonly pacing?: NotificationPacing | undefined;
}
