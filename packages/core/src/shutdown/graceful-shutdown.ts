import type { ServerLogger } from '../logging/server-logger';
import { Deadline, runWindowMs } from './drain-window';

/** A session that can stop taking requests and wait for those in flight (the engine's `ServerSession`). */
export interface DrainableSession {
  /** Stops accepting requests; resolves true when nothing is in flight, false after `ms`. */
  drain(ms: number): Promise<boolean>;
  /** Answers what is still in flight with an error, closes the transport, disposes the session scope. */
  close(): Promise<void>;
}

/**
 * A listener (stdio, HTTP, WebSocket) that drains its own sessions on close: its requests run
 * for `runWindowMs(drainMs)`, what they answered is written in what is left of the window,
 * and connections whose peer stopped reading are cut when it ends.
 */
export interface DrainableListener {
  close(drainMs?: number): Promise<void>;
}

/** What a shutdown works on. */
export interface ShutdownTargets {
  readonly listeners: () => readonly DrainableListener[];
  readonly sessions: () => readonly DrainableSession[];
  /** Closes every session (after the drain window). */
  readonly closeSessions: () => Promise<void>;
  /** Ends the sessions whose close did not finish by the deadline, without waiting for their transports. */
  readonly abandonSessions: () => Promise<void>;
  /** Disposes the DI container (`onShutdown` hooks). */
  readonly disposeContainer: () => Promise<void>;
  readonly logger: ServerLogger;
}

/**
 * One graceful shutdown: stop accepting, let requests in flight finish within the first part
 * of the drain window (`runWindowMs`, or until `hurry()`), close every session — answering
 * what is left with an error, never silence — let the listeners write those answers out in
 * the rest of the window (they cut peers that stopped reading when it ends), then run the
 * container's shutdown hooks. Nothing but the disposal of session scopes and those hooks runs
 * past `drainMs`, and session scopes are always disposed before the hooks.
 */
export class GracefulShutdown {
  private cut: (() => void) | undefined;
  private hurried = false;

  constructor(private readonly targets: ShutdownTargets) {}

  /** Runs the shutdown with a drain window of `drainMs`. */
  async run(drainMs: number): Promise<void> {
    const { targets } = this;
    const end = new Deadline(drainMs);
    const runMs = runWindowMs(drainMs);
    const windowEnds = this.window(runMs);
    const listeners = targets
      .listeners()
      .map((l) => l.close(drainMs).catch((e: unknown) => targets.logger.error('closing a listener failed', e)));
    const drains = targets.sessions().map((s) => s.drain(runMs).catch(() => false));
    await Promise.race([Promise.all([...drains, ...listeners]), windowEnds]);
    this.cut?.();
    // A session whose transport waits for its peer (a WebSocket close handshake) cannot hold the
    // shutdown past the window; but its scope is still disposed before the container's hooks run
    // (a session-scoped service may use a singleton those hooks close), however late the window ended.
    const closed = await end.race(
      targets.closeSessions().then(() => true),
      false,
    );
    if (!closed) await targets.abandonSessions();
    await end.race(Promise.all(listeners), []);
    await targets.disposeContainer();
  }

  /** Ends the drain window now: what is still running is answered with an error. */
  hurry(): void {
    this.hurried = true;
    this.cut?.();
  }

  /** Resolves when the window is over (timer or `hurry()`); never keeps the process alive. */
  private window(drainMs: number): Promise<void> {
    if (drainMs === 0 || this.hurried) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.cut?.(), drainMs);
      timer.unref();
      this.cut = () => {
        this.cut = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
