import { WireErrorCode } from '@armature/core';
import type { RequestId } from '@armature/core/wire/2025-11-25';
import type { HttpResponder } from '../exchange/http-exchange';

/** Seconds a refused client is asked to wait: the work ahead of it is short-lived requests. */
const RETRY_AFTER_SECONDS = '1';

/**
 * Refuses a stateless request when `running` already reached `limit`: 503 with `Retry-After`
 * (like the session cap) and the JSON-RPC error -32004 under the request's id (like the
 * per-session in-flight limit), so both kinds of client learn what to do. Returns whether it refused.
 */
export function refuseWhenSaturated(running: number, limit: number, id: RequestId, res: HttpResponder): boolean {
  if (running < limit) return false;
  const error = {
    code: WireErrorCode.TooManyRequests,
    message: `Too many requests in flight: at most ${limit} stateless requests run at once on this endpoint; retry once some are answered`,
    data: { maxStatelessInflight: limit },
  };
  res.send(503, ['content-type', 'application/json', 'retry-after', RETRY_AFTER_SECONDS], JSON.stringify({ jsonrpc: '2.0', id, error }));
  return true;
}
