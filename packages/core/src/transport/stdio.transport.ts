import type { Readable, Writable } from 'node:stream';
import { type DecodeLimits, resolveDecodeLimits } from '../jsonrpc/decode-limits';
import { decodeJsonRpc } from '../jsonrpc/json-rpc-decoder';
import { tooLargeResponse } from '../jsonrpc/json-rpc-errors';
import { encodeJsonRpc } from '../jsonrpc/json-rpc-encoder';
import type { JSONRPCMessage } from '../wire/mcp-types.generated';
import { type ServerLogger, stderrLogger } from '../logging/server-logger';
import { DECODED_EXTRA } from './decoded-extra';
import { LineSplitter } from './line-splitter';
import { DEFAULT_MAX_OUTPUT_BACKLOG, StdioOutput } from './stdio-output';
import type { MessageExtraInfo, Transport } from './transport';

/** Options of `StdioServerTransport`. */
export interface StdioServerTransportOptions {
  /** Where messages come from (default `process.stdin`). */
  readonly stdin?: Readable;
  /** Where messages go (default `process.stdout`); nothing else is ever written to it. */
  readonly stdout?: Writable;
  /** Frame limits; `maxBytes` is also the longest accepted line (defaults: 4 MiB, depth 64). */
  readonly limits?: Partial<DecodeLimits>;
  /** Where refused frames and stream errors are reported (default: stderr). */
  readonly logger?: ServerLogger;
  /**
   * Most characters of output that may wait for a client that is not reading (default 16 Mi,
   * counted over this transport's queue and stdout's own buffer). Beyond it further
   * notifications are refused (their `send` rejects; the refusal is logged once per
   * backed-up spell). Responses always wait their turn: stdin is paused as soon as stdout
   * backs up, so no new requests arrive meanwhile and their number stays bounded.
   */
  readonly maxOutputBacklog?: number;
}

const lateErrorSinks = new WeakSet<Writable>();
const ignoreError = (): void => undefined;

/** Keeps one no-op 'error' listener on `stream`, so late write errors cannot crash the process. */
function ignoreLateErrors(stream: Writable): void {
  if (lateErrorSinks.has(stream)) return;
  lateErrorSinks.add(stream);
  stream.on('error', ignoreError);
}

function isReadable(value: unknown): value is Readable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Readable).on === 'function' &&
    typeof (value as Readable).read === 'function'
  );
}

/** Lines of only spaces and tabs are ignored like empty ones. */
function isBlankBytes(line: Buffer): boolean {
  for (let i = 0; i < line.length; i++) {
    const byte = line[i];
    if (byte !== 0x20 && byte !== 0x09) return false;
  }
  return true;
}

function isBlankText(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code !== 0x20 && code !== 0x09) return false;
  }
  return true;
}

/**
 * MCP's stdio transport, server side: one JSON-RPC message per line in each direction.
 * CRLF line ends are accepted, blank lines ignored, bad frames answered in-band (the
 * session keeps serving), stdin EOF lets the session finish its work and close. Messages
 * sent during one turn of the event loop go out in one write (see `StdioOutput`). When stdout
 * is backed up, `send` waits for it to drain and stdin is paused, so a client that stops
 * reading stops writing; what waits meanwhile is bounded by `maxOutputBacklog`.
 */
export class StdioServerTransport implements Transport {
  onmessage: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined = undefined;
  onclose: (() => void) | undefined = undefined;
  onerror: ((error: Error) => void) | undefined = undefined;
  oninputend: (() => void) | undefined = undefined;
  readonly sessionId: string | undefined = undefined;
  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly limits: DecodeLimits;
  private readonly logger: ServerLogger;
  private readonly splitter: LineSplitter;
  private started = false;
  private closed = false;
  private readonly output: StdioOutput;

  /** @param options Streams (default process stdin/stdout), limits and logger. */
  constructor(options?: StdioServerTransportOptions);
  /** The official SDK's signature: `new StdioServerTransport(stdin, stdout)`. */
  constructor(stdin: Readable, stdout?: Writable);
  constructor(first: StdioServerTransportOptions | Readable = {}, second?: Writable) {
    const options: StdioServerTransportOptions = isReadable(first) ? { stdin: first, stdout: second } : first;
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.limits = resolveDecodeLimits(options.limits);
    this.logger = options.logger ?? stderrLogger;
    this.splitter = new LineSplitter(
      this.limits.maxBytes,
      (line) => this.receiveLine(line),
      () => this.refuse('line too long'),
    );
    const maxBacklog = options.maxOutputBacklog ?? DEFAULT_MAX_OUTPUT_BACKLOG;
    if (!(maxBacklog > 0)) throw new RangeError('maxOutputBacklog must be a positive number');
    this.output = new StdioOutput(this.stdout, maxBacklog, {
      backedUp: () => this.stdin.pause(),
      drained: () => {
        if (!this.closed) this.stdin.resume();
      },
      refusing: (message) => this.logger.warn(message),
    });
  }

  /** Starts reading stdin. */
  async start(): Promise<void> {
    if (this.started) throw new Error('StdioServerTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('error', this.onStreamError);
    this.stdout.on('error', this.onStreamError);
  }

  /** Queues one message as one line, written with the rest of this turn's output; waits while stdout is backed up. */
  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('StdioServerTransport is closed'));
    let line: string;
    try {
      line = encodeJsonRpc(message, this.onEncodeFailure) + '\n';
    } catch (error) {
      return Promise.reject(error);
    }
    return this.output.write(line, !('id' in message));
  }

  /** Characters sent but not handed to the OS yet (this transport's queue and stdout's buffer). */
  get unwritten(): number {
    return this.output.unwritten;
  }

  /**
   * Resolves true once everything sent so far has been handed to the OS, false when the client
   * has not read it within `timeoutMs` (a shutdown then exits without waiting longer).
   */
  whenWritten(timeoutMs: number): Promise<boolean> {
    return this.output.whenWritten(timeoutMs);
  }

  /**
   * Stops reading and reports the close; the streams themselves are left open (they are usually
   * the process's). A no-op 'error' listener stays on stdout, so a late EPIPE cannot crash the process.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('error', this.onStreamError);
    this.stdout.off('error', this.onStreamError);
    // A write still queued when we close can fail later (EPIPE: the client closed its read
    // end). An 'error' event without a listener would crash the process, so one that ignores
    // it stays for good (added once per stream, however many transports used it).
    ignoreLateErrors(this.stdout);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    // What was sent before the close still goes out (the client may yet read it).
    this.output.end();
    this.splitter.reset();
    this.onclose?.();
  }

  private readonly onEncodeFailure = (error: unknown): void => {
    this.logger.error('a response could not be serialized; sent -32603 instead', error);
  };

  private readonly onData = (chunk: Buffer | string): void => {
    this.splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  };

  private readonly onEnd = (): void => {
    // EOF on stdin is a half-close: replies can still go out, so let the session finish first.
    if (this.oninputend !== undefined) this.oninputend();
    else void this.close();
  };

  private readonly onStreamError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  private receiveLine(line: string | Buffer): void {
    let end = line.length;
    if (typeof line === 'string') {
      if (end > 0 && line.charCodeAt(end - 1) === 0x0d) line = line.slice(0, --end);
      if (end === 0 || isBlankText(line)) return;
    } else {
      if (end > 0 && line[end - 1] === 0x0d) line = line.subarray(0, --end);
      if (end === 0 || isBlankBytes(line)) return;
    }
    const decoded = decodeJsonRpc(line, this.limits);
    if (!decoded.ok) {
      this.logger.warn(`refused a stdio frame: ${decoded.reason}`);
      if (decoded.response !== undefined) void this.send(decoded.response).catch(() => undefined);
      return;
    }
    try {
      this.onmessage?.(decoded.message, DECODED_EXTRA);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private refuse(reason: string): void {
    this.logger.warn(`refused a stdio frame: ${reason}`);
    void this.send(tooLargeResponse(this.limits.maxBytes)).catch(() => undefined);
  }
}
