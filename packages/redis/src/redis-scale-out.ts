import type { NotificationBus, RateLimitStore, RequestStateNonces } from '@armature/core/ports';
import type { TaskSignals, TaskStore } from '@armature/core/tasks';
import type { EventStore, SessionStateStore } from '@armature/http';
import { RedisConnection, type RedisConnectionOptions } from './redis-connection';
import { RedisEventStore, type RedisEventStoreOptions } from './redis-event-store';
import { RedisNotificationBus } from './redis-notification-bus';
import { RedisRateLimitStore, type RedisRateLimitOptions } from './redis-rate-limits';
import { RedisRequestStateNonces } from './redis-request-state-nonces';
import { RedisSessionStore, type RedisSessionStoreOptions } from './redis-session-store';
import { RedisSubscriber } from './redis-subscriber';
import { RedisTaskSignals } from './redis-task-signals';
import { RedisTaskStore } from './redis-task-store';

/** Options of `redisScaleOut`: the connection's, plus the event store's limits. */
export interface RedisScaleOutOptions extends RedisConnectionOptions {
  readonly events?: RedisEventStoreOptions;
  /** The session store's limits (`maxFanOut`). */
  readonly sessions?: RedisSessionStoreOptions;
  /** How rate-limit checks behave while Redis is unreachable (`whenUnavailable`, `rateLimitTimeoutMs`). */
  readonly rateLimits?: Pick<RedisRateLimitOptions, 'whenUnavailable' | 'rateLimitTimeoutMs'>;
  /**
   * The key that seals MCP 2026-07-28 `requestState`, passed on in `appOptions`. It is not kept
   * in Redis: every instance must be given the same one (from the environment or a secret store),
   * or a client's retry on another instance is refused.
   */
  readonly requestStateKey?: string | Uint8Array;
}

/** Every shared-state port on one Redis connection, ready to spread into the app's and the HTTP endpoint's options. */
export interface RedisScaleOut {
  readonly connection: RedisConnection;
  readonly bus: RedisNotificationBus;
  readonly sessionStore: RedisSessionStore;
  readonly eventStore: RedisEventStore;
  readonly taskStore: RedisTaskStore;
  readonly taskSignals: RedisTaskSignals;
  readonly rateLimits: RedisRateLimitStore;
  readonly requestStateNonces: RedisRequestStateNonces;
  /** The one subscriber connection the bus and the task signals share. */
  readonly subscriber: RedisSubscriber;
  /** For `Armature.create(Root, { name, version, ...scale.appOptions })`. */
  readonly appOptions: {
    readonly bus: NotificationBus;
    readonly tasks: { readonly store: TaskStore; readonly signals: TaskSignals };
    readonly rateLimitStore: RateLimitStore;
    readonly requestStateNonces: RequestStateNonces;
    readonly requestStateKey?: string | Uint8Array;
  };
  /** For `listenHttp(app, { port, ...scale.httpOptions })` (or `createHttpHandler`). */
  readonly httpOptions: { readonly sessionStore: SessionStateStore; readonly eventStore: EventStore };
  /** Resolves once the bus listens, so events published from now on reach this instance. */
  ready(): Promise<void>;
  /** Closes the subscriber connections and the connection (after `app.close()` and the listener's close). */
  close(): Promise<void>;
}

/**
 * One configuration entry for running several instances of a server on one Redis: 2025
 * sessions served by any instance, resumable SSE on Redis Streams, broadcasts and session
 * changes on pub/sub, answers to server→client requests routed to the instance that awaits
 * them, tasks (`redisTasks`) and rate-limit budgets (`redisRateLimits`). Give every instance
 * the same `requestStateKey`. See docs/deploying.md.
 */
export function redisScaleOut(options: RedisScaleOutOptions): RedisScaleOut {
  const connection = new RedisConnection(options);
  const report = (error: unknown): void => options.onError?.(error instanceof Error ? error : new Error(String(error)));
  // One subscriber connection per instance, for the bus and the task signals alike.
  const subscriber = new RedisSubscriber(connection, report);
  const bus = new RedisNotificationBus(connection, report, subscriber);
  const sessionStore = new RedisSessionStore(connection, options.sessions);
  const eventStore = new RedisEventStore(connection, options.events);
  const taskStore = new RedisTaskStore(connection);
  const taskSignals = new RedisTaskSignals(connection, report, subscriber);
  const rateLimits = new RedisRateLimitStore(
    { ...options.rateLimits, ...(options.onError === undefined ? {} : { onError: options.onError }) },
    connection,
  );
  const requestStateNonces = new RedisRequestStateNonces(options, connection);
  return {
    connection,
    bus,
    sessionStore,
    eventStore,
    taskStore,
    taskSignals,
    rateLimits,
    requestStateNonces,
    subscriber,
    appOptions: {
      bus,
      tasks: { store: taskStore, signals: taskSignals },
      rateLimitStore: rateLimits,
      requestStateNonces,
      ...(options.requestStateKey === undefined ? {} : { requestStateKey: options.requestStateKey }),
    },
    httpOptions: { sessionStore, eventStore },
    ready: () => bus.ready(),
    async close() {
      await bus.close();
      await taskSignals.close();
      await subscriber.close();
      await connection.close();
    },
  };
}
