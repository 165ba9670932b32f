import { format } from 'node:util';

/**
 * Where the engine writes its own diagnostics (never the client: stdout carries the stdio
 * protocol). Unexpected errors go here in full, while the wire only gets a generic -32603.
 */
export interface ServerLogger {
  /** Something failed that the operator should see (handler crash, unserializable result). */
  error(message: string, detail?: unknown): void;
  /** Something odd but survivable (a malformed frame, a late response). */
  warn(message: string, detail?: unknown): void;
  /** Chatty tracing; may be a no-op. */
  debug(message: string, detail?: unknown): void;
}

function write(level: string, message: string, detail: unknown): void {
  const line = detail === undefined ? `[armature] ${level} ${message}\n` : `[armature] ${level} ${message} ${format('%O', detail)}\n`;
  process.stderr.write(line);
}

/** Writes errors and warnings to stderr; drops debug output unless `ARMATURE_DEBUG` is set. */
export const stderrLogger: ServerLogger = Object.freeze({
  error: (message: string, detail?: unknown) => write('error', message, detail),
  warn: (message: string, detail?: unknown) => write('warn', message, detail),
  debug: (message: string, detail?: unknown) => {
    if (process.env.ARMATURE_DEBUG) write('debug', message, detail);
  },
});

/** Discards everything (tests that provoke errors on purpose). */
export const silentLogger: ServerLogger = Object.freeze({
  error: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
});
