import { randomBytes } from 'node:crypto';
import { type BusEvent, type NotificationBus } from '@armature/core/ports';
import { deliverBusEvent } from '@armature/core/internal';
import { RedisChannel } from './redis-channel';
import type { RedisConnection, RedisConnectionOptions } from './redis-connection';
import type { RedisSubscriber } from './redis-subscriber';

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
export class RedisNotificationBus extends RedisChannel<BusEvent> implements NotificationBus {
  readonly instanceId = randomBytes(6).toString('hex');
  readonly shared = true;

  constructor(
    options: RedisConnectionOptions | RedisConnection,
    onError: (error: unknown) => void = () => undefined,
    subscriber?: RedisSubscriber,
  ) {
    super(options, 'bus', onError, subscriber);
  }

  /** Delivers here, then publishes; settles once Redis took it (a failure is reported, never thrown). */
  publish(event: BusEvent): Promise<void> {
    deliverBusEvent(this.listeners, event, this.onError);
    const message = JSON.stringify({ o: this.instanceId, e: event });
    return this.redis.run('The notification bus', (client) => client.publish(this.channel, message)).then(() => undefined, this.onError);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    return this.listen(listener);
  }

  protected hear(message: string): void {
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
