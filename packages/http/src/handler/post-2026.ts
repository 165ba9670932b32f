import { WireErrorCode, type AuthInfo, type TransportRequestInfo } from '@armature/core';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest } from '@armature/core/wire/2025-11-25';
import {
  addedRevisionOf,
  encodeJsonRpc,
  envelopeRevisionOf,
  NO_PARAMS,
  type AbortableRequest,
  type ExchangeSink,
  type RequestKernel,
} from '@armature/core/internal';
import type { HeaderList, HttpRequestView, HttpResponder } from '../exchange/http-exchange';
import { appendsSettled, collectingAppends } from '../events/answer-appends';
import { errorBody } from '../protocol/http-error';
import { checkMcpHeaders } from '../protocol/mcp-headers';
import { SseConnection } from '../sse/sse-connection';
import { SseStream } from '../sse/sse-stream';
import { refuse } from './refuse';
import { refuseWhenSaturated } from './stateless-limit';
import type { EngineState as StreamableHttpEngine } from './engine-state';

const JSON_HEADERS: HeaderList = ['content-type', 'application/json'];
const SSE_HEADERS: HeaderList = ['content-type', 'text/event-stream', 'cache-control', 'no-cache, no-transform', 'x-accel-buffering', 'no'];
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

/**
 * The answer to one MCP 2026-07-28 POST: a JSON body when the response is the only message,
 * otherwise an SSE stream (progress, logs, a subscription's notifications) that ends with the
 * response. No event ids: 2026 requests are not resumable. Error statuses (400, 404, 503, and
 * the 401/403 challenges of `AnswerHeads`, as on 2025) apply while nothing was streamed yet.
 */
class Http2026Sink implements ExchangeSink {
  private stream: SseStream | null = null;
  private done = false;
  private released = false;
  /** The running request, once dispatched and still running (a listen stream leaves `openListens` with it). */
  running: AbortableRequest | undefined = undefined;
  /** Stops the token expiry watch of a listen stream. */
  stopWatch: (() => void) | undefined = undefined;

  constructor(
    private readonly res: HttpResponder,
    private readonly engine: StreamableHttpEngine,
    /** A `subscriptions/listen` stream: counted in `openListens`, not in `statelessInflight`. */
    private readonly listen: boolean,
    /** Whether the request carried a token (an insufficient scope is then a 403 step-up). */
    private readonly authenticated: boolean,
    /** The event-store appends the handler started, stored before the answer goes out (a shared store only). */
    private readonly appends: Set<Promise<unknown>> | undefined,
  ) {}

  notify(message: JSONRPCNotification): Promise<void> {
    if (this.done) return Promise.resolve();
    try {
      this.open().push(message, encodeJsonRpc(message), false);
    } catch {
      // A notification that cannot be serialized is dropped; the response still goes out.
    }
    return Promise.resolve();
  }

  respond(message: JSONRPCMessage, status: number): void {
    if (this.done) return;
    this.done = true;
    const appends = this.appends;
    if (appends === undefined || appends.size === 0) return this.answer(message, status);
    // What the handler raised for 2025 sessions' GET streams (a resources/updated, a list change) is
    // stored before the client hears the answer: an instance killed right after answering loses none of it.
    void appendsSettled(appends, this.engine.options.appendWaitMs).then(() => this.answer(message, status));
  }

  private answer(message: JSONRPCMessage, status: number): void {
    const json = encodeJsonRpc(message);
    if (this.stream === null) this.engine.options.answers.send(this.res, message, json, status, JSON_HEADERS, this.authenticated);
    else this.stream.push(message, json, true);
    this.release();
  }

  /** Ends the engine's bookkeeping of this request, once (answered, or abandoned by the client). */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.stopWatch?.();
    if (!this.listen) this.engine.statelessInflight--;
    else if (this.running !== undefined) this.engine.openListens.delete(this.running);
  }

  /** The client closed the request's stream before the answer: the request is cancelled (MCP 2026-07-28). */
  clientGone(): void {
    this.running?.abort('the client closed the request stream');
    this.release();
  }

  private open(): SseStream {
    if (this.stream === null) {
      this.stream = new SseStream('', null, () => undefined);
      this.stream.attach(new SseConnection(this.res.openStream(SSE_HEADERS), this.engine.options.timing), false);
    }
    return this.stream;
  }
}

/**
 * A 2026 POST (no session: everything the server needs is in the request). The method is
 * checked first, so an unknown or removed method is 404 whatever else is wrong; then the
 * routing headers against the body (-32020), then the kernel checks the `_meta` envelope and
 * serves the request.
 */
export function postStateless2026(
  engine: StreamableHttpEngine,
  kernel: RequestKernel,
  request: JSONRPCRequest,
  req: HttpRequestView,
  res: HttpResponder,
  authInfo: AuthInfo | undefined,
  facts: TransportRequestInfo,
): void {
  const method = request.method;
  const params = (request.params ?? {}) as Record<string, unknown>;
  // A revision added next to 2026-07-28 (addEnvelopeRevision) serves the requests that name it (the
  // kernel's dispatch chooses it by the envelope): its method table decides whether the headers are checked.
  const added = addedRevisionOf(envelopeVersion(params) ?? req.header('mcp-protocol-version'));
  if (added === undefined ? kernel.serves(method) : added.methods.has(method)) {
    const problem = checkMcpHeaders(req, method, params, kernel) ?? versionHeaderProblem(req.header('mcp-protocol-version'), params);
    if (problem !== undefined) {
      res.send(400, JSON_HEADERS, errorBody(problem.code, problem.message, request.id));
      return;
    }
  }
  if (engine.closing) return refuse(res, 503, 'Service Unavailable: the server is shutting down', ['retry-after', '5']);
  // A listen stream holds no work: a shutdown ends it at once (engine.close) instead of waiting for it.
  const listen = method === 'subscriptions/listen';
  if (!listen && refuseWhenSaturated(engine.statelessInflight, engine.options.maxStatelessInflight, request.id, res)) return;
  if (!listen) engine.statelessInflight++;
  // A listen stream raises nothing itself, and lives too long to collect what runs in its context.
  const appends = !listen && engine.collectsAppends ? new Set<Promise<unknown>>() : undefined;
  const sink = new Http2026Sink(res, engine, listen, authInfo !== undefined, appends);
  const incoming = { id: request.id, method, params: request.params ?? NO_PARAMS, authInfo, requestInfo: facts, session: undefined };
  const running =
    appends === undefined ? kernel.dispatch(incoming, sink) : collectingAppends(appends, () => kernel.dispatch(incoming, sink));
  if (running === undefined || running.finished) return;
  holdOpen(engine, sink, running, listen, res, authInfo, facts);
}

/**
 * A request still running after dispatch: its sink learns of it, and of the client going away.
 * Apart from postStateless2026 so that its closures cost a request answered at once nothing.
 */
function holdOpen(
  engine: StreamableHttpEngine,
  sink: Http2026Sink,
  running: AbortableRequest,
  listen: boolean,
  res: HttpResponder,
  authInfo: AuthInfo | undefined,
  facts: TransportRequestInfo,
): void {
  sink.running = running;
  if (listen) {
    engine.openListens.add(running);
    // A listen stream ends with its result when its token expires, as at shutdown; the client listens again with a fresh token.
    sink.stopWatch = engine.watchToken(authInfo, facts, 'listen stream', () => running.shutdown());
  }
  res.onClientGone?.(() => sink.clientGone());
}

/**
 * `MCP-Protocol-Version` must equal the envelope's version (else -32020), and is required when
 * the envelope names a version this server serves (MCP 2026-07-28: the client sends it on every
 * request). A body without an envelope, or naming a version we do not serve, is left to the
 * kernel (-32602, -32022): those answers say more than a missing header.
 */
function versionHeaderProblem(
  header: string | undefined,
  params: Readonly<Record<string, unknown>>,
): { code: number; message: string } | undefined {
  const version = envelopeVersion(params);
  if (header === undefined && typeof version === 'string' && envelopeRevisionOf(version) !== undefined) {
    return {
      code: WireErrorCode.HeaderMismatch,
      message: `Header mismatch: the MCP-Protocol-Version header is required (send "${version}", the envelope's version)`,
    };
  }
  if (header === undefined || typeof version !== 'string' || header === version) return undefined;
  return {
    code: WireErrorCode.HeaderMismatch,
    message: 'Header mismatch: the MCP-Protocol-Version header does not match _meta "io.modelcontextprotocol/protocolVersion"',
  };
}

/** The version a request's `_meta` envelope names, when it names one. */
function envelopeVersion(params: Readonly<Record<string, unknown>>): unknown {
  const meta = params._meta;
  return typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[META_VERSION] : undefined;
}
