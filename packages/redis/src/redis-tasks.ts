import { RedisConnection, type RedisConnectionOptions } from './redis-connection';
import { RedisTaskSignals } from './redis-task-signals';
import { RedisTaskStore } from './redis-task-store';

/** What `redisTasks` gives: the `tasks` options of `Armature.create`, and how to let go of Redis. */
export interface RedisTasks {
  readonly store: RedisTaskStore;
  readonly signals: RedisTaskSignals;
  /** Closes the subscriber and (when this package opened it) the command connection; after `app.close()`. */
  close(): Promise<void>;
}

/**
 * Tasks shared by every instance on one Redis: records (`RedisTaskStore`) and the signals that
 * reach a task's running instance from any other (`RedisTaskSignals`).
 *
 * ```ts
 * const tasks = redisTasks({ url: process.env.REDIS_URL });
 * const app = await Armature.create(AppModule, { name, version, tasks: { store: tasks.store, signals: tasks.signals } });
 * ```
 */
export function redisTasks(options: RedisConnectionOptions): RedisTasks {
  const connection = new RedisConnection(options);
  const store = new RedisTaskStore(connection);
  const signals = new RedisTaskSignals(connection, (error) => options.onError?.(error instanceof Error ? error : new Error(String(error))));
  return {
    store,
    signals,
    async close() {
      await signals.close();
      await connection.close();
    },
  };
}
