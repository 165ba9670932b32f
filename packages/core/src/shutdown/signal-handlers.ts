/** Options of the signal handlers `app.listen()` installs. */
export interface SignalHandlingOptions {
  /** Signals that start a graceful shutdown (default SIGTERM and SIGINT); `false` installs none. */
  readonly signals?: readonly NodeJS.Signals[] | false;
  /**
   * End the process once the shutdown is done (default `true`): exit code 0, or 1 when it
   * failed. The process is given a moment to exit on its own first, so output is flushed.
   */
  readonly exitOnSignal?: boolean;
}

/** Default signals: what process managers (SIGTERM) and terminals (SIGINT) send. */
export const DEFAULT_SIGNALS: readonly NodeJS.Signals[] = Object.freeze(['SIGTERM', 'SIGINT']);

/** How long a finished shutdown waits for the event loop to empty before exiting anyway. */
const EXIT_GRACE_MS = 250;

/** What the handlers drive. */
export interface SignalTarget {
  /** Starts (or joins) the graceful shutdown. */
  close(): Promise<void>;
  /** Ends the drain window at once (a second signal). */
  hurry(): void;
  /** Where "shutting down" notes go (stderr; never stdout). */
  note(message: string): void;
}

/**
 * Installs handlers: the first signal starts a graceful shutdown, a second one cuts the drain
 * window short (requests still running are answered with an error). Returns the remover;
 * the handlers also remove themselves once the shutdown is over.
 */
export function installSignalHandlers(target: SignalTarget, options: SignalHandlingOptions = {}): () => void {
  const signals = options.signals === false ? [] : (options.signals ?? DEFAULT_SIGNALS);
  const exit = options.exitOnSignal ?? true;
  let received = 0;
  const remove = (): void => {
    for (const signal of signals) process.off(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    received++;
    if (received > 1) {
      target.note(`${signal} again: answering the requests still running and closing now`);
      target.hurry();
      return;
    }
    target.note(`${signal}: shutting down gracefully`);
    target.close().then(
      () => finish(0),
      (error: unknown) => {
        target.note(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        finish(1);
      },
    );
  }
  function finish(code: number): void {
    remove();
    if (!exit) return;
    if (process.exitCode === undefined || code !== 0) process.exitCode = code;
    // Exit on our own only if something else (a user's timer or socket) keeps the loop alive.
    setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
  }
  for (const signal of signals) process.on(signal, onSignal);
  return remove;
}
