import type { WebSocket } from 'ws';

/** 10 s between pings: a peer that stops answering is dropped within 20 s (the limit is 30 s). */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * Dead-peer detection for a set of sockets: every `intervalMs` each socket is pinged; a
 * socket that has not answered the previous ping with a pong is terminated (its session then
 * ends and aborts its in-flight requests). A socket is first pinged at the first tick after it
 * joins and terminated at the next one, so a silent peer is gone within `2 × intervalMs`:
 * that bound, not the interval, is what `DEFAULT_HEARTBEAT_INTERVAL_MS` is chosen by (a 30 s
 * interval let a silent peer live for up to 60 s). One timer serves all sockets, so idle
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
      // A socket already closing answers no pings; ping() on it would only throw or queue.
      if (socket.readyState === socket.OPEN) socket.ping();
    }
  }
}
