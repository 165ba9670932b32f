import { McpWireError, WireErrorCode } from '@armature/core';
import { SENT } from '@armature/core/internal';
import type { MessageExtraInfo, Transport, TransportSendOptions } from '@armature/core';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@armature/core/wire/2025-11-25';
import type { HeaderList, HttpResponder } from '../exchange/http-exchange';
import { isRequest, isResponse } from '../protocol/json-rpc-message';
import { SseConnection, type SseTiming } from '../sse/sse-connection';
import { SseStream } from '../sse/sse-stream';
import type { AnswerHeads } from '../protocol/answer-head';
import { ResponseChannel, type ChannelHost } from '../session/response-channel';

const JSON_HEADERS: HeaderList = ['content-type', 'application/json'];
const SSE_HEADERS: HeaderList = ['content-type', 'text/event-stream', 'cache-control', 'no-cache, no-transform', 'x-accel-buffering', 'no'];

/**
 * The rejection a handler sees when it asks the client something (`ctx.elicit`, `ctx.sample`,
 * `ctx.listRoots`) on a stateless server: there is no session to carry the client's answer back.
 * It is an `McpWireError` (-32600) because its message is written for the client: a tool that
 * does not catch it answers `isError` with this text, other handlers a JSON-RPC error.
 */
export class StatelessServerRequestError extends McpWireError {
  constructor(readonly method: string) {
    super(
      WireErrorCode.InvalidRequest,
      `${method} is not available: this server runs Streamable HTTP in stateless mode, where there is no session ` +
        "to carry the client's answer back. Elicitation, sampling and roots need a stateful server (the default).",
    );
    this.name = 'StatelessServerRequestError';
  }
}

/**
 * The `Transport` of one stateless POST: a session that lives for one request. Its response
 * (and any progress or log sent during the call) goes on this POST's answer; server→client
 * requests are refused (`send` rejects with `StatelessServerRequestError`, which says why); and
 * broadcasts (list_changed, resources/updated) are dropped, since there is no stream for them.
 */
export class StatelessTransport implements Transport, ChannelHost {
  onmessage?: ((message: JSONRPCMessage, extra?: MessageExtraInfo) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  readonly sessionId = undefined;
  readonly jsonHeaders = JSON_HEADERS;

  private readonly channel: ResponseChannel;
  private readonly requestId: RequestId;
  private closed = false;

  constructor(
    private readonly request: JSONRPCRequest,
    responder: HttpResponder,
    private readonly timing: SseTiming,
    answers: AnswerHeads,
    authenticated: boolean,
    private readonly onAnswered: () => void,
  ) {
    this.requestId = request.id;
    this.channel = new ResponseChannel(responder, this, false, answers, authenticated);
  }

  start(): Promise<void> {
    return SENT;
  }

  /** Hands the POSTed request to the session. */
  dispatch(extra: MessageExtraInfo): void {
    this.onmessage?.(this.request, extra);
  }

  /** Not `async`: a delivered message resolves with the shared `SENT`, which the session recognises (no handler attached). */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      if (isResponse(message)) {
        if ((message as { id?: RequestId }).id !== this.requestId) return SENT;
        this.channel.deliver(message, true);
        this.onAnswered();
        return SENT;
      }
      if (isRequest(message)) return Promise.reject(new StatelessServerRequestError(message.method));
      if (options?.relatedRequestId === this.requestId) this.channel.deliver(message, false);
      return SENT;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  openRequestStream(responder: HttpResponder): SseStream {
    const stream = new SseStream('', null, () => undefined);
    stream.attach(new SseConnection(responder.openStream(SSE_HEADERS), this.timing), false);
    return stream;
  }

  close(): Promise<void> {
    if (this.closed) return SENT;
    this.closed = true;
    try {
      if (!this.channel.answered) {
        this.channel.deliver(
          {
            jsonrpc: '2.0',
            id: this.requestId,
            error: { code: WireErrorCode.ConnectionClosed, message: 'Session closed before the request was answered' },
          },
          true,
        );
      }
      this.onclose?.();
    } catch (error) {
      return Promise.reject(error);
    }
    return SENT;
  }
}
