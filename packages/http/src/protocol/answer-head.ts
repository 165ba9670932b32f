import { WireErrorCode } from '@armature/core';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { bearerChallenge, insufficientScopeChallenge } from '@armature/core/internal';
import type { HeaderList, HttpResponder } from '../exchange/http-exchange';

/** The `data` of an `InsufficientScopeError` reply, if `reply` is one. */
function insufficientScopeData(reply: JSONRPCMessage): { scope?: unknown } | undefined {
  const error = (reply as { error?: { code?: unknown; data?: { error?: unknown; scope?: unknown } } }).error;
  if (error === undefined || error.code !== WireErrorCode.Forbidden || error.data?.error !== 'insufficient_scope') return undefined;
  return error.data;
}

/**
 * The one mapping from a final JSON-RPC answer sent as a plain JSON body to its HTTP status and
 * headers, shared by 2025 sessions, stateless 2025 POSTs and MCP 2026-07-28 POSTs (an answer
 * that follows streamed messages keeps its error in-band: its status is already sent):
 *
 * - an `InsufficientScopeError` for a request that carried a token → 403 with
 *   `WWW-Authenticate: Bearer error="insufficient_scope", scope="…", resource_metadata="…"`
 *   (RFC 6750 §3.1; MCP authorization §Scope Challenge Handling): the client steps up and retries;
 * - the same for a request without a token on an endpoint that takes bearer tokens → 401 with
 *   `Bearer scope="…", resource_metadata="…"` (no credentials: no error code, RFC 6750 §3.1);
 *   without bearer auth configured there is nothing to ask for, and the error stays in the body;
 * - status 503 (a limit of the moment, -32004) → `Retry-After: 1`;
 * - otherwise the status the revision gives (2025: 200; 2026: the kernel's, 400/404/200).
 */
export class AnswerHeads {
  constructor(
    /** `resource_metadata` of the challenges (RFC 9728), when known. */
    private readonly resourceMetadataUrl: string | undefined,
    /** Whether the endpoint takes bearer tokens (`verifyToken` or `protectedResource` set). */
    private readonly bearer: boolean,
  ) {}

  /** Sends `reply` (encoded as `json`) with `headers`, at `status` unless its error calls for a challenge. */
  send(res: HttpResponder, reply: JSONRPCMessage, json: string, status: number, headers: HeaderList, authenticated: boolean): void {
    if (status === 200 && !('error' in reply)) return res.send(200, headers, json);
    const scope = insufficientScopeData(reply);
    if (scope !== undefined) {
      if (authenticated) {
        const challenge = insufficientScopeChallenge(reply, this.resourceMetadataUrl) as string;
        return res.send(403, [...headers, 'www-authenticate', challenge], json);
      }
      if (this.bearer) {
        const challenge = bearerChallenge({
          scope: typeof scope.scope === 'string' ? scope.scope : undefined,
          resourceMetadataUrl: this.resourceMetadataUrl,
        });
        return res.send(401, [...headers, 'www-authenticate', challenge], json);
      }
    }
    if (status === 503) return res.send(503, [...headers, 'retry-after', '1'], json);
    res.send(status, headers, json);
  }
}
