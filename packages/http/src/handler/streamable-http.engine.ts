import { principalKey, type AuthInfo, type MessageExtraInfo } from '@armature/core';
import type { JSONRPCRequest } from '@armature/core/wire/2025-11-25';
import {
  bearerReverifier,
  IdleWaiters,
  watchToken,
  type AbortableRequest,
  type BearerOutcome,
  type ConnectableApp,
  type TokenRequest,
} from '@armature/core/internal';
import type { HttpSessionTransport } from '../session/http-session.transport';
import type { HttpRequestView, HttpResponder } from '../exchange/http-exchange';
import { SessionStore } from '../session/session-store';
import { SessionCopies } from '../session/session-copies';
import { checkBearer } from './bearer-auth';
import { HttpRequestFacts } from './http-request-facts';
import { isMetadataRequest, serveMetadata } from './metadata.handler';
import { handlePost } from './post.handler';
import { refuse, shuttingDown, UNKNOWN_SESSION } from './refuse';
import type { EngineState } from './engine-state';
import type { ResolvedHttpOptions } from '../options/resolved-options';
import { handleDelete, handleGet } from './stream.handler';

const ALLOW_STATEFUL = ['allow', 'GET, POST, DELETE'];
/**
 * On close, how long past its run window to wait for the app's tasks (at most a quarter of the
 * window): those still running are cancelled by the app's shutdown when the same window ends,
 * and their cancelled status is stored and told in this time.
 */
const TASK_SETTLE_GRACE_MS = 1000;
const ALLOW_STATELESS = ['allow', 'POST'];

/**
 * The Streamable HTTP protocol engine (MCP 2025-11-25, basic/transports): one endpoint,
 * POST/GET/DELETE, sessions, SSE. It speaks to the server framework only through
 * `HttpRequestView` / `HttpResponder`, so the Node and fetch adapters share every rule.
 */
export class StreamableHttpEngine implements EngineState {
  readonly sessions: SessionStore;
  /** Set by `close()`: new sessions are refused with 503 while in-flight work drains. */
  closing = false;
  private stateless = 0;
  /** Who waits for no stateless request to be in flight (the drain). */
  private readonly statelessIdle = new IdleWaiters();
  /** Open MCP 2026-07-28 `subscriptions/listen` streams, ended with their result by `close()`. */
  readonly openListens = new Set<AbortableRequest>();
  readonly reportError: (error: unknown) => void;
  /** Stored state and the copies of each session on other instances (one process's bookkeeping by default). */
  readonly copies: SessionCopies;
  readonly collectsAppends: boolean;
  private readonly onSessionClosed = (closed: HttpSessionTransport): void => this.sessions.remove(closed);

  constructor(
    readonly app: ConnectableApp,
    readonly options: ResolvedHttpOptions,
  ) {
    this.sessions = new SessionStore(options.maxSessions, options.idleTimeoutMs);
    this.sessions.onIdle((idle) => {
      for (const session of idle) void this.endSession(session, false);
    });
    this.reportError = (error) => options.onError(error instanceof Error ? error : new Error(String(error)));
    this.copies = new SessionCopies(app, options, this.sessions, options.sessionStore, app.notificationBus?.(), this.reportError);
    this.collectsAppends = options.sessionStore.shared && options.store !== null && options.appendWaitMs > 0;
  }

  /**
   * Handles one request on the MCP endpoint (or its metadata paths). Never throws and never
   * rejects. Not `async`: a POST returns once its body is being read (the rest runs in the
   * read's callbacks), which spares every request an async frame and a promise; only the
   * paths that await something (bearer check, GET, DELETE, session work) return a promise.
   */
  handle(req: HttpRequestView, response: HttpResponder): Promise<void> | void {
    let res = response;
    try {
      // DNS-rebinding defence first: nothing else is looked at for a forbidden Host/Origin.
      const origin = req.header('origin');
      const forbidden = this.options.guard.check(req.header('host'), origin);
      if (forbidden !== undefined) return refuse(res, 403, `Forbidden: ${forbidden}`);
      const cors = this.options.cors;
      if (cors !== null && origin !== undefined) {
        const preflight = req.method === 'OPTIONS' && req.header('access-control-request-method') !== undefined;
        if (!cors.allows(origin)) {
          if (preflight) return refuse(res, 403, 'Forbidden: this origin may not call the server from a browser (CORS)');
        } else {
          if (preflight) return cors.answerPreflight(origin, res);
          res = cors.wrap(origin, res);
        }
      }
      const auth = this.options.auth;
      if (isMetadataRequest(req, auth)) return serveMetadata(req, res, auth);
      const facts = new HttpRequestFacts(req);
      const verify = this.options.verifyToken;
      if (verify !== undefined && auth !== null)
        return this.afterBearer(req, res, facts, checkBearer(req, facts, verify, auth, this.reportError));
      return this.route(req, res, req.authInfo, facts);
    } catch (error) {
      this.fail(res, error);
    }
  }

  /** A request that threw or rejected past its handler: reported, and answered 500 if nothing was sent yet. */
  fail(res: HttpResponder, error: unknown): void {
    this.reportError(error);
    refuse(res, 500, 'Internal Server Error');
  }

  private async afterBearer(
    req: HttpRequestView,
    res: HttpResponder,
    facts: HttpRequestFacts,
    check: Promise<BearerOutcome>,
  ): Promise<void> {
    try {
      const verdict = await check;
      if (!verdict.ok) return refuse(res, 401, verdict.message, ['www-authenticate', verdict.challenge]);
      await this.route(req, res, verdict.authInfo, facts);
    } catch (error) {
      this.fail(res, error);
    }
  }

  /** The method handlers; a handler that returns a promise has its rejection answered 500 here. */
  private route(req: HttpRequestView, res: HttpResponder, authInfo: AuthInfo | undefined, facts: HttpRequestFacts): Promise<void> | void {
    let pending: Promise<void> | void;
    switch (req.method) {
      case 'POST':
        pending = handlePost(this, req, res, authInfo, facts);
        break;
      case 'GET':
        pending = handleGet(this, req, res, authInfo, facts);
        break;
      case 'DELETE':
        pending = handleDelete(this, req, res, authInfo);
        break;
      default:
        return refuse(res, 405, `Method Not Allowed: ${req.method}`, this.options.stateless ? ALLOW_STATELESS : ALLOW_STATEFUL);
    }
    return pending === undefined ? undefined : pending.then(undefined, (error: unknown) => this.fail(res, error));
  }

  /** `initialize` without a session id: open a session and let it answer. */
  async initialize(message: JSONRPCRequest, extra: MessageExtraInfo, res: HttpResponder): Promise<void> {
    if (this.closing) return refuse(res, 503, 'Service Unavailable: the server is shutting down', ['retry-after', '5']);
    if (this.sessions.full) {
      return refuse(res, 503, 'Service Unavailable: the server has reached its session limit; retry later or end unused sessions', [
        'retry-after',
        '5',
      ]);
    }
    const session = this.copies.open(this.sessions.newId(), principalKey(extra.authInfo), this.onSessionClosed);
    this.sessions.add(session);
    try {
      const prefix = this.copies.replyPrefix;
      session.connected = await this.app.connect(session, prefix === undefined ? undefined : { clientRequestIdPrefix: prefix });
    } catch (error) {
      this.sessions.remove(session);
      this.reportError(error);
      return refuse(res, 500, 'Internal Server Error: could not open a session');
    }
    session.receiveRequest(message, extra, res);
  }

  /**
   * The session `id` names, served from its stored state when this instance holds no live copy
   * (another instance opened it); undefined after answering 404 (unknown, ended, another
   * principal's) or 503 (the session store failed, this instance is full, or it is shutting
   * down: the session may have been ended by the shutdown, and another instance can serve it).
   */
  async restoreSession(
    id: string,
    authInfo: AuthInfo | undefined,
    res: HttpResponder,
    method: string,
  ): Promise<HttpSessionTransport | undefined> {
    if (this.closing) {
      shuttingDown(res);
      return undefined;
    }
    const found = await this.copies.restore(id, principalKey(authInfo), this.onSessionClosed);
    if (typeof found !== 'string') return found;
    if (found === 'unavailable')
      refuse(res, 503, 'Service Unavailable: the session store is unavailable right now; retry in a few seconds', ['retry-after', '5']);
    else if (found === 'full')
      refuse(res, 503, 'Service Unavailable: this instance has reached its session limit; retry later', ['retry-after', '5']);
    else if (found === 'foreign') this.refuseForeign(res, method);
    else refuse(res, 404, UNKNOWN_SESSION);
    return undefined;
  }

  /**
   * Runs `end` when the token `authInfo` came with expires, or once a re-verification (for a
   * token without `expiresAt`, every `reverifyTokenMs`) refuses it: long-lived streams do not
   * outlive their token. Returns the stop, or undefined for an anonymous request (nothing to watch).
   */
  watchToken(authInfo: AuthInfo | undefined, facts: TokenRequest, what: string, end: () => void): (() => void) | undefined {
    if (authInfo === undefined) return undefined;
    const options = this.options;
    return watchToken({
      authInfo,
      reverify: bearerReverifier(options.auth, options.verifyToken, authInfo, facts, this.reportError),
      reverifyEveryMs: options.reverifyTokenMs,
      onEnd: (why) => {
        options.logger.debug(`http: ended a ${what}: its access token ${why === 'expired' ? 'expired' : 'is no longer accepted'}`);
        end();
      },
    });
  }

  /**
   * A request naming a session another principal opened (its id stolen or guessed): answered
   * exactly as an unknown session (404), and told to the operator at warn, without token or id.
   */
  refuseForeign(res: HttpResponder, method: string): void {
    this.options.logger.warn(
      `http: a ${method} named a 2025 session that another principal opened; answered 404 as for an unknown session`,
    );
    refuse(res, 404, UNKNOWN_SESSION);
  }

  /**
   * Ends a session: the app's side first (it may still answer), then the transport.
   * `everywhere` (DELETE): its stored state goes and every instance's copy closes; otherwise
   * only this instance's copy ends (idle here, shutdown), and the state stays where others serve it.
   */
  async endSession(session: HttpSessionTransport, everywhere: boolean): Promise<void> {
    this.sessions.remove(session);
    if (everywhere) session.forgetStreams();
    try {
      await session.connected?.close();
    } catch (error) {
      this.reportError(error);
    }
    await session.close();
    // Only this copy ends otherwise: a shared store keeps the session for the other instances (its TTL ends it).
    if (everywhere) await this.copies.forget(session.sessionId);
  }

  /** Stateless requests still waiting for their answer (the handlers count them; the drain is woken at zero). */
  get statelessInflight(): number {
    return this.stateless;
  }
  set statelessInflight(count: number) {
    this.stateless = count;
    if (count === 0) this.statelessIdle.wake();
  }

  /**
   * Stops taking new sessions, lets in-flight requests finish for up to `drainMs`, then ends
   * every session (requests still open get an error answer, never silence).
   */
  async close(drainMs = 10_000): Promise<void> {
    this.closing = true;
    for (const listen of [...this.openListens]) listen.shutdown();
    this.openListens.clear();
    const deadline = Date.now() + drainMs;
    // No new request is taken from here on: wait (woken, not polled) for those in flight, at most drainMs.
    await Promise.all([
      this.statelessIdle.wait(this.stateless === 0, drainMs),
      ...this.sessions.all().map((session) => session.whenAnswered(drainMs)),
    ]);
    // Tasks still running when the app's run window ends are cancelled by its shutdown then: their
    // final status goes out on their sessions' streams before the sessions end (bounded).
    await this.app.whenTasksIdle?.(Math.max(0, deadline - Date.now()) + Math.min(TASK_SETTLE_GRACE_MS, drainMs / 4));
    this.sessions.stopSweeper();
    await Promise.all(this.sessions.all().map((session) => this.endSession(session, false)));
    // Appends raised before now (by a handler or a timer) are stored before the app closes its
    // stores, within what is left of the window (a stalled store cannot hold a shutdown past it).
    await this.copies.close(Math.max(0, deadline - Date.now()));
  }
}
