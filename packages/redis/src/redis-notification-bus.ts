import { randomBytes } from 'node:crypto';
import { type BusEvent, type NotificationBus, deliverBusEvent } from '@armature/core';
import type { RedisClient } from './redis-connection';
import { RedisConnection, type RedisConnectionOptions, release } from './redis-connection';

/** Largest bus message read; a bigger one (never ours: answers are bounded by the body limit) is dropped. */
const MAX_MESSAGE_CHARS = 8 * 1024 * 1024;

/**
 * `NotificationBus` on Redis pub/sub: one channel (`<prefix>bus`) and one subscriber connection
 * per bus (one per process), however many sessions and streams listen. `publish` delivers to
 * this process's listeners at once and sends the event to the others; each instance ignores
 * what it sent itself, so nobody hears an event twice. Delivery to other instances is at most
 * once, as pub/sub is: an instance disconnected from Redis misses what is published meanwhile.
 */
export class RedisNotificationBus implements NotificationBus {
  readonly instanceId = randomBytes(6).toString('hex');
  readonly shared = true;
  private readonly redis: RedisConnection;
  private readonly channel: string;
  private readonly listeners = new Set<(event: BusEvent) => void>();
  private subscriber: RedisClient | undefined;
  private subscribing: Promise<void> | undefined;
  private closed = false;

  constructor(
    options: RedisConnectionOptions | RedisConnection,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
    this.channel = `${this.redis.prefix}bus`;
  }

  /** Delivers here, then publishes; settles once Redis took it (a failure is reported, never thrown). */
  publish(event: BusEvent): Promise<void> {
    deliverBusEvent(this.listeners, event, this.onError);
    const message = JSON.stringify({ o: this.instanceId, e: event });
    return this.redis.run('The notification bus', (client) => client.publish(this.channel, message)).then(() => undefined, this.onError);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    void this.ready();
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the subscriber connection listens (or rejects when Redis cannot be reached; it retries on the next call). */
  ready(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.subscribing ??= this.open().catch((error: unknown) => {
      this.subscribing = undefined;
      this.onError(error);
      throw error;
    });
    return this.subscribing.catch(() => undefined);
  }

  /** Closes the subscriber connection. */
  async close(): Promise<void> {
    this.closed = true;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.subscribing = undefined;
    if (subscriber !== undefined) await release(subscriber);
  }

  private async open(): Promise<void> {
    const subscriber = this.redis.client.duplicate();
    subscriber.on('error', (error: Error) => this.onError(error));
    this.subscriber = subscriber;
    await subscriber.connect();
    // node-redis subscribes again by itself after a reconnect.
    await subscriber.subscribe(this.channel, (message: string) => this.hear(message));
  }

  private hear(message: string): void {
    if (message.length > MAX_MESSAGE_CHARS) return;
    let parsed: { o?: unknown; e?: { type?: unknown } };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.o === this.instanceId || typeof parsed.e?.type !== 'string') return;
    deliverBusEvent(this.listeners, parsed.e as BusEvent, this.onError);
  }
}
