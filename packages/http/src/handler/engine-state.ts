import type { AuthInfo, MessageExtraInfo } from '@armature/core';
import type { JSONRPCRequest } from '@armature/core/wire/2025-11-25';
import type { AbortableRequest, ConnectableApp, TokenRequest } from '@armature/core/internal';
import type { HttpResponder } from '../exchange/http-exchange';
import type { HttpSessionTransport } from '../session/http-session.transport';
import type { SessionCopies } from '../session/session-copies';
import type { SessionStore } from '../session/session-store';
import type { ResolvedHttpOptions } from '../options/resolved-options';

/**
 * The endpoint as its method handlers (POST, GET, DELETE) see it. `StreamableHttpEngine`
 * implements it; the handlers depend on this interface, not on the engine that calls them, so
 * the engine and its handlers form no import circle.
 */
export interface EngineState {
  readonly app: ConnectableApp;
  readonly options: ResolvedHttpOptions;
  readonly sessions: SessionStore;
  /** True once `close()` started: new sessions and requests are refused. */
  readonly closing: boolean;
  /** Stateless requests being served now (capped by `maxStatelessInflight`). */
  statelessInflight: number;
  /** Open 2026 `subscriptions/listen` streams, aborted on close. */
  readonly openListens: Set<AbortableRequest>;
  readonly reportError: (error: unknown) => void;
  /** A request that failed past its handler: reported, and answered 500 if nothing was sent yet. */
  fail(res: HttpResponder, error: unknown): void;
  /** Stored state and the copies of each session on other instances. */
  readonly copies: SessionCopies;
  /**
   * Whether a stateless request's answer waits for the event-store appends its handler started
   * (a shared session store with an event store): another instance may serve the sessions' streams next.
   */
  readonly collectsAppends: boolean;
  initialize(message: JSONRPCRequest, extra: MessageExtraInfo, res: HttpResponder): Promise<void>;
  /** The session `id` names, restored from stored state when no copy is live here; undefined once refused. */
  restoreSession(id: string, authInfo: AuthInfo | undefined, res: HttpResponder, method: string): Promise<HttpSessionTransport | undefined>;
  /** Runs `end` when `authInfo`'s token expires or is refused on re-verification; the stop, or undefined when anonymous. */
  watchToken(authInfo: AuthInfo | undefined, facts: TokenRequest, what: string, end: () => void): (() => void) | undefined;
  /** Answers a request naming another principal's session as for an unknown one (404), with a warning. */
  refuseForeign(res: HttpResponder, method: string): void;
  /** Ends a session: only this instance's copy, or `everywhere` (DELETE). */
  endSession(session: HttpSessionTransport, everywhere: boolean): Promise<void>;
  close(drainMs?: number): Promise<void>;
}
