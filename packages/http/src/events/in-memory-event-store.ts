import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import type { EventStore } from './event-store';

/** Limits of the in-memory event store. */
export interface InMemoryEventStoreOptions {
  /** Events kept per stream; older ones are dropped first. Default 1000. */
  readonly maxEventsPerStream?: number;
  /** Streams kept in all; the least recently written is dropped first. Default 10 000. */
  readonly maxStreams?: number;
  /** How long an ended stream stays resumable, in ms. Default 60 000. */
  readonly endedStreamTtlMs?: number;
  /** `appendOnce` keys remembered per stream, oldest forgotten first. Default 256: far more broadcasts than are in flight at once. */
  readonly onceKeysPerStream?: number;
}

interface StoredStream {
  /** Sequence number of `events[0]`. */
  first: number;
  /** Sequence number the next event gets. */
  next: number;
  readonly events: JSONRPCMessage[];
  /** When the stream ended (ms since epoch), 0 while live. */
  endedAt: number;
  /** Keys of the latest `appendOnce` calls, oldest first (at most `onceKeysPerStream`). */
  onceKeys?: string[];
}

/**
 * The default `EventStore`: bounded, in process memory, lost on restart. Event ids are
 * `<streamId>_<sequence>`, so an id names its stream even after its events are evicted.
 */
export class InMemoryEventStore implements EventStore {
  private readonly streams = new Map<string, StoredStream>();
  private readonly maxEvents: number;
  private readonly maxStreams: number;
  private readonly endedTtl: number;
  private readonly onceKeys: number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.maxEvents = options.maxEventsPerStream ?? 1000;
    this.maxStreams = options.maxStreams ?? 10_000;
    this.endedTtl = options.endedStreamTtlMs ?? 60_000;
    this.onceKeys = options.onceKeysPerStream ?? 256;
  }

  append(streamId: string, message: JSONRPCMessage): string {
    const stream = this.touch(streamId);
    stream.events.push(message);
    if (stream.events.length > this.maxEvents) {
      stream.events.shift();
      stream.first++;
    }
    return `${streamId}_${stream.next++}`;
  }

  appendOnce(streamId: string, key: string, message: JSONRPCMessage): string | undefined {
    const keys = (this.touch(streamId).onceKeys ??= []);
    if (keys.includes(key)) return undefined;
    keys.push(key);
    if (keys.length > this.onceKeys) keys.shift();
    return this.append(streamId, message);
  }

  position(streamId: string): string {
    return `${streamId}_${this.touch(streamId).next - 1}`;
  }

  /** `<streamId>_<sequence>`, the shape of every id this store issues. */
  isWellFormed(eventId: string): boolean {
    return parse(eventId) !== undefined;
  }

  streamOf(eventId: string): string | undefined {
    const parsed = parse(eventId);
    if (parsed === undefined) return undefined;
    const stream = this.live(parsed.streamId);
    // An id older than what is retained cannot be resumed without loss: treat it as unknown.
    if (stream === undefined || parsed.seq < stream.first - 1 || parsed.seq >= stream.next) return undefined;
    return parsed.streamId;
  }

  replayAfter(eventId: string, send: (eventId: string, message: JSONRPCMessage) => void): void {
    const parsed = parse(eventId);
    if (parsed === undefined) return;
    const stream = this.live(parsed.streamId);
    if (stream === undefined) return;
    // Copy first: `send` may append to this stream synchronously.
    const start = Math.max(parsed.seq + 1, stream.first);
    const end = stream.next;
    const events = stream.events.slice(start - stream.first, end - stream.first);
    for (let i = 0; i < events.length; i++) send(`${parsed.streamId}_${start + i}`, events[i]);
  }

  endStream(streamId: string): void {
    const stream = this.streams.get(streamId);
    if (stream !== undefined && stream.endedAt === 0) stream.endedAt = Date.now();
  }

  forgetStream(streamId: string): void {
    this.streams.delete(streamId);
  }

  /** Number of streams currently held (for tests and metrics). */
  get size(): number {
    return this.streams.size;
  }

  private touch(streamId: string): StoredStream {
    let stream = this.streams.get(streamId);
    if (stream !== undefined) {
      // Re-insert so Map order is least-recently-written first.
      this.streams.delete(streamId);
      this.streams.set(streamId, stream);
      return stream;
    }
    stream = { first: 1, next: 1, events: [], endedAt: 0 };
    this.streams.set(streamId, stream);
    this.evict();
    return stream;
  }

  private live(streamId: string): StoredStream | undefined {
    const stream = this.streams.get(streamId);
    if (stream !== undefined && stream.endedAt !== 0 && Date.now() - stream.endedAt > this.endedTtl) {
      this.streams.delete(streamId);
      return undefined;
    }
    return stream;
  }

  private evict(): void {
    const now = Date.now();
    for (const [id, stream] of this.streams) {
      if (this.streams.size <= this.maxStreams && (stream.endedAt === 0 || now - stream.endedAt <= this.endedTtl)) break;
      if (this.streams.size > this.maxStreams || stream.endedAt !== 0) this.streams.delete(id);
    }
  }
}

function parse(eventId: string): { streamId: string; seq: number } | undefined {
  const at = eventId.lastIndexOf('_');
  if (at <= 0) return undefined;
  const digits = eventId.slice(at + 1);
  if (!/^\d{1,15}$/.test(digits)) return undefined;
  const seq = Number(digits);
  return { streamId: eventId.slice(0, at), seq };
}
