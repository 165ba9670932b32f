import type { JSONRPCMessage, LoggingLevel } from '../wire/mcp-types.generated';

/** The lists whose changes are broadcast (`notifications/<list>/list_changed`). */
export type ListKind = 'tools' | 'resources' | 'prompts';

/**
 * What one instance tells the others (and itself). The first two are the app's broadcasts;
 * the `session_*` events keep the live copies of one 2025 session on several instances in
 * step (Streamable HTTP serves a session on any instance that can read its stored state). They
 * name the session by `sessionKey`, a non-secret key (Streamable HTTP: the lookup part of the
 * session id), so whoever can read the bus learns no usable session id.
 */
export type BusEvent =
  /** `notifications/<list>/list_changed` for every session and listen stream. */
  | { readonly type: 'list_changed'; readonly list: ListKind; readonly eventKey?: string }
  /** `notifications/resources/updated` for the subscribers of `uri`. */
  | { readonly type: 'resource_updated'; readonly uri: string; readonly eventKey?: string }
  /** The session ended (DELETE, or its stored state expired): every copy closes. */
  | { readonly type: 'session_ended'; readonly sessionKey: string }
  /** `notifications/initialized`, `logging/setLevel` or `resources/(un)subscribe` reached one copy of the session: the others apply it. */
  | {
      readonly type: 'session_changed';
      readonly sessionKey: string;
      readonly initialized?: true;
      readonly logLevel?: LoggingLevel;
      readonly subscribe?: string;
      readonly unsubscribe?: string;
    }
  /** A message for the session's GET stream from a copy that does not write that stream, when there is no event store to put it in. */
  | { readonly type: 'session_message'; readonly sessionKey: string; readonly message: JSONRPCMessage }
  /** A copy that does not write the session's GET stream appended an event to it in the event store: the writer reads it from there. */
  | { readonly type: 'stream_appended'; readonly sessionKey: string }
  /** A GET stream of the session was opened on `holder`: the other copies stop writing to that stream. */
  | { readonly type: 'stream_claimed'; readonly sessionKey: string; readonly holder: string }
  /** A task's new state (`tasks/get` shape, MCP 2026-07-28), for the listen streams of its owner following it. */
  | { readonly type: 'task_status'; readonly owner: string; readonly taskId: string; readonly task: Readonly<Record<string, unknown>> }
  /** A client's answer to a server→client request of the copy on instance `to`, received elsewhere. */
  | { readonly type: 'client_reply'; readonly sessionKey: string; readonly to: string; readonly message: JSONRPCMessage };

/**
 * The notification bus port: how broadcasts and session changes reach every instance of one
 * server. The default (`InMemoryNotificationBus`) is one process's local delivery;
 * `@armature/redis` has one on Redis pub/sub.
 *
 * `publish` delivers to this process's listeners synchronously, before it returns or
 * settles, exactly as a local broadcast always did, and to other instances as the
 * implementation can (at most once); a listener never sees an event twice. It may return a
 * promise that settles once the other instances can see the event (Redis: the `PUBLISH` was
 * acknowledged), so a caller that must order an answer after the event can wait for it.
 * It never throws; failures go to the implementation's error report.
 */
export interface NotificationBus {
  /** This process's id on the bus (the `to`/`holder` of session events); visible ASCII, without spaces. */
  readonly instanceId: string;
  /** Whether other instances hear what this one publishes (false: one process, nothing to keep in step). */
  readonly shared: boolean;
  publish(event: BusEvent): void | Promise<void>;
  /** Adds a listener; returns its removal. */
  subscribe(listener: (event: BusEvent) => void): () => void;
}
