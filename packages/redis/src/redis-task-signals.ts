import type { TaskSignal, TaskSignals } from '@armature/core/tasks';
import type { RedisClient } from './redis-connection';
import { RedisConnection, type RedisConnectionOptions, release } from './redis-connection';

/**
 * `TaskSignals` on Redis pub/sub: one channel (`<prefix>task-signals`), a subscriber
 * connection of its own (a duplicate of the command client, opened on the first subscribe).
 * Delivery is at most once, as pub/sub is: a signal sent while an instance is disconnected is
 * lost to it (its task then ends by itself or at expiry; the record is right either way).
 */
export class RedisTaskSignals implements TaskSignals {
  private readonly redis: RedisConnection;
  private readonly channel: string;
  private readonly listeners = new Set<(signal: TaskSignal) => void>();
  private subscriber: RedisClient | undefined;
  private subscribing: Promise<void> | undefined;

  constructor(
    options: RedisConnectionOptions | RedisConnection,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
    this.channel = `${this.redis.prefix}task-signals`;
  }

  async publish(signal: TaskSignal): Promise<void> {
    await this.redis.run('Task signalling', (client) => client.publish(this.channel, JSON.stringify(signal)));
  }

  subscribe(listener: (signal: TaskSignal) => void): () => void {
    this.listeners.add(listener);
    this.subscribing ??= this.open().catch((error: unknown) => {
      this.subscribing = undefined;
      this.onError(error);
    });
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.close();
    };
  }

  /** Closes the subscriber connection. */
  async close(): Promise<void> {
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
    // node-redis re-subscribes by itself after a reconnect.
    await subscriber.subscribe(this.channel, (message: string) => this.deliver(message));
  }

  private deliver(message: string): void {
    let signal: TaskSignal;
    try {
      signal = JSON.parse(message) as TaskSignal;
    } catch {
      return;
    }
    if (typeof signal !== 'object' || signal === null || typeof signal.taskId !== 'string') return;
    for (const listener of this.listeners) {
      try {
        listener(signal);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
