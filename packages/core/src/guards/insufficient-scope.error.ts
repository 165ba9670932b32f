import { McpWireError } from '../errors/wire-error';
import { FORBIDDEN_CODE } from './forbidden.error';

/** `data` of an insufficient-scope error: what the HTTP transport needs for its 403 challenge. */
export interface InsufficientScopeData {
  /** RFC 6750 §3.1 error code. */
  readonly error: 'insufficient_scope';
  /** Every scope the route requires. */
  readonly requiredScopes: readonly string[];
  /** The required scopes the principal lacks. */
  readonly missingScopes: readonly string[];
  /**
   * The `scope` of the `WWW-Authenticate` challenge, space-separated: the scopes the token
   * already has followed by the missing ones, so that re-authorizing does not lose earlier
   * grants (MCP 2025-11-25, authorization, runtime insufficient scope errors).
   */
  readonly scope: string;
}

/**
 * The principal lacks OAuth scopes a route requires. Always a JSON-RPC error (-32003 with
 * `data.error = "insufficient_scope"`), for tools too: the client, not the model, has to act
 * (step-up authorization). Over Streamable HTTP it is meant to become `403` with
 * `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`; over stdio and WebSocket
 * the JSON-RPC error itself tells the client which scopes to obtain.
 */
export class InsufficientScopeError extends McpWireError {
  declare readonly data: InsufficientScopeData;

  /**
   * @param requiredScopes Every scope the route requires.
   * @param grantedScopes The scopes the principal has (none when unauthenticated).
   * @param what The route, for the message: `tool "delete_note"`.
   */
  constructor(requiredScopes: readonly string[], grantedScopes: readonly string[] = [], what = 'this call') {
    const granted = new Set(grantedScopes);
    const missing = requiredScopes.filter((s) => !granted.has(s));
    const scope = [...new Set([...grantedScopes, ...missing])].join(' ');
    const data: InsufficientScopeData = { error: 'insufficient_scope', requiredScopes: [...requiredScopes], missingScopes: missing, scope };
    super(
      FORBIDDEN_CODE,
      `Insufficient scope: ${what} requires the scope${missing.length === 1 ? '' : 's'} ${missing.map((s) => `"${s}"`).join(', ')}; authorize with ${missing.length === 1 ? 'it' : 'them'} and retry.`,
      data,
    );
    this.name = 'InsufficientScopeError';
  }
}

/** True for an `InsufficientScopeError`, including one from another copy of this package. */
export function isInsufficientScopeError(value: unknown): value is InsufficientScopeError {
  if (value instanceof InsufficientScopeError) return true;
  try {
    const candidate = value as { name?: unknown; data?: { error?: unknown } } | null;
    return (
      typeof candidate === 'object' &&
      candidate !== null &&
      candidate.name === 'InsufficientScopeError' &&
      candidate.data?.error === 'insufficient_scope'
    );
  } catch {
    return false;
  }
}
