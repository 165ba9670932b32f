import { isUtf8 } from 'node:buffer';

const LF = 0x0a;

/**
 * Receives each complete line without its `\n` (a trailing `\r` is left for the caller): as
 * text when it is already known to be valid UTF-8, otherwise as bytes for the decoder to check.
 */
export type LineHandler = (line: string | Buffer) => void;

/**
 * Splits a byte stream into newline-delimited lines without ever holding more than
 * `maxLineBytes` of one unfinished line: a longer one is reported once through `onOverflow`
 * and its remaining bytes are skipped up to the next newline, so one huge frame cannot
 * exhaust memory and the stream stays in sync for the next message.
 *
 * Fast path: the complete lines of a chunk are checked for UTF-8 and decoded in one go
 * (a newline byte never occurs inside a multi-byte character), then split as text.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  /**
   * @param maxLineBytes Longest accepted line, excluding the line break.
   * @param onLine Called for every complete line (the decoder enforces the limit on those).
   * @param onOverflow Called once for every unfinished line that outgrew the limit.
   */
  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: LineHandler,
    private readonly onOverflow: () => void,
  ) {}

  /** Feeds one chunk of input. */
  push(chunk: Buffer): void {
    let start = 0;
    if (this.discarding || this.pendingBytes > 0) {
      const newline = chunk.indexOf(LF);
      if (newline < 0) {
        this.hold(chunk);
        return;
      }
      if (this.discarding) this.discarding = false;
      else this.finishPending(chunk.subarray(0, newline));
      start = newline + 1;
    }
    const last = chunk.lastIndexOf(LF);
    if (last >= start) {
      this.emitComplete(chunk.subarray(start, last));
      start = last + 1;
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
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

  private emitComplete(region: Buffer): void {
    if (isUtf8(region)) {
      const text = region.toString('utf8');
      let from = 0;
      for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', from)) {
        this.onLine(text.slice(from, newline));
        from = newline + 1;
      }
      this.onLine(from === 0 ? text : text.slice(from));
      return;
    }
    // Some line is not UTF-8: hand each over as bytes so only that one is refused.
    let from = 0;
    for (let newline = region.indexOf(LF); newline >= 0; newline = region.indexOf(LF, from)) {
      this.onLine(region.subarray(from, newline));
      from = newline + 1;
    }
    this.onLine(region.subarray(from));
  }

  private finishPending(piece: Buffer): void {
    const total = this.pendingBytes + piece.length;
    this.pending.push(piece);
    const line = Buffer.concat(this.pending, total);
    this.reset();
    // +1: a CRLF line break leaves its '\r' in the line.
    if (total > this.maxLineBytes + 1) this.onOverflow();
    else this.onLine(line);
  }

  private hold(rest: Buffer): void {
    if (this.discarding) return;
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
}
