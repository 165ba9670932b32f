import type { AuthInfo } from '../../context/request-context';
import { TOKEN_CLOCK_SKEW_SEC } from './clock-skew';
import type { BearerAuthenticator } from './bearer.authenticator';
import type { TokenRequest, VerifyToken } from './verify-token';

/**
 * 5 minutes: how often a long-lived connection whose token names no expiry (an introspected
 * token without `exp`, an API key) has its token verified again, so a revocation ends it.
 */
export const DEFAULT_REVERIFY_TOKEN_MS = 5 * 60_000;

/** Longest single `setTimeout` Node honours; a later expiry is reached in steps of this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why a watched connection must end. */
export type TokenEnd = 'expired' | 'rejected';

/** What `watchToken` needs. */
export interface TokenWatchOptions {
  /** The principal the connection was opened with. */
  readonly authInfo: AuthInfo;
  /**
   * Verifies the token again (the transport's bearer check: verifier, expiry, audience);
   * resolves false once it is no longer accepted. Undefined: nothing to re-verify with (a
   * principal set by an upstream layer), so only `expiresAt` ends the connection.
   */
  readonly reverify: (() => Promise<boolean>) | undefined;
  /** Interval of `reverify` for a token without `expiresAt`, in ms; 0 never re-verifies. */
  readonly reverifyEveryMs: number;
  /** Ends the connection; called at most once. */
  readonly onEnd: (why: TokenEnd) => void;
}

/**
 * Watches the token of a long-lived connection (a WebSocket, a 2025 GET stream, a 2026 listen
 * stream): a bearer token is checked when the connection opens, and without this the
 * connection would outlive the token. With `expiresAt`, `onEnd('expired')` runs once it
 * is past by more than the shared clock skew (`TOKEN_CLOCK_SKEW_SEC`); without it, the token is verified again every `reverifyEveryMs` and
 * `onEnd('rejected')` runs on the first refusal (a revoked or inactive token). One timer at a
 * time, unref'd; the returned function stops it (call it when the connection ends first).
 */
export function watchToken(options: TokenWatchOptions): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const end = (why: TokenEnd): void => {
    if (stopped) return;
    stopped = true;
    options.onEnd(why);
  };
  const expiresAt = options.authInfo.expiresAt;
  if (typeof expiresAt === 'number' && Number.isFinite(expiresAt)) {
    // The same instant the transport starts refusing the token (its expiry plus the shared
    // clock skew), so a client reconnecting inside the skew is not cut again at once.
    const deadline = (expiresAt + TOKEN_CLOCK_SKEW_SEC) * 1000;
    // Always through a timer, even when already past: `onEnd` never runs inside `watchToken`.
    const arm = (): void => {
      const left = deadline - Date.now();
      timer = setTimeout(() => (deadline <= Date.now() ? end('expired') : arm()), Math.max(0, Math.min(left, MAX_TIMER_MS))).unref();
    };
    arm();
  } else if (options.reverify !== undefined && options.reverifyEveryMs > 0) {
    const reverify = options.reverify;
    const again = (): void => {
      timer = setTimeout(() => {
        timer = undefined;
        reverify().then(
          (accepted) => {
            if (!accepted) end('rejected');
            else if (!stopped) again();
          },
          () => end('rejected'),
        );
      }, options.reverifyEveryMs).unref();
    };
    again();
  }
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}

/**
 * The `reverify` of a connection opened with `authInfo` through the transport's bearer check:
 * the same verifier, expiry and audience rules, on the same request facts. Undefined when the
 * principal did not come from a token this transport verified.
 */
export function bearerReverifier(
  auth: BearerAuthenticator | null,
  verify: VerifyToken | undefined,
  authInfo: AuthInfo,
  request: TokenRequest,
  onError: (error: unknown) => void,
): (() => Promise<boolean>) | undefined {
  if (auth === null || verify === undefined || typeof authInfo.token !== 'string' || authInfo.token === '') return undefined;
  const header = `Bearer ${authInfo.token}`;
  return () => auth.authenticate(header, (token) => verify(token, request), onError).then((outcome) => outcome.ok);
}
