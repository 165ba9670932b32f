const LF = 0x0a;

/** Receives each complete line (without its `\n`; a trailing `\r` is left for the caller). */
export type LineHandler = (line: Buffer) => void;

/**
 * Splits a byte stream into newline-delimited lines without ever holding more than
 * `maxLineBytes` of one line: a longer line is reported once through `onOverflow` and its
 * remaining bytes are skipped up to the next newline, so one huge frame cannot exhaust memory
 * and the stream stays in sync for the next message.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  /**
   * @param maxLineBytes Longest accepted line, excluding the line break.
   * @param onLine Called for every complete line within the limit.
   * @param onOverflow Called once for every line over the limit.
   */
  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: LineHandler,
    private readonly onOverflow: () => void,
  ) {}

  /** Feeds one chunk of input. */
  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(LF, start);
      if (newline < 0) break;
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      if (this.pendingBytes === 0) {
        // +1: a CRLF line break leaves its '\r' in the line.
        if (piece.length > this.maxLineBytes + 1) this.onOverflow();
        else this.onLine(piece);
        continue;
      }
      const total = this.pendingBytes + piece.length;
      this.pending.push(piece);
      const line = Buffer.concat(this.pending, total);
      this.reset();
      if (total > this.maxLineBytes + 1) this.onOverflow();
      else this.onLine(line);
    }
    if (start >= chunk.length || this.discarding) return;
    const rest = chunk.subarray(start);
    if (this.pendingBytes + rest.length > this.maxLineBytes + 1) {
      this.reset();
      this.discarding = true;
      this.onOverflow();
      return;
    }
    // Copied so that a short tail does not pin the whole chunk in memory.
    this.pending.push(Buffer.from(rest));
    this.pendingBytes += rest.length;
  }

  /** Bytes held for an unfinished line. */
  get buffered(): number {
    return this.pendingBytes;
  }

  /** Drops any partial line. */
  reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }
}
