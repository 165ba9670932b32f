/**
 * The promise Armature's transports return from `send` when the message was handed over at
 * once. It is already resolved; the session recognises it and skips attaching a failure
 * handler, which keeps the common path of every response free of closures. A transport's
 * `close()` and a DI session scope's `dispose()` return it when they finished at once, and the
 * session's close goes on without waiting a tick.
 */
export const SENT: Promise<void> = Promise.resolve();
