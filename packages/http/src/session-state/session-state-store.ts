import type { SessionChange } from '@armature/core/internal';
import type { ListKind } from '@armature/core/ports';
import type { ClientCapabilities, Implementation, LoggingLevel } from '@armature/core/wire/2025-11-25';

/**
 * What a 2025-11-25 Streamable HTTP session needs so that any instance can serve it: the
 * facts of its `initialize`, what `logging/setLevel` and `resources/subscribe` changed since,
 * and the prefix of its SSE stream ids (so a stream can be resumed on another instance).
 */
export interface StoredSession {
  readonly id: string;
  /** The session's non-secret key (the lookup part of its id, as the bus names it), for the subscription index. */
  readonly key?: string;
  /** `principalKey` of the principal that opened it (a digest of issuer, subject and client id); only that principal may use it. */
  readonly principal?: string;
  /** The negotiated protocol version. */
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo?: Implementation;
  readonly logLevel?: LoggingLevel;
  readonly subscriptions: readonly string[];
  /**
   * The lists whose `list_changed` the session is told (the server's capabilities it was
   * answered at `initialize`), for the index of all stored sessions; absent: none.
   */
  readonly lists?: readonly ListKind[];
  /** Prefix of the session's SSE stream ids (its GET stream is `<streamPrefix>.0`). */
  readonly streamPrefix: string;
  /** Ms since epoch. */
  readonly createdAt: number;
  /** When an instance last served it (ms since epoch; updated at most every few seconds per instance). */
  readonly lastSeenAt: number;
}

/**
 * The session state port of `@armature/http`. The default (`InMemorySessionStore`) is this
 * process's; `@armature/redis` keeps it in Redis so a request carrying an `Mcp-Session-Id`
 * this instance does not hold is served from the stored state instead of 404.
 *
 * Each method may answer synchronously (in memory) or with a promise. A failing method
 * rejects (or throws); the transport then answers 503 and keeps serving. TTLs are sliding:
 * `ttlMs` is the session idle timeout (0: none).
 */
export interface SessionStateStore {
  /**
   * Whether other instances read this store. When false a session is served by the instance
   * that opened it only, and the transport writes nothing to it (the live session is the
   * state): one process pays nothing for the port.
   */
  readonly shared: boolean;
  create(session: StoredSession, ttlMs: number): void | Promise<void>;
  /** The stored session, or undefined when unknown, expired or deleted. */
  get(id: string): StoredSession | undefined | Promise<StoredSession | undefined>;
  /** Slides the TTL; false when the session is no longer stored (ended elsewhere, or expired). */
  touch(id: string, ttlMs: number): boolean | Promise<boolean>;
  /** Applies a `logging/setLevel` or `resources/(un)subscribe` the session served. */
  change(id: string, change: SessionChange, ttlMs: number): void | Promise<void>;
  delete(id: string): void | Promise<void>;
  /**
   * Optional subscription index: the stored sessions subscribed to `uri` (not expired, at most
   * the store's own fan-out limit). The instance that raises `notifications/resources/updated`
   * appends it to the GET stream of each such session that no copy on it holds, so a session no
   * live instance holds right then still gets the event when its client resumes. Entries follow
   * the session: added by `change` (subscribe) or `create`, slid by `touch`, removed by
   * `change` (unsubscribe) and `delete`, and gone once the session's TTL lapses.
   */
  subscribersOf?(uri: string): readonly IndexedSession[] | Promise<readonly IndexedSession[]>;
  /**
   * Optional index of all stored sessions: those told `notifications/<list>/list_changed` (their
   * `lists` name it; not expired, at most the store's fan-out limit). The instance that raises a
   * list change appends it to the GET stream of each such session no copy on it holds, as for
   * `subscribersOf`. Entries are added by `create`, slid by `touch`, removed by `delete`, and
   * gone (pruned) once the session's TTL lapses.
   */
  sessionsServed?(list: ListKind): readonly IndexedSession[] | Promise<readonly IndexedSession[]>;
  /**
   * Optional, with `sessionsServed`: a session stored before its store kept `lists` (an older
   * version wrote it) gets them now and joins the index of all sessions, so a `list_changed`
   * raised while no instance holds it still reaches it. Called when an instance loads such a
   * session; a no-op when the session is gone or has its `lists` already (never overwritten).
   */
  indexLists?(id: string, lists: readonly ListKind[], ttlMs: number): void | Promise<void>;
}

/** A stored session as the subscription index names it: enough to reach its GET stream, nothing secret. */
export interface IndexedSession {
  /** The session's non-secret key (`StoredSession.key`; '' when it was stored without one). */
  readonly key: string;
  /** Its stream prefix: the GET stream is `<streamPrefix>.0`. */
  readonly streamPrefix: string;
}
