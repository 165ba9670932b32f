import { ArmatureError } from '@armature/di';
import { invalidClientResult, missingClientCapability } from '../context/client-capability-check';
import type { RelatedRequest } from '../context/request-host';
import { ClientRequestError } from '../errors/client-request.error';
import { EngineErrorCode } from '../errors/engine-error-codes';
import type { ClientCapabilities, JSONRPCMessage, JSONRPCNotification } from '../wire/mcp-types.generated';

interface Pending {
  readonly method: string;
  readonly resolve: (result: Record<string, unknown>) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal;
  readonly onAbort: () => void;
}

/** How the table sends: the session's guarded send. */
export type OutgoingSend = (message: JSONRPCMessage, related: RelatedRequest | undefined) => Promise<void>;

/**
 * Server→client requests awaiting the client's response, matched by the ids we issued.
 * Each is bound to the incoming request it serves: when that request's signal aborts
 * (cancel, deadline, close), the pending request is rejected and the client is told with
 * `notifications/cancelled`.
 */
export class OutgoingRequests {
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;

  /**
   * @param idPrefix When set, ids go out as `<idPrefix><n>` strings (copies of one session on
   *   several instances must not issue the same id); otherwise as numbers.
   */
  constructor(
    private readonly send: OutgoingSend,
    private readonly idPrefix: string | undefined = undefined,
  ) {}

  /** The wire id of our request number `n`. */
  private wireId(n: number): number | string {
    return this.idPrefix === undefined ? n : `${this.idPrefix}${n}`;
  }

  /** Our request number for a wire id, or undefined when the id is not one we issue. */
  private numberOf(id: unknown): number | undefined {
    if (this.idPrefix === undefined) return typeof id === 'number' ? id : undefined;
    if (typeof id !== 'string' || !id.startsWith(this.idPrefix)) return undefined;
    const digits = id.slice(this.idPrefix.length);
    return /^[1-9]\d{0,14}$/.test(digits) ? Number(digits) : undefined;
  }

  /**
   * A request on behalf of `related`, refused unless that request is still running and the
   * client declared the capability it needs; the client's result is checked before it is returned.
   */
  async checkedRequest(
    method: string,
    params: Record<string, unknown>,
    related: RelatedRequest,
    capabilities: ClientCapabilities,
  ): Promise<Record<string, unknown>> {
    if (related.finished)
      throw new ArmatureError(
        EngineErrorCode.SESSION_NOT_READY,
        `Cannot send ${method}: request ${String(related.relatedRequestId)} has already finished`,
      );
    const missing = missingClientCapability(method, params, capabilities);
    if (missing !== undefined) {
      throw new ArmatureError(
        EngineErrorCode.CLIENT_CAPABILITY_MISSING,
        `Cannot send ${method}: the client did not declare the "${missing}" capability`,
      );
    }
    const result = await this.request(method, params, related);
    const problem = invalidClientResult(method, result);
    if (problem !== undefined)
      throw new ArmatureError(EngineErrorCode.CLIENT_RESPONSE_INVALID, `The client's ${method} result is invalid: ${problem}`);
    return result;
  }

  /** Sends a request and settles with the client's result. */
  request(method: string, params: Record<string, unknown>, related: RelatedRequest): Promise<Record<string, unknown>> {
    const signal = related.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    const id = ++this.lastId;
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const onAbort = (): void => {
        if (!this.pending.delete(id)) return;
        reject(signal.reason);
        const cancel: JSONRPCNotification = {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: this.wireId(id), reason: 'The server request was aborted' },
        };
        void this.send(cancel, undefined);
      };
      this.pending.set(id, { method, resolve, reject, signal, onAbort });
      signal.addEventListener('abort', onAbort, { once: true });
      this.send({ jsonrpc: '2.0', id: this.wireId(id), method, params }, related).then(undefined, (error: unknown) =>
        this.settle(id, undefined, error),
      );
    });
  }

  /** Delivers a client response; false when no request of ours has that id. */
  receive(message: { id?: unknown; result?: unknown; error?: unknown }): boolean {
    const id = this.numberOf(message.id);
    const pending = id === undefined ? undefined : this.pending.get(id);
    if (id === undefined || pending === undefined) return false;
    if (message.error !== undefined) {
      const error = message.error as { code: number; message: string; data?: unknown };
      this.settle(id, undefined, new ClientRequestError(pending.method, error.code, error.message, error.data));
    } else {
      this.settle(id, message.result as Record<string, unknown>, undefined);
    }
    return true;
  }

  /** How many server→client requests await their answer. */
  get size(): number {
    return this.pending.size;
  }

  /** Rejects everything still pending (session closed). */
  rejectAll(reason: unknown): void {
    for (const id of [...this.pending.keys()]) this.settle(id, undefined, reason);
  }

  private settle(id: number, result: Record<string, unknown> | undefined, error: unknown): void {
    const pending = this.pending.get(id);
    if (pending === undefined) return;
    this.pending.delete(id);
    pending.signal.removeEventListener('abort', pending.onAbort);
    if (result !== undefined) pending.resolve(result);
    else pending.reject(error);
  }
}
