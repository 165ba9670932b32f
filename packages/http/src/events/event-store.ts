import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';

/**
 * Storage behind SSE resumability (MCP 2025-11-25, transports §Resumability and Redelivery).
 *
 * Every message the server writes to an SSE stream is first appended here and gets an
 * event id; a client that lost the connection reconnects with `GET` and `Last-Event-ID`,
 * and the server replays what came after that id **on the same stream only**.
 *
 * Stream ids are chosen by the transport and are unique per session; the transport checks
 * that a `Last-Event-ID` belongs to one of the requesting session's streams before replaying,
 * so a store shared by many sessions (or processes) never leaks one client's events to another.
 *
 * Each method may answer synchronously (in-memory) or with a promise (a durable store such as
 * Redis or a database); the transport keeps each stream's events in order either way.
 *
 * A durable implementation must:
 * - return event ids that are unique across every stream it holds, made of visible ASCII
 *   without spaces, CR or LF (they are written verbatim on the SSE `id:` line);
 * - keep, for each stream, the order of `append` calls;
 * - make `streamOf` answer for every id it returned from `append` or `position` until the
 *   event is evicted, and `undefined` afterwards (the client then gets a fresh stream);
 * - bound its retention (events per stream, streams, age) — clients may never come back.
 */
export interface EventStore {
  /** Stores `message` as the next event of `streamId`; returns its event id. */
  append(streamId: string, message: JSONRPCMessage): string | Promise<string>;
  /**
   * Optional: appends `message` to `streamId` unless an event with the same `key` was appended
   * to it already (recently: a key needs to be remembered only for as long as one broadcast
   * takes to reach every instance); returns the new event id, or `undefined` when it was there.
   * Copies of one session on several instances each hear a broadcast and call this with the
   * broadcast's key, so the session's GET stream gets it once whether or not any instance
   * holds the stream's connection. Must be atomic (check and append in one step). Without it,
   * a broadcast is appended by the copy that holds the stream only.
   */
  appendOnce?(streamId: string, key: string, message: JSONRPCMessage): string | undefined | Promise<string | undefined>;
  /**
   * An event id standing for the current end of `streamId` without storing a message, used
   * for priming events: replaying after it yields everything appended later.
   */
  position(streamId: string): string | Promise<string>;
  /**
   * Optional: whether `eventId` has the shape of an id this store issues. A `Last-Event-ID`
   * that does not is answered 400 without a lookup; one that does but is unknown, 404.
   * Without it, any visible-ASCII id of at most 256 characters counts as well-formed.
   */
  isWellFormed?(eventId: string): boolean;
  /** The stream an event id belongs to, or `undefined` when unknown or evicted. */
  streamOf(eventId: string): string | undefined | Promise<string | undefined>;
  /**
   * Calls `send` for each event of the event's stream appended after `eventId`, in order,
   * and resolves when done. Events of other streams are never sent.
   */
  replayAfter(eventId: string, send: (eventId: string, message: JSONRPCMessage) => void): void | Promise<void>;
  /**
   * The stream will receive no more events (its response was sent, or its session ended).
   * The store may keep it a little longer for a late resume, then drop it.
   */
  endStream(streamId: string): void | Promise<void>;
  /**
   * Optional: the stream's request was cancelled, so it will receive no more events and has
   * nothing worth resuming; the store may drop it at once (a `Last-Event-ID` of it then
   * answers 404, and a client stops reconnecting). Without it, `endStream` is called instead.
   */
  forgetStream?(streamId: string): void | Promise<void>;
}
