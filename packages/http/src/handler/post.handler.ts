import {
  SUPPORTED_PROTOCOL_VERSIONS,
  WireErrorCode,
  type AuthInfo,
  type MessageExtraInfo,
  type TransportRequestInfo,
} from '@armature/core';
import type { JSONRPCRequest } from '@armature/core/wire/2025-11-25';
import { envelopeRevisionOf, hasEnvelope, ONLY_2026 } from '@armature/core/internal';
import type { BodyConsumer, HttpRequestView, HttpResponder, ParsedBody } from '../exchange/http-exchange';
import { errorBody } from '../protocol/http-error';
import { checkParsed, decodeBody, isInitialize, type DecodedBody } from '../protocol/json-rpc-message';
import { requestProtocolVersion } from '../protocol/protocol-version';
import { acceptsAll, isJsonContentType } from './media-type';
import { accepted, refuse, shuttingDown, unsupportedVersion } from './refuse';
import type { EngineState as StreamableHttpEngine } from './engine-state';
import type { HttpSessionTransport } from '../session/http-session.transport';
import { postStateless2026 } from './post-2026';
import { postStateless } from './post-stateless';

const POST_ACCEPT = ['application/json', 'text/event-stream'];
const JSON_HEADERS = ['content-type', 'application/json'];
type Decoded = Extract<DecodedBody, { ok: true }>;

/**
 * POST: one JSON-RPC message (MCP 2025-11-25, transports §Sending Messages to the Server). The
 * header checks run at once; the body goes to a `PostBody`, which decodes it and hands the
 * message on (a callback rather than an awaited promise: no promise and no async resumption
 * per request on the hot path). Returns before the body is read; a failure after that is
 * answered through `engine.fail` (500).
 */
export function handlePost(
  engine: StreamableHttpEngine,
  req: HttpRequestView,
  res: HttpResponder,
  authInfo: AuthInfo | undefined,
  facts: TransportRequestInfo,
): void {
  const options = engine.options;
  if (!acceptsAll(req.header('accept'), POST_ACCEPT)) {
    return refuse(res, 406, 'Not Acceptable: the Accept header must list application/json and text/event-stream');
  }
  if (!isJsonContentType(req.header('content-type'))) {
    return refuse(res, 415, 'Unsupported Media Type: the Content-Type must be application/json');
  }
  const declared = req.header('content-length');
  if (declared !== undefined && Number(declared) > options.maxBodyBytes) return tooLarge(res, options.maxBodyBytes);
  req.readBody(options.maxBodyBytes, new PostBody(engine, req, res, authInfo, facts));
}

/** The rest of one POST once its body is read: decode, then the 2026 kernel or a 2025 session. */
class PostBody implements BodyConsumer {
  constructor(
    private readonly engine: StreamableHttpEngine,
    private readonly req: HttpRequestView,
    private readonly res: HttpResponder,
    private readonly authInfo: AuthInfo | undefined,
    private readonly facts: TransportRequestInfo,
  ) {}

  body(body: Uint8Array | ParsedBody | null): void {
    try {
      const pending = postBody(this.engine, body, this.req, this.res, this.authInfo, this.facts);
      if (pending !== undefined) pending.then(undefined, (error: unknown) => this.failed(error));
    } catch (error) {
      this.failed(error);
    }
  }

  failed(error: unknown): void {
    this.engine.fail(this.res, error);
  }
}

/** Decodes a POST body and hands the message on: the 2026 kernel, or a 2025 session. */
function postBody(
  engine: StreamableHttpEngine,
  body: Uint8Array | ParsedBody | null,
  req: HttpRequestView,
  res: HttpResponder,
  authInfo: AuthInfo | undefined,
  facts: TransportRequestInfo,
): Promise<void> | void {
  const options = engine.options;
  if (body === null) return tooLarge(res, options.maxBodyBytes);
  const decoded =
    body instanceof Uint8Array ? decodeBody(body, options.decodeLimits) : checkParsed(body.parsed, options.decodeLimits.maxIdLength);
  if (!decoded.ok) {
    // Every undecodable body is a 400; its JSON-RPC error (-32700, -32600, -32602) says why.
    const reply = decoded.response ?? {
      jsonrpc: '2.0',
      error: { code: WireErrorCode.InvalidRequest, message: `Invalid request: ${decoded.reason}` },
    };
    return res.send(400, JSON_HEADERS, JSON.stringify(reply));
  }
  const kernel = engine.app.requestKernel?.();
  if (kernel !== undefined && isRevision2026Post(decoded, req, options.versions)) {
    // A 2026 notification has nowhere to go without a session (a stream closes to cancel).
    if (decoded.kind !== 'request') return accepted(res);
    return postStateless2026(engine, kernel, decoded.message as JSONRPCRequest, req, res, authInfo, facts);
  }
  const extra: MessageExtraInfo = { authInfo, requestInfo: facts };
  return options.stateless ? postStateless(engine, decoded, req, res, extra) : postStateful(engine, decoded, req, res, extra);
}

/**
 * A POST on a session. Not `async`: a session this instance holds is served without a promise
 * or an async resumption (as a stateless POST is). One it does not hold is restored from its
 * stored state (another instance opened it) and the POST is served again with that copy,
 * `restored`.
 */
function postStateful(
  engine: StreamableHttpEngine,
  decoded: Decoded,
  req: HttpRequestView,
  res: HttpResponder,
  extra: MessageExtraInfo,
  restored?: HttpSessionTransport,
): Promise<void> | void {
  const message = decoded.message;
  const sessionId = req.header('mcp-session-id');
  const initialize = decoded.kind === 'request' && isInitialize(message);
  if (sessionId === undefined) {
    if (initialize) return engine.initialize(message, extra, res);
    return refuse(res, 400, 'Bad Request: the Mcp-Session-Id header is required');
  }
  const session = restored ?? engine.sessions.find(sessionId);
  if (session === undefined)
    return engine
      .restoreSession(sessionId, extra.authInfo, res, 'POST')
      .then((copy) => (copy === undefined ? undefined : postStateful(engine, decoded, req, res, extra, copy)));
  // A session belongs to the principal that opened it: another principal holding its id
  // (stolen or guessed) is told no more than for an unknown id.
  if (!session.ownedBy(extra.authInfo)) return engine.refuseForeign(res, 'POST');
  if (restored === undefined) engine.copies.touch(session);
  // A session is initialized once (MCP lifecycle): a second `initialize` on it is a bad
  // request at the HTTP level too, not a 200 carrying the error.
  if (initialize)
    return res.send(
      400,
      JSON_HEADERS,
      errorBody(
        WireErrorCode.InvalidRequest,
        'Invalid request: the session is already initialized; initialize without Mcp-Session-Id for a new one',
        (message as JSONRPCRequest).id,
      ),
    );
  if (requestProtocolVersion(req.header('mcp-protocol-version'), engine.options.versions) === undefined) return unsupportedVersion(res);
  session.lastActivity = Date.now();
  if (decoded.kind !== 'request') {
    // Notifications and responses still reach the session while it drains: a cancellation or
    // an elicitation answer may be what lets the work in flight finish.
    // notifications/initialized is acknowledged once the session's other copies heard of it.
    const told = session.receive(message, extra);
    if (told === undefined) return accepted(res);
    return told.then(
      () => accepted(res),
      () => accepted(res),
    );
  }
  // New work is refused once shutdown began, with a status a client can act on.
  if (engine.closing) return shuttingDown(res);
  const request = message as JSONRPCRequest;
  if (!session.receiveRequest(request, extra, res)) {
    // Answers are routed by id within the session; a second request with a live id would
    // steal the first one's answer, so it is refused on its own exchange.
    res.send(
      200,
      JSON_HEADERS,
      errorBody(WireErrorCode.InvalidRequest, 'Invalid Request: a request with this id is already in flight in this session', request.id),
    );
  }
}

/** Every 2025-era version, served or not: a header naming one stays on the session path (which answers 400 when it is not served). */
const KNOWN_2025: ReadonlySet<string> = new Set(SUPPORTED_PROTOCOL_VERSIONS);

/**
 * Whether a POST speaks MCP 2026-07-28 (served statelessly by the request kernel) rather than
 * 2025-11-25 (sessions), decided before anything could open or look up a session:
 * - a body carrying the 2026 `_meta` envelope is 2026, whatever else it carries: the envelope
 *   decides. An `Mcp-Session-Id` header is ignored (2026 has no sessions), `initialize` is a
 *   removed method (-32601, 404), a version header that disagrees is -32020;
 * - otherwise an `Mcp-Session-Id` header keeps the POST on its 2025 session;
 * - otherwise a version header a sessionless revision serves (a 2026 client's `initialize` is a removed method, not the
 *   start of a session), a version header this server has never heard of (a newer client: -32022
 *   tells it what we speak) or a 2026-only method is 2026, and anything else 2025.
 */
function isRevision2026Post(decoded: Decoded, req: HttpRequestView, versions2025: ReadonlySet<string>): boolean {
  const message = decoded.message as { method?: unknown; params?: unknown };
  if (hasEnvelope(message.params)) return true;
  if (req.header('mcp-session-id') !== undefined) return false;
  const header = req.header('mcp-protocol-version');
  if (envelopeRevisionOf(header) !== undefined) return true;
  if (decoded.kind === 'request' && isInitialize(decoded.message)) return false;
  if (header !== undefined && versions2025.has(header)) return false;
  if (header !== undefined && header !== '' && !KNOWN_2025.has(header)) return true;
  return typeof message.method === 'string' && ONLY_2026.has(message.method);
}

function tooLarge(res: HttpResponder, limit: number): void {
  refuse(res, 413, `Payload Too Large: the body exceeds ${limit} bytes`);
}
