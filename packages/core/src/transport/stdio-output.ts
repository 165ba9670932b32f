import type { Writable } from 'node:stream';
import { SENT } from './sent';

/** The default `maxOutputBacklog`: 16 Mi characters of JSON waiting for a client that is not reading. */
export const DEFAULT_MAX_OUTPUT_BACKLOG = 16 * 1024 * 1024;

/** A turn's output is written at once when it reaches this many characters, not at the end of the turn. */
const MAX_BATCH = 1024 * 1024;

/** How often `whenWritten` looks at stdout's buffer. */
const WRITTEN_POLL_MS = 5;

/** What the writer tells its transport. */
export interface StdioOutputEvents {
  /** stdout is backed up: stop reading new requests. */
  readonly backedUp: () => void;
  /** stdout drained: read again. */
  readonly drained: () => void;
  /** The backlog is full and messages are being refused (once per backed-up spell). */
  readonly refusing: (message: string) => void;
}

/**
 * The stdio transport's output: lines queued during one turn of the event loop (for example
 * the answers to every request of one stdin chunk) are written to stdout together, in one
 * `write`, at the end of that turn (`process.nextTick`, which runs after the turn's
 * microtasks). While stdout is backed up (its `write` returned false), lines wait here, and
 * `write` returns a promise that resolves when they have been handed over after `drain`.
 *
 * The wait is bounded. Once the characters waiting here and in stdout's own buffer would
 * exceed `maxBacklog`, further notifications are refused (`write` rejects), so a handler that
 * keeps logging to a client that stopped reading cannot make the server's memory grow without
 * bound. Responses and server→client requests are always queued: their number is bounded by
 * the requests in flight, and the transport reads no new requests while stdout is backed up.
 * A turn's output is also written early once it reaches 1 Mi characters, so the bound holds
 * within a single turn too.
 */
export class StdioOutput {
  private pending = '';
  private scheduled = false;
  private waiting: Promise<void> | undefined = undefined;
  private release: (() => void) | undefined = undefined;
  private refusalReported = false;

  constructor(
    private readonly stdout: Writable,
    private readonly maxBacklog: number,
    private readonly events: StdioOutputEvents,
  ) {}

  /**
   * Queues `line` (newline included); `droppable`: a notification, refused rather than queued
   * when the backlog is full. See the class comment for what the promise means.
   */
  write(line: string, droppable: boolean): Promise<void> {
    if (this.waiting === undefined) {
      this.pending += line;
      if (this.pending.length >= MAX_BATCH) this.writeOut();
      else if (!this.scheduled) {
        this.scheduled = true;
        process.nextTick(this.flush);
      }
      return SENT;
    }
    if (droppable) {
      const backlog = this.pending.length + this.stdout.writableLength;
      if (backlog + line.length > this.maxBacklog) return this.refuse(backlog);
    }
    this.pending += line;
    return this.waiting;
  }

  /** Characters queued here or in stdout's own buffer: sent, but not handed to the OS yet. */
  get unwritten(): number {
    return this.stdout.destroyed ? 0 : this.pending.length + this.stdout.writableLength;
  }

  /**
   * Resolves true once everything queued so far was handed to the OS (or stdout was destroyed,
   * when nothing more can go out), false when `timeoutMs` passed first.
   */
  whenWritten(timeoutMs: number): Promise<boolean> {
    if (this.unwritten === 0) return Promise.resolve(true);
    const deadline = Date.now() + timeoutMs;
    return new Promise<boolean>((resolve) => {
      // Polled: stdout emits 'drain' only after a write that went over its high-water mark.
      const check = (): void => {
        if (this.unwritten === 0) resolve(true);
        else if (Date.now() >= deadline) resolve(false);
        else setTimeout(check, WRITTEN_POLL_MS);
      };
      check();
    });
  }

  /** Writes whatever is queued now, even to a backed-up stdout (the transport is closing), and releases every waiter. */
  end(): void {
    this.stdout.off('drain', this.onDrain);
    const text = this.pending;
    this.pending = '';
    if (text.length > 0 && !this.stdout.destroyed) this.stdout.write(text);
    this.settle();
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    if (this.waiting !== undefined || this.pending.length === 0) return;
    this.writeOut();
  };

  /** Hands the queue to stdout in one write; starts waiting for `drain` if stdout is now backed up. */
  private writeOut(): void {
    const text = this.pending;
    this.pending = '';
    if (this.stdout.write(text)) return;
    this.waiting = new Promise<void>((resolve) => (this.release = resolve));
    this.stdout.once('drain', this.onDrain);
    this.events.backedUp();
  }

  private readonly onDrain = (): void => {
    // The lines that waited are handed over now: their senders are released even if stdout
    // backs up again at once (a new wait then begins for later lines).
    const release = this.release;
    this.waiting = undefined;
    this.release = undefined;
    this.refusalReported = false;
    if (this.pending.length > 0) this.writeOut();
    if (this.waiting === undefined) this.events.drained();
    release?.();
  };

  private settle(): void {
    const release = this.release;
    this.waiting = undefined;
    this.release = undefined;
    release?.();
  }

  private refuse(backlog: number): Promise<void> {
    const message = `stdout is backed up: ${backlog} characters are waiting for a client that is not reading (maxOutputBacklog ${this.maxBacklog}); message dropped`;
    if (!this.refusalReported) {
      this.refusalReported = true;
      this.events.refusing(message);
    }
    return Promise.reject(new Error(message));
  }
}
