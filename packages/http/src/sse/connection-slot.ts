import type { SseConnection } from './sse-connection';

/**
 * The one client connection a stream writes to. A connection that takes the slot ends the one
 * before it (the server may still think that one is open when the client resumes elsewhere), and
 * a connection that closes lets go of the slot only if it still holds it.
 */
export class ConnectionSlot {
  private held: SseConnection | null = null;

  /** The connection holding the slot, or `null`. */
  get current(): SseConnection | null {
    return this.held;
  }

  /** Makes `connection` the one written to, ending the previous holder. */
  take(connection: SseConnection): void {
    const previous = this.held;
    this.held = connection;
    connection.onClose(() => {
      if (this.held === connection) this.held = null;
    });
    if (previous !== null && previous !== connection) previous.end();
  }

  /** Empties the slot and ends the connection that held it, if any. */
  release(): void {
    const connection = this.held;
    this.held = null;
    connection?.end();
  }
}
