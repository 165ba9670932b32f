import type { RedisClient } from './redis-connection';
import { type RedisConnection, release } from './redis-connection';

/** Wait before subscribing again after Redis refused the subscriber connection. */
const RETRY_MS = 1_000;

/**
 * One subscriber connection (a duplicate of the command client) shared by every pub/sub user of
 * a process: the notification bus and the task signals each listen on their channel through it,
 * so an instance holds one subscriber connection whatever the number of sessions and streams.
 * Opened on the first `listen`; node-redis subscribes again by itself after a reconnect.
 */
export class RedisSubscriber {
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private client: RedisClient | undefined;
  private opening: Promise<RedisClient> | undefined;
  private closed = false;

  constructor(
    private readonly redis: RedisConnection,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Calls `handler` with each message of `channel` until the returned function is called. */
  listen(channel: string, handler: (message: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (set === undefined) {
      set = new Set();
      this.handlers.set(channel, set);
      void this.subscribe(channel);
    }
    set.add(handler);
    return () => {
      set!.delete(handler);
    };
  }

  /** Resolves once every channel listened to so far is subscribed (never rejects; failures are reported). */
  async ready(): Promise<void> {
    await Promise.all([...this.handlers.keys()].map((channel) => this.subscribe(channel)));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    const client = this.client;
    this.client = undefined;
    this.opening = undefined;
    if (client !== undefined) await release(client);
  }

  private readonly subscribed = new Map<string, Promise<void>>();
  private readonly retries = new Set<NodeJS.Timeout>();

  private subscribe(channel: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    let pending = this.subscribed.get(channel);
    if (pending === undefined) {
      pending = this.open()
        .then((client) => client.subscribe(channel, (message: string) => this.deliver(channel, message)))
        .catch((error: unknown) => {
          // Redis is unreachable: try again in a second (and on the next ready()), until closed.
          this.subscribed.delete(channel);
          this.onError(error);
          if (!this.closed) this.retries.add(setTimeout(() => void this.subscribe(channel), RETRY_MS).unref());
        });
      this.subscribed.set(channel, pending);
    }
    return pending;
  }

  private open(): Promise<RedisClient> {
    this.opening ??= (async () => {
      const client = this.redis.client.duplicate();
      client.on('error', (error: Error) => this.onError(error));
      this.client = client;
      try {
        await client.connect();
      } catch (error) {
        this.opening = undefined;
        this.client = undefined;
        await release(client);
        throw error;
      }
      return client;
    })();
    return this.opening;
  }

  private deliver(channel: string, message: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
