import { RedisConnection, type RedisConnectionOptions } from './redis-connection';
import { RedisSubscriber } from './redis-subscriber';

/**
 * One pub/sub channel (`<prefix><name>`) with this process's listeners: what the notification bus
 * and the task signals share. Messages are heard through a subscriber connection, the object's
 * own or one shared by `redisScaleOut`; each subclass publishes and reads its own message shape.
 */
export abstract class RedisChannel<T> {
  protected readonly redis: RedisConnection;
  protected readonly channel: string;
  protected readonly listeners = new Set<(value: T) => void>();
  private readonly subscriber: RedisSubscriber;
  /** Whether the subscriber is this object's own (closed with it). */
  private readonly ownsSubscriber: boolean;
  private unlisten: (() => void) | undefined;

  protected constructor(
    options: RedisConnectionOptions | RedisConnection,
    name: string,
    protected readonly onError: (error: unknown) => void,
    subscriber: RedisSubscriber | undefined,
  ) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
    this.channel = `${this.redis.prefix}${name}`;
    this.ownsSubscriber = subscriber === undefined;
    this.subscriber = subscriber ?? new RedisSubscriber(this.redis, onError);
  }

  /** Adds `listener`, subscribing the channel on first use; returns the removal. */
  protected listen(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    this.startHearing();
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the channel is subscribed, so what others publish from now on is heard (never rejects). */
  async ready(): Promise<void> {
    this.startHearing();
    await this.subscriber.ready();
  }

  /** Stops listening; closes the subscriber connection when it is this object's own. */
  async close(): Promise<void> {
    this.unlisten?.();
    this.unlisten = undefined;
    if (this.ownsSubscriber) await this.subscriber.close();
  }

  /** One message published on the channel (by any instance, this one included). */
  protected abstract hear(message: string): void;

  private startHearing(): void {
    this.unlisten ??= this.subscriber.listen(this.channel, (message) => this.hear(message));
  }
}
