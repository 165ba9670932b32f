import type { SessionChange } from '@armature/core/internal';
import type { ClientCapabilities, Implementation, LoggingLevel } from '@armature/core/wire/2025-11-25';

/**
 * What a 2025-11-25 Streamable HTTP session needs so that any instance can serve it: the
 * facts of its `initialize`, what `logging/setLevel` and `resources/subscribe` changed since,
 * and the prefix of its SSE stream ids (so a stream can be resumed on another instance).
 */
export interface StoredSession {
  readonly id: string;
  /** `principalKey` of the principal that opened it (a digest of issuer, subject and client id); only that principal may use it. */
  readonly principal?: string;
  /** The negotiated protocol version. */
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo?: Implementation;
  readonly logLevel?: LoggingLevel;
  readonly subscriptions: readonly string[];
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
}
