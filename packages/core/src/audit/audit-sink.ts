import type { RequestId } from '../wire/mcp-types.generated';

/** What an audit record is about: a call starting, answered, or ending in an error or abort. */
export type AuditEventType = 'call.started' | 'call.finished' | 'call.failed';

/**
 * How a call ended: `ok`, `input_required` (a 2026-07-28 answer asking the client first; its
 * retry is a call of its own), `task` (the call became a task and was answered with its
 * handle), `tool_error` (a `tools/call` result with `isError: true`), `error` (a JSON-RPC error
 * response, `errorCode` says which) or `cancelled` (the client cancelled or went away).
 */
export type AuditOutcome = 'ok' | 'input_required' | 'task' | 'tool_error' | 'error' | 'cancelled';

/** One audit record: a `tools/call`, `resources/read` or `prompts/get` starting or ending. */
export interface AuditEvent {
  readonly type: AuditEventType;
  /** ISO 8601, when the kernel took the request (started) or answered it (finished, failed). */
  readonly time: string;
  readonly method: 'tools/call' | 'resources/read' | 'prompts/get';
  readonly requestId: RequestId;
  /** `principalKey` of the caller (a digest: no user identifier), null without authentication. */
  readonly principal: string | null;
  /** The 2025 Streamable HTTP session (`Mcp-Session-Id`), when there is one. */
  readonly session?: string;
  /** The revision the call is served under (`2025-11-25`, `2026-07-28`), when known. */
  readonly protocolVersion?: string;
  /** `tools/call`: the tool (cut at 256 characters). */
  readonly tool?: string;
  /** `tools/call` of a tool `armature build` described: its schema fingerprint (`sha256-…`). */
  readonly fingerprint?: string;
  /** `prompts/get`: the prompt (cut at 256 characters). */
  readonly prompt?: string;
  /** `resources/read`: the URI (cut at 256 characters). */
  readonly uri?: string;
  /**
   * `call.started` of a served tool: its arguments as sent, every value marked `@sensitive`
   * replaced by `"[redacted]"`. Absent for a tool the server does not serve.
   */
  readonly arguments?: unknown;
  /** `call.finished`, `call.failed`: milliseconds from started to answered. */
  readonly durationMs?: number;
  readonly outcome?: AuditOutcome;
  /** `outcome: 'error'`: the JSON-RPC error code. */
  readonly errorCode?: number;
}

/**
 * Where audit records go: the app's `audit` option. `record` is called on the request path,
 * so it should hand the event off and return; a sink that throws is reported once in the
 * server log and never breaks a call. `close` runs when the app closes (flush, release files).
 * `JsonLinesAuditSink` writes JSON lines to a file or stderr; `@armature/otel` has one that
 * emits OpenTelemetry log records.
 */
export interface AuditSink {
  record(event: AuditEvent): void;
  close?(): Promise<void>;
}
