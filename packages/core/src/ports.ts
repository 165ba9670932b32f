// `@armature/core/ports`: the ports for state several instances share, beside the tasks ports
// of `@armature/core/tasks`. Each has an in-memory default that one process uses without
// configuration; `@armature/redis` implements them all (docs/deploying.md).
export type { RateLimitStore, RateLimitBucket } from './rate-limit/rate-limit-store';
export type { BusEvent, ListKind, NotificationBus } from './bus/notification-bus';
export { InMemoryNotificationBus } from './bus/in-memory-notification-bus';
export { InMemoryRequestStateNonces, type RequestStateNonces } from './kernel/request-state-nonces';
