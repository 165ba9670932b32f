import type { TaskSignal, TaskSignals } from '@armature/core/tasks';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';
import { RedisSubscriber } from './redis-subscriber';

/**
 * `TaskSignals` on Redis pub/sub: one channel (`<prefix>task-signals`), heard through a
 * subscriber connection (its own, or the one `redisScaleOut` shares with the bus).
 * Delivery is at most once, as pub/sub is: a signal sent while an instance is disconnected is
 * lost to it (its task then ends by itself or at expiry; the record is right either way).
 */
export class RedisTaskSignals implements TaskSignals {
  private readonly redis: RedisConnection;
  private readonly channel: string;
  private readonly listeners = new Set<(signal: TaskSignal) => void>();
  private readonly subscriber: RedisSubscriber;
  /** Whether the subscriber is this object's own (closed with it and when nobody listens). */
  private readonly ownsSubscriber: boolean;
  private unlisten: (() => void) | undefined;

  constructor(
    options: RedisConnectionOptions | RedisConnection,
    private readonly onError: (error: unknown) => void = () => undefined,
    subscriber?: RedisSubscriber,
  ) {
    this.redis = options instanceof RedisConnection ? options : new RedisConnection(options);
    this.channel = `${this.redis.prefix}task-signals`;
    this.ownsSubscriber = subscriber === undefined;
    this.subscriber = subscriber ?? new RedisSubscriber(this.redis, onError);
  }

  async publish(signal: TaskSignal): Promise<void> {
    await this.redis.run('Task signalling', (client) => client.publish(this.channel, JSON.stringify(signal)));
  }

  subscribe(listener: (signal: TaskSignal) => void): () => void {
    this.listeners.add(listener);
    this.unlisten ??= this.subscriber.listen(this.channel, (message) => this.deliver(message));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.close();
    };
  }

  /** Stops listening; closes the subscriber connection when it is this object's own. */
  async close(): Promise<void> {
    this.unlisten?.();
    this.unlisten = undefined;
    if (this.ownsSubscriber) await this.subscriber.close();
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
