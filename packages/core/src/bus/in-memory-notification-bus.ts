import { nodeCrypto } from '../platform/node-crypto';
import type { BusEvent, NotificationBus } from './notification-bus';

/** The default bus: one process, local delivery only (what broadcasts always were). */
export class InMemoryNotificationBus implements NotificationBus {
  readonly shared = false;
  private id: string | undefined;
  private readonly listeners = new Set<(event: BusEvent) => void>();

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  /** Made when first read (a broadcast), not at boot: most processes never broadcast. */
  get instanceId(): string {
    return (this.id ??= nodeCrypto().randomBytes(6).toString('hex'));
  }

  publish(event: BusEvent): void {
    deliverBusEvent(this.listeners, event, this.onError);
  }

  /** Listeners subscribed now (tests, metrics). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Calls every listener with `event`; one that throws is reported and the others still run. */
export function deliverBusEvent(listeners: Iterable<(event: BusEvent) => void>, event: BusEvent, onError: (error: unknown) => void): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}
