import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { encodeJsonRpc } from '@armature/core/internal';
import type { HeaderList, HttpResponder } from '../exchange/http-exchange';
import type { SseStream } from '../sse/sse-stream';
import type { AnswerHeads } from '../protocol/answer-head';

/** What a response channel needs from the session (or stateless exchange) that owns it. */
export interface ChannelHost {
  /** Headers of a plain JSON answer. */
  readonly jsonHeaders: HeaderList;
  /** Opens an SSE stream on `responder` for one request (priming it when `prime`). */
  openRequestStream(responder: HttpResponder, prime: boolean): SseStream;
}

const NO_HEADERS: HeaderList = [];

/**
 * The answer to one POSTed JSON-RPC request (MCP 2025-11-25, transports §Sending Messages):
 * a single `application/json` body when the response is the only message, or an SSE stream
 * as soon as the server sends anything else first (progress, a log message, a server→client
 * request), ending with the response. Nothing is buffered: the choice is made by the first
 * message.
 *
 * An answer sent before anything was streamed gets its status and challenge from `AnswerHeads`
 * (an `InsufficientScopeError` becomes `403` with `WWW-Authenticate: Bearer
 * error="insufficient_scope", scope="…"`, so clients can step up); once the SSE stream has
 * started, the status is sent and the error stays in-band.
 */
export class ResponseChannel {
  private stream: SseStream | null = null;
  private done = false;

  constructor(
    private readonly responder: HttpResponder,
    private readonly host: ChannelHost,
    private readonly prime: boolean,
    /** The endpoint's mapping of answers to HTTP status and challenges. */
    private readonly answers: AnswerHeads,
    /** Whether the request carried a token (a 403 step-up rather than a 401). */
    private readonly authenticated: boolean,
  ) {}

  /** True once the response has been sent. */
  get answered(): boolean {
    return this.done;
  }

  /**
   * Ends this answer without a response: its request was cancelled. An SSE answer is closed
   * without the response event; an answer that has not started gets `202` and no body, so the
   * client's POST ends instead of waiting for a response that will never come.
   */
  cancel(): void {
    if (this.done) return;
    this.done = true;
    if (this.stream !== null) this.stream.cancel();
    else this.responder.send(202, NO_HEADERS, undefined);
  }

  /**
   * Sends one message on this request's answer; `final` for the response itself. `headers`
   * replace the host's JSON headers of a plain answer (a failed `initialize` names no session).
   */
  deliver(message: JSONRPCMessage, final: boolean, headers: HeaderList = this.host.jsonHeaders): void {
    if (this.done) return;
    const json = encodeJsonRpc(message);
    if (this.stream === null) {
      if (final) {
        this.done = true;
        this.answers.send(this.responder, message, json, 200, headers, this.authenticated);
        return;
      }
      this.stream = this.host.openRequestStream(this.responder, this.prime);
    }
    if (final) this.done = true;
    this.stream.push(message, json, final);
  }
}
