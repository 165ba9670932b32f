import { randomBytes } from 'node:crypto';
import { type BusEvent, type NotificationBus } from '@armature/core/ports';
import { deliverBusEvent } from '@armature/core/internal';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';
import { RedisSubscriber } from './redis-subscriber';

/** Largest bus message read; a bigger one (never ours: answers are bounded by the body limit) is dropped. */
const MAX_MESSAGE_CHARS = 8 * 1024 * 1024;

/**
 * `NotificationBus` on Redis pub/sub: one channel (`<prefix>bus`) heard through one subscriber
 * connection (its own, or the one `redisScaleOut` shares with the task signals), however many
 * sessions and streams listen. `publish` delivers to
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
  private readonly subscriber: RedisSubscriber;
  private readonly ownsSubscriber: boolean;
  private unlisten: (() => void) | undefined;

  constructor(
    options: RedisConnectionOptions | RedisConnection,
    private readonly onError: (error: unknown) => void = () => undefined,
    subscriber?: RedisSubscriber,
  ) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
    this.channel = `${this.redis.prefix}bus`;
    this.ownsSubscriber = subscriber === undefined;
    this.subscriber = subscriber ?? new RedisSubscriber(this.redis, onError);
  }

  /** Delivers here, then publishes; settles once Redis took it (a failure is reported, never thrown). */
  publish(event: BusEvent): Promise<void> {
    deliverBusEvent(this.listeners, event, this.onError);
    const message = JSON.stringify({ o: this.instanceId, e: event });
    return this.redis.run('The notification bus', (client) => client.publish(this.channel, message)).then(() => undefined, this.onError);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    this.unlisten ??= this.subscriber.listen(this.channel, (message) => this.hear(message));
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the bus's channel is subscribed, so what other instances publish from now on is heard (never rejects). */
  async ready(): Promise<void> {
    this.unlisten ??= this.subscriber.listen(this.channel, (message) => this.hear(message));
    await this.subscriber.ready();
  }

  /** Stops listening; closes the subscriber connection when it is this bus's own. */
  async close(): Promise<void> {
    this.unlisten?.();
    this.unlisten = undefined;
    if (this.ownsSubscriber) await this.subscriber.close();
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
