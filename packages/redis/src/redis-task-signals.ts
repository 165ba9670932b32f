import type { TaskSignal, TaskSignals } from '@armature/core/tasks';
import { RedisChannel } from './redis-channel';
import type { RedisConnection, RedisConnectionOptions } from './redis-connection';
import type { RedisSubscriber } from './redis-subscriber';

/**
 * `TaskSignals` on Redis pub/sub: one channel (`<prefix>task-signals`), heard through a
 * subscriber connection (its own, or the one `redisScaleOut` shares with the bus).
 * Delivery is at most once, as pub/sub is: a signal sent while an instance is disconnected is
 * lost to it (its task then ends by itself or at expiry; the record is right either way).
 */
export class RedisTaskSignals extends RedisChannel<TaskSignal> implements TaskSignals {
  constructor(
    options: RedisConnectionOptions | RedisConnection,
    onError: (error: unknown) => void = () => undefined,
    subscriber?: RedisSubscriber,
  ) {
    super(options, 'task-signals', onError, subscriber);
  }

  async publish(signal: TaskSignal): Promise<void> {
    await this.redis.run('Task signalling', (client) => client.publish(this.channel, JSON.stringify(signal)));
  }

  subscribe(listener: (signal: TaskSignal) => void): () => void {
    const remove = this.listen(listener);
    return () => {
      remove();
      // Nobody left to signal here: the subscriber connection (when it is this object's own) goes.
      if (this.listeners.size === 0) void this.close();
    };
  }

  protected hear(message: string): void {
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
