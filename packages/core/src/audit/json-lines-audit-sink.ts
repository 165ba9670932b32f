import { createWriteStream, openSync, type WriteStream } from 'node:fs';
import type { AuditEvent, AuditSink } from './audit-sink';

/** Options of {@link JsonLinesAuditSink}. */
export interface JsonLinesAuditOptions {
  /** The file records are appended to (created if missing). Default: stderr. */
  readonly file?: string;
}

/**
 * The default audit sink: one JSON object per line, appended to a file or written to stderr
 * (stdout carries the stdio transport). A file that cannot be opened makes the first `record`
 * throw, and one that cannot be written every later one, which the app reports once; records are
 * then lost.
 */
export class JsonLinesAuditSink implements AuditSink {
  private stream: WriteStream | undefined;
  private failure: Error | undefined;

  constructor(private readonly options: JsonLinesAuditOptions = {}) {}

  record(event: AuditEvent): void {
    if (this.failure !== undefined) throw this.failure;
    const line = `${JSON.stringify(event)}\n`;
    const file = this.options.file;
    if (file === undefined) {
      process.stderr.write(line);
      return;
    }
    if (this.stream === undefined) {
      // Opened synchronously, once: a file that cannot be opened fails this record, which the app
      // reports at once (opened by the stream, the error would come later and only a later record
      // would report it: none, if the app is then idle).
      let fd: number;
      try {
        fd = openSync(file, 'a');
      } catch (error) {
        this.failure = error as Error;
        throw error;
      }
      this.stream = createWriteStream(file, { fd, flags: 'a' });
      this.stream.on('error', (error) => {
        this.failure = error;
      });
    }
    this.stream.write(line);
  }

  /** Flushes and closes the file (nothing to do for stderr). */
  close(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    if (stream === undefined || this.failure !== undefined) return Promise.resolve();
    return new Promise((resolve) => stream.end(() => resolve()));
  }
}
