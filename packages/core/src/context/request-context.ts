import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  Implementation,
  LoggingLevel,
  RequestId,
  Root,
} from '../wire/mcp-types.generated';
import type { TransportRequestInfo } from './request-info';
import type { ElicitAnswer, ElicitFormOptions } from './typed-elicit.types';

/** Who the transport authenticated, if it authenticates (filled by @armature/http and @armature/ws). */
export interface AuthInfo {
  /** The raw bearer token. Never forward it upstream (MCP authorization, token passthrough). */
  readonly token: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Seconds since the epoch. */
  readonly expiresAt?: number;
  /** RFC 8707 resource indicator the token was issued for. */
  readonly resource?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** What the kernel knows of the session a request belongs to. */
export interface SessionInfo {
  /** Transport session id (Streamable HTTP `Mcp-Session-Id`); undefined on stdio/in-memory. */
  readonly id: string | undefined;
  readonly protocolVersion: string;
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: ClientCapabilities;
}

/** Per-session state owned by the application layer (see `ServerFeatures.openSession`). */
export interface SessionScope {
  dispose(): Promise<void>;
}

/** Options of a question to the client (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`). */
export interface AskOptions {
  /**
   * MCP 2026-07-28: the question's key in `inputRequests` / `inputResponses` (1–64 of
   * `A-Za-z0-9_.-`). Default: the kind and the question's position in the attempt
   * (`elicit-1`, `sample-2`…). Name questions whose order may vary between attempts.
   * Ignored on 2025-11-25, where questions are server→client requests.
   */
  readonly key?: string;
}

/** Structured logger that sends `notifications/message`, filtered by the session's `logging/setLevel`. */
export type RequestLogger = {
  readonly [L in LoggingLevel]: (data: unknown, logger?: string) => Promise<void>;
};

/**
 * The per-request context. A handler receives it by declaring a parameter of this type
 * (the schema scanner leaves that parameter out of the input schema), and request-scoped
 * providers can inject it. It is an abstract class so it can serve as a DI token and be
 * recognised by type at build time; the kernel supplies the implementation.
 */
export abstract class RequestContext {
  abstract readonly requestId: RequestId;
  abstract readonly method: string;
  abstract readonly session: SessionInfo;
  /** What `ServerFeatures.openSession` returned for this session, if anything. */
  abstract readonly sessionScope: SessionScope | undefined;
  /** Aborted on `notifications/cancelled`, on transport close and on the request deadline. */
  abstract readonly signal: AbortSignal;
  abstract readonly authInfo: AuthInfo | undefined;
  /**
   * The transport facts of this request (HTTP method, path, headers without credentials,
   * remote address; over WebSocket those of the upgrade request); undefined on stdio and
   * in-memory. See `TransportRequestInfo`.
   */
  abstract readonly requestInfo: TransportRequestInfo | undefined;
  /** The request's `_meta`, if any. */
  abstract readonly meta: Readonly<Record<string, unknown>> | undefined;
  abstract readonly log: RequestLogger;
  /**
   * Sends `notifications/progress` when the request carried `_meta.progressToken`; a no-op otherwise.
   * Progress must increase: a value not above the last one sent is dropped.
   */
  abstract progress(progress: number, total?: number, message?: string): Promise<void>;
  /**
   * `elicitation/create`; rejects with a clear error when the client did not declare `elicitation` (or the mode).
   * On MCP 2026-07-28 the question travels in an `input_required` result and the handler runs
   * again when the client retries with the answer (see docs/protocol-revisions.md).
   */
  abstract elicit(params: ElicitRequestFormParams | ElicitRequestURLParams, options?: AskOptions): Promise<ElicitResult>;
  /**
   * Typed elicitation: asks the user to fill in the form `armature build` made from `T` (a flat
   * object of string, number, integer, boolean and string-enum properties; titles,
   * descriptions, defaults, formats and limits from JSDoc) and stored under `options.key`.
   * Accepted content is checked against the form before it is returned as `T` (a mismatch
   * rejects with `ElicitAnswerError`); `decline` and `cancel` carry nothing. Asked like the
   * untyped form on both revisions and inside tasks. See docs/request-context.md.
   */
  abstract elicit<T extends object>(message: string, options: ElicitFormOptions): Promise<ElicitAnswer<T>>;
  /** `sampling/createMessage`; rejects when the client did not declare `sampling`. */
  abstract sample(params: CreateMessageRequestParams, options?: AskOptions): Promise<CreateMessageResult>;
  /** `roots/list`; rejects when the client did not declare `roots`. */
  abstract listRoots(options?: AskOptions): Promise<Root[]>;
  /**
   * For a tool declared `@Tool({ task: { support, start: 'handler' } })`: from here on the call
   * runs as a task. The request is answered with the task handle and the handler goes on; what
   * it asked before (2026: input-required rounds) was asked with the request. Resolves at once
   * and changes nothing when the request cannot take a task (an optional tool, a client that
   * did not ask for one) or already runs as one. See docs/tasks.md.
   */
  abstract startTask(): Promise<void>;
  /** The id of the task this handler runs as, if it runs as one. */
  abstract readonly taskId: string | undefined;
}
