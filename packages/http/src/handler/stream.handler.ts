import type { AuthInfo } from '@armature/core';
import { envelopeRevisionOf, type TokenRequest } from '@armature/core/internal';
import type { HttpRequestView, HttpResponder } from '../exchange/http-exchange';
import type { EventStore } from '../events/event-store';
import { requestProtocolVersion } from '../protocol/protocol-version';
import type { HttpSessionTransport } from '../session/http-session.transport';
import { acceptsAll } from './media-type';
import { refuse, shuttingDown } from './refuse';
import { tokenBoundResponder } from './token-bound-responder';
import type { EngineState as StreamableHttpEngine } from './engine-state';

const GET_ACCEPT = ['text/event-stream'];
const STATELESS_ALLOW = ['allow', 'POST'];

/**
 * GET: the session's stream for server-initiated messages, or a resumed stream when the
 * client sends `Last-Event-ID` (MCP 2025-11-25, transports §Listening for Messages from the
 * Server, §Resumability and Redelivery).
 */
export async function handleGet(
  engine: StreamableHttpEngine,
  req: HttpRequestView,
  response: HttpResponder,
  authInfo: AuthInfo | undefined,
  facts: TokenRequest,
): Promise<void> {
  // The stream, once open, ends when the token it was opened with expires (the client comes back with a fresh one).
  const res =
    authInfo === undefined ? response : tokenBoundResponder(response, (end) => engine.watchToken(authInfo, facts, 'GET stream', end)!);
  if (speaks2026(req))
    return refuse(res, 405, 'Method Not Allowed: MCP 2026-07-28 has no GET stream; POST subscriptions/listen instead', STATELESS_ALLOW);
  if (engine.options.stateless)
    return refuse(res, 405, 'Method Not Allowed: this server is stateless and offers no GET stream', STATELESS_ALLOW);
  if (!acceptsAll(req.header('accept'), GET_ACCEPT))
    return refuse(res, 406, 'Not Acceptable: the Accept header must list text/event-stream');
  const found = await sessionOf(engine, req, res, authInfo);
  if (found === undefined) return;
  // No new streams while the server drains.
  if (engine.closing) return shuttingDown(res);
  const session = found;
  session.lastActivity = Date.now();
  const lastEventId = req.header('last-event-id');
  // Strict Last-Event-ID: a malformed id is 400; one that names no event of this
  // session (never issued, another session's, evicted) is 404 — never a silently fresh, empty
  // stream, which would hide the loss. Servers without an event store issue no ids and ignore it.
  if (lastEventId !== undefined && lastEventId !== '' && engine.options.store !== null) {
    if (!wellFormedEventId(lastEventId, engine.options.store)) return refuse(res, 400, 'Bad Request: malformed Last-Event-ID');
    const resumed = await session.resume(res, lastEventId);
    if (resumed === 'resumed') return;
    if (resumed === 'unavailable')
      return refuse(res, 503, 'Service Unavailable: the event store failed; retry later', ['retry-after', '5']);
    return refuse(
      res,
      404,
      'Not Found: unknown Last-Event-ID, or the events after it are no longer retained; reconnect without it for a fresh stream',
    );
  }
  if (!session.openStandalone(res)) refuse(res, 409, 'Conflict: a GET stream is already open for this session');
}

/** Longest `Last-Event-ID` looked up; ids this package issues are about 30 characters. */
const MAX_EVENT_ID_LENGTH = 256;

/** Visible ASCII without spaces (what SSE `id:` lines carry here), bounded, and in the store's own shape when it says. */
function wellFormedEventId(id: string, store: EventStore): boolean {
  if (id.length > MAX_EVENT_ID_LENGTH) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return false;
  }
  return store.isWellFormed === undefined || store.isWellFormed(id);
}

/** DELETE: the client ends its session (MCP 2025-11-25, transports §Session Management). */
export async function handleDelete(
  engine: StreamableHttpEngine,
  req: HttpRequestView,
  res: HttpResponder,
  authInfo: AuthInfo | undefined,
): Promise<void> {
  if (speaks2026(req)) return refuse(res, 405, 'Method Not Allowed: MCP 2026-07-28 has no sessions to end', STATELESS_ALLOW);
  if (engine.options.stateless)
    return refuse(res, 405, 'Method Not Allowed: this server is stateless and has no sessions to end', STATELESS_ALLOW);
  const found = await sessionOf(engine, req, res, authInfo);
  if (found === undefined) return;
  try {
    await engine.endSession(found, true);
  } catch (error) {
    engine.reportError(error);
    return refuse(
      res,
      503,
      'Service Unavailable: the session ended here but the session store is unavailable; retry the DELETE in a few seconds',
      ['retry-after', '5'],
    );
  }
  res.send(200, [], undefined);
}

/** A GET or DELETE from a 2026 client: no session id and a 2026 version header. */
function speaks2026(req: HttpRequestView): boolean {
  const version = req.header('mcp-protocol-version');
  return req.header('mcp-session-id') === undefined && envelopeRevisionOf(version) !== undefined;
}

/** The session a GET or DELETE names, or undefined after answering 400/404. */
async function sessionOf(
  engine: StreamableHttpEngine,
  req: HttpRequestView,
  res: HttpResponder,
  authInfo: AuthInfo | undefined,
): Promise<HttpSessionTransport | undefined> {
  const sessionId = req.header('mcp-session-id');
  if (sessionId === undefined) {
    refuse(res, 400, 'Bad Request: the Mcp-Session-Id header is required');
    return undefined;
  }
  const session = engine.sessions.find(sessionId) ?? (await engine.restoreSession(sessionId, authInfo, res, req.method));
  if (session === undefined) return undefined;
  if (!session.ownedBy(authInfo)) {
    engine.refuseForeign(res, req.method);
    return undefined;
  }
  if (requestProtocolVersion(req.header('mcp-protocol-version'), engine.options.versions) === undefined) {
    refuse(res, 400, 'Bad Request: unsupported MCP-Protocol-Version');
    return undefined;
  }
  return session;
}
