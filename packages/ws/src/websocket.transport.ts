import { stderrLogger } from '@armature/core';
import { decodeJsonRpc, encodeJsonRpc, resolveDecodeLimits } from '@armature/core/internal';
import type { AuthInfo, MessageExtraInfo, ServerLogger, Transport, TransportRequestInfo } from '@armature/core';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import type { DecodeLimits } from '@armature/core/internal';
import { WebSocket, type RawData } from 'ws';
import { WsCloseCode, WsCloseReason } from './close-codes';
import { InflightTracker } from './inflight.tracker';

/** Options of one server-side WebSocket transport. */
export interface WebSocketServerTransportOptions {
  /** Queued bytes above which `send()` waits for the frame to be flushed. Default 1 MiB. */
  readonly highWaterMark?: number;
  /** The principal authenticated at upgrade, passed with every message as `extra.authInfo`. */
  readonly authInfo?: AuthInfo;
  /**
   * The upgrade request's transport facts, passed with every message as `extra.requestInfo`
   * (handlers read them as `ctx.requestInfo`). `WsGateway` builds them (`upgradeRequestInfo`).
   */
  readonly requestInfo?: TransportRequestInfo;
  /** Headers only (`extra.requestInfo.headers`), for a transport built without `requestInfo`; handlers do not see them. */
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
  /** Size and nesting limits for incoming messages (core's defaults: 4 MiB, depth 64). */
  readonly decodeLimits?: Partial<DecodeLimits>;
  /** How long `close()` waits for the peer's close frame before dropping the connection. Default 5 s. */
  readonly closeTimeoutMs?: number;
  /**
   * Bytes queued for the peer (not yet taken by the network) above which the connection is
   * closed with 1008 instead of queuing more: a peer that never reads cannot grow server memory
   * past this plus one message. Default 16 MiB; must be at least `highWaterMark`.
   */
  readonly maxBufferedBytes?: number;
  /** Where one-line notes on peers that went away or misbehaved go. Default: core's stderr logger (debug only with `ARMATURE_DEBUG`). */
  readonly logger?: Pick<ServerLogger, 'warn' | 'debug'>;
}

/** 16 MiB: four times the largest accepted message, so a reading client that fires a burst of large calls is not cut off; a 32 MiB backlog (a client that stops reading) is. */
export const DEFAULT_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * An MCP `Transport` over one accepted `ws` WebSocket: one JSON-RPC message per text frame.
 * Bad frames are answered here (-32700/-32600) and never reach the session; binary frames
 * close the socket with 1003. When the socket closes for any reason, `onclose` fires once,
 * which ends the session and aborts its in-flight requests.
 */
export class WebSocketServerTransport implements Transport {
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  /** WebSocket sessions are the connection itself; there is no transport session id. */
  readonly sessionId: string | undefined = undefined;

  private readonly highWaterMark: number;
  private readonly maxBufferedBytes: number;
  private readonly logger: Pick<ServerLogger, 'warn' | 'debug'>;
  private readonly closeTimeoutMs: number;
  /** Set once the send buffer overflowed: the socket is closing and later sends are dropped. */
  private overflowed = false;
  /** Whether the peer's departure was noted already (once per connection is enough). */
  private goneNoted = false;
  private readonly extra: MessageExtraInfo;
  private readonly limits: DecodeLimits;
  /** Frames that arrive between the upgrade and `start()` (the app connects asynchronously). */
  private pending: RawData[] = [];
  private started = false;
  private closed = false;
  private readonly closedPromise: Promise<void>;
  private readonly inflight = new InflightTracker();
  /** Frames handed to the socket whose write has not completed yet. */
  private unwritten = 0;
  private flushWaiters: (() => void)[] = [];

  constructor(
    private readonly socket: WebSocket,
    options: WebSocketServerTransportOptions = {},
  ) {
    this.highWaterMark = options.highWaterMark ?? 1024 * 1024;
    this.maxBufferedBytes = Math.max(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES, this.highWaterMark);
    this.logger = options.logger ?? stderrLogger;
    this.closeTimeoutMs = options.closeTimeoutMs ?? 5000;
    this.limits = resolveDecodeLimits(options.decodeLimits);
    this.extra = { authInfo: options.authInfo, requestInfo: options.requestInfo ?? { headers: options.headers ?? {} } };
    this.closedPromise = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.once('close', () => this.handleClose());
    socket.on('error', (error) => this.onSocketError(error));
  }

  /** Client requests not answered yet (cancelled ones excluded). */
  get inflightCount(): number {
    return this.inflight.size;
  }

  /** Resolves once every client request received so far has been answered or cancelled. */
  whenIdle(): Promise<void> {
    return this.inflight.whenIdle();
  }

  /**
   * Resolves once every request received so far has been answered or cancelled and every frame
   * sent so far has been written to the network (or the connection is gone): what a graceful
   * shutdown waits for before it closes the socket.
   */
  async whenFlushed(): Promise<void> {
    await this.whenIdle();
    if (this.unwritten === 0 || this.closed) return;
    await new Promise<void>((resolve) => this.flushWaiters.push(resolve));
  }

  private written(): void {
    this.unwritten--;
    if (this.unwritten === 0) this.releaseFlushWaiters();
  }

  private releaseFlushWaiters(): void {
    const waiters = this.flushWaiters;
    this.flushWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  /** Starts delivering frames; those that arrived before are delivered first, in order. */
  async start(): Promise<void> {
    if (this.started) throw new Error('WebSocketServerTransport already started');
    this.started = true;
    const pending = this.pending;
    this.pending = [];
    // Deliver after the caller has finished wiring up (it may set onmessage after awaiting
    // start()); a socket that closed before the session attached still reports its close.
    if (pending.length > 0 || this.closed) {
      setImmediate(() => {
        pending.forEach((data) => this.handleText(data));
        if (this.closed) this.onclose?.();
      });
    }
  }

  /**
   * Sends one message as one text frame. Resolves once the frame is queued; when the socket's
   * queue is above the high-water mark it resolves only after the frame is flushed, so a
   * producer that awaits `send()` is slowed to the reader's pace (backpressure).
   */
  send(message: JSONRPCMessage): Promise<void> {
    // After an overflow the peer is being dropped; what was meant for it has nowhere to go.
    if (this.overflowed) return Promise.resolve();
    if (this.socket.readyState !== WebSocket.OPEN) {
      // The peer went away (or the socket is closing): the session is ending and its work is
      // aborted. Nothing can be delivered any more; that is a debug note, not an error.
      if (this.closed || this.socket.readyState === WebSocket.CLOSING) {
        this.peerGone('a message for a closed connection was dropped');
        return Promise.resolve();
      }
      return Promise.reject(new Error('WebSocket is not open'));
    }
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.overflow();
      return Promise.resolve();
    }
    let text: string;
    try {
      // A response that cannot be serialized becomes a -32603 for its id; never silence.
      text = encodeJsonRpc(message, (error) => this.onerror?.(toError(error)));
    } catch (error) {
      return Promise.reject(toError(error));
    }
    this.inflight.outgoing(message);
    const mustWait = this.socket.bufferedAmount > this.highWaterMark;
    this.unwritten++;
    return new Promise((resolve, reject) => {
      this.socket.send(text, (error) => {
        this.written();
        if (error === undefined || error === null) {
          if (mustWait) resolve();
          return;
        }
        // A write that failed because the client dropped the connection (reset, broken pipe)
        // is the client leaving, not a server fault: one debug line, no stack, no rejection.
        if (isPeerGone(error)) {
          this.peerGone(`the client dropped the connection (${errorCode(error)})`);
          if (mustWait) resolve();
          return;
        }
        if (mustWait) reject(error);
        else this.onerror?.(error);
      });
      if (!mustWait) resolve();
    });
  }

  /** Closes the socket normally (1000) and resolves once it is closed (forcibly after a timeout). */
  async close(): Promise<void> {
    await this.closeWith(WsCloseCode.Normal, '');
  }

  /**
   * Closes with a specific code and reason; used for shutdown (1001) and protocol violations.
   * Waits for the peer's close frame at most `closeTimeoutMs`, or `waitMs` when that is
   * shorter (a shutdown's window has only so much left), then drops the connection.
   */
  async closeWith(code: number, reason: string, waitMs = this.closeTimeoutMs): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    if (this.socket.readyState !== WebSocket.CLOSING) this.socket.close(code, reason);
    const timer = setTimeout(() => this.socket.terminate(), Math.min(waitMs, this.closeTimeoutMs));
    try {
      await this.closedPromise;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The peer is not reading: close with 1008 (the close frame waits behind the queue, so a peer
   * that never reads is dropped after `closeTimeoutMs`). Its session then ends and aborts its work.
   */
  private overflow(): void {
    this.overflowed = true;
    this.logger.warn(`closing a WebSocket (1008): more than ${this.maxBufferedBytes} bytes queued for a client that is not reading`);
    void this.closeWith(WsCloseCode.PolicyViolation, WsCloseReason.sendBufferFull(this.maxBufferedBytes));
  }

  /**
   * ws reports a peer's protocol violations (oversized or non-UTF-8 messages, bad frames) as
   * errors after closing with the matching code; they are the peer's fault, not the server's,
   * so they get one debug line instead of reaching the session's error log with a stack.
   */
  private onSocketError(error: Error & { code?: unknown }): void {
    if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_')) {
      this.logger.debug(`closed a WebSocket: the client broke the protocol (${error.code})`);
      return;
    }
    if (isPeerGone(error)) {
      this.peerGone(`the client dropped the connection (${errorCode(error)})`);
      return;
    }
    this.onerror?.(error);
  }

  /** One short debug line per connection for a peer that went away. */
  private peerGone(what: string): void {
    if (this.goneNoted) return;
    this.goneNoted = true;
    this.logger.debug(`WebSocket: ${what}`);
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      void this.closeWith(WsCloseCode.UnsupportedData, WsCloseReason.binary);
      return;
    }
    if (this.started) this.handleText(data);
    else this.pending.push(data);
  }

  private handleText(data: RawData): void {
    if (this.closed) return;
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    // ws has already refused invalid UTF-8 (1007) when this transport runs behind WsGateway.
    const decoded = decodeJsonRpc(bytes, this.limits);
    if (decoded.ok) {
      this.inflight.incoming(decoded.message);
      this.onmessage?.(decoded.message, this.extra);
      return;
    }
    if (decoded.response === undefined) {
      this.onerror?.(new Error(`Dropped an unanswerable WebSocket message: ${decoded.reason}`));
      return;
    }
    this.send(decoded.response).catch((error: unknown) => this.onerror?.(toError(error)));
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.inflight.abandon();
    this.releaseFlushWaiters();
    // Before start() nobody listens yet; start() reports the close instead.
    if (this.started) this.onclose?.();
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Errors that mean the client is gone: a reset or closed connection, a write after close, or a
 * write still queued when the socket was destroyed (ECANCELED, from libuv).
 */
const PEER_GONE = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ECANCELED',
  'ETIMEDOUT',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);

export function isPeerGone(error: Error & { code?: unknown }): boolean {
  if (typeof error.code === 'string') return PEER_GONE.has(error.code);
  // ws calls back with this (no code) for a frame sent after the socket began closing.
  return error.message.startsWith('WebSocket is not open');
}

function errorCode(error: Error & { code?: unknown }): string {
  return typeof error.code === 'string' ? error.code : 'closed';
}
