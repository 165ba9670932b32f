import type { SessionChange } from '@armature/core/internal';
import type { ListKind } from '@armature/core/ports';
import type { JSONRPCMessage, JSONRPCRequest, LoggingLevel, RequestId } from '@armature/core/wire/2025-11-25';
import type { StoredSession } from '../session-state/session-state-store';

/** What a session's stored facts are made of at `initialize` (the rest comes from the store's side). */
export type OpenedSession = Pick<StoredSession, 'protocolVersion' | 'clientCapabilities' | 'clientInfo' | 'lists'>;

const LIST_KINDS: readonly ListKind[] = ['tools', 'resources', 'prompts'];

/**
 * A session copy as its synchronisation sees it (`HttpSessionTransport` is one; an interface,
 * so this file and the transport that uses it form no import circle).
 */
export interface SyncedSession {
  readonly sessionId: string;
}

/**
 * How a session transport keeps its stored state and its copies on other instances in step
 * (the engine implements it). `opened` and `changed` are awaited, when they return a promise,
 * before the answer they follow goes out, so the client's next request finds them on any instance.
 */
export interface SessionSync {
  opened(session: SyncedSession, facts: OpenedSession): void | Promise<void>;
  changed(session: SyncedSession, change: SessionChange): void | Promise<void>;
  /** A GET stream of the session was opened or resumed here: this copy now writes it. */
  claimed(session: SyncedSession): void;
  /** A message for the session's GET stream, which another instance's copy writes (no event store to put it in). */
  toStream(session: SyncedSession, message: JSONRPCMessage): void;
  /** This copy appended to the session's GET stream in the event store: the copy that writes the stream reads it. */
  appended(session: SyncedSession): void;
  /** A client's answer to a server→client request issued by the copy on instance `to`. */
  forward(session: SyncedSession, message: JSONRPCMessage, to: string): void;
  /** The session's initialize failed storing its state: whatever of it reached the store goes (best effort). */
  abandoned(session: SyncedSession): void;
  /** An event-store append of the session under way, which shutdown waits for (within its window) before the store closes. */
  pending(append: Promise<unknown>): void;
}

/** The change a request makes to its session's state if it succeeds (setLevel, subscribe, unsubscribe), else undefined. */
export function changeOf(request: JSONRPCRequest): SessionChange | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  switch (request.method) {
    case 'logging/setLevel':
      return typeof params?.level === 'string' ? { logLevel: params.level as LoggingLevel } : undefined;
    case 'resources/subscribe':
      return typeof params?.uri === 'string' ? { subscribe: params.uri } : undefined;
    case 'resources/unsubscribe':
      return typeof params?.uri === 'string' ? { unsubscribe: params.uri } : undefined;
    default:
      return undefined;
  }
}

/** What `initialize` params establish (the version is the negotiated one, from the result). */
export function openedFacts(params: unknown, result: unknown): OpenedSession | undefined {
  const p = params as { capabilities?: unknown; clientInfo?: unknown } | undefined;
  const answered = result as
    { protocolVersion?: unknown; capabilities?: Record<string, { listChanged?: unknown } | undefined> } | undefined;
  const version = answered?.protocolVersion;
  if (typeof version !== 'string' || typeof p?.capabilities !== 'object' || p.capabilities === null) return undefined;
  // The lists the server promised to tell changes of (`capabilities.<list>.listChanged`).
  const lists = LIST_KINDS.filter((list) => answered?.capabilities?.[list]?.listChanged === true);
  return {
    protocolVersion: version,
    lists,
    clientCapabilities: p.capabilities as OpenedSession['clientCapabilities'],
    ...(typeof p.clientInfo === 'object' && p.clientInfo !== null ? { clientInfo: p.clientInfo as OpenedSession['clientInfo'] } : {}),
  };
}

/** The instance a string server→client request id names (`<instanceId>-<n>`), or undefined. */
export function instanceOfReply(id: RequestId | undefined): string | undefined {
  if (typeof id !== 'string') return undefined;
  const dash = id.indexOf('-');
  return dash > 0 && dash <= 64 ? id.slice(0, dash) : undefined;
}

/** The error sent instead of an answer whose state could not be stored. */
export function storeFailure(id: RequestId): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: -32603, message: 'Internal error: the session store is unavailable right now; try again in a few seconds' },
  };
}

/** Broadcasts every copy of a session hears for itself: never forwarded to the copy that writes the GET stream. */
export function isBroadcast(message: JSONRPCMessage): boolean {
  const method = (message as { method?: unknown }).method;
  return method === 'notifications/resources/updated' || (typeof method === 'string' && method.endsWith('/list_changed'));
}
