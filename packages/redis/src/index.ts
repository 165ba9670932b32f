// Public API of @armature/redis: Armature's shared-state ports on Redis.
export { RedisConnection, DEFAULT_KEY_PREFIX, type RedisConnectionOptions, type RedisClient } from './redis-connection';
export { RedisTaskStore } from './redis-task-store';
export { RedisTaskSignals } from './redis-task-signals';
export { redisTasks, type RedisTasks } from './redis-tasks';
export { RedisSessionStore, type RedisSessionStoreOptions } from './redis-session-store';
export { RedisEventStore, type RedisEventStoreOptions } from './redis-event-store';
export { RedisNotificationBus } from './redis-notification-bus';
export { redisScaleOut, type RedisScaleOut, type RedisScaleOutOptions } from './redis-scale-out';
export { RedisSubscriber } from './redis-subscriber';
export { RedisRateLimitStore, redisRateLimits, type RedisRateLimitOptions } from './redis-rate-limits';
export { RedisRequestStateNonces, redisRequestStateNonces } from './redis-request-state-nonces';
