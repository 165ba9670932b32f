import type { WebSocket } from 'ws';

/**
 * Dead-peer detection for a set of sockets: every `intervalMs` each socket is pinged; a
 * socket that has not answered the previous ping with a pong is terminated (its session then
 * ends and aborts its in-flight requests). One timer serves all sockets, so idle
 * connections cost a map entry, not a timer each. Half-open TCP connections (a laptop that
 * went to sleep, a dropped NAT mapping) are otherwise never noticed by the server.
 */
export class Heartbeat {
  private readonly alive = new Map<WebSocket, boolean>();
  private timer: NodeJS.Timeout | undefined;

  /** @param intervalMs Milliseconds between pings; 0 disables the heartbeat. */
  constructor(private readonly intervalMs: number) {}

  /** Watches a socket until it closes. */
  add(socket: WebSocket): void {
    if (this.intervalMs === 0) return;
    this.alive.set(socket, true);
    socket.on('pong', () => {
      if (this.alive.has(socket)) this.alive.set(socket, true);
    });
    socket.once('close', () => this.alive.delete(socket));
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.tick(), this.intervalMs);
      // The heartbeat alone must not keep the process running.
      this.timer.unref();
    }
  }

  /** Stops the timer; sockets are left as they are. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.alive.clear();
  }

  private tick(): void {
    for (const [socket, answered] of this.alive) {
      if (!answered) {
        this.alive.delete(socket);
        socket.terminate();
        continue;
      }
      this.alive.set(socket, false);
      socket.ping();
    }
  }
}
