import type { AskOptions, RequestContext } from '@armature/core';
import { ProtocolError } from '@modelcontextprotocol/client';

/** The context's questions, taking the upstream's parameters as they came (the downstream kernel checks them against its revision). */
type Ask = (params: unknown, options?: AskOptions) => Promise<object>;

const KEY = /^[A-Za-z0-9_.-]{1,64}$/;
/** JSON-RPC internal error, for questions the proxy cannot route. */
const INTERNAL_ERROR = -32603;

/** A question the downstream client did not answer; `cause` is what asking it threw, rethrown to the kernel as is. */
export class DownstreamAskFailed extends Error {
  constructor(override readonly cause: unknown) {
    super("the downstream client did not answer the upstream's question");
    this.name = 'DownstreamAskFailed';
  }
}

/**
 * One forwarded call: the downstream request's context, which answers the upstream's
 * questions (elicitation, sampling, roots) by asking the downstream client. A question that
 * fails (declined capability, the downstream's own 2026-07-28 `input_required` round) fails
 * the call with that error, so the kernel answers the downstream request with it.
 */
export class ActiveCall {
  private failure: ((error: unknown) => void) | undefined;
  /** Rejects when a question failed; never resolves. */
  readonly failed: Promise<never>;

  constructor(readonly ctx: RequestContext) {
    this.failed = new Promise<never>((_, reject) => {
      this.failure = reject;
    });
    this.failed.catch(() => undefined);
  }

  /** Asks the downstream client `method` (an upstream question) and returns its result. */
  async ask(method: string, params: Record<string, unknown> | undefined, key?: string): Promise<Record<string, unknown>> {
    const options = key !== undefined && KEY.test(key) ? { key } : {};
    try {
      if (method === 'elicitation/create') {
        return { ...(await (this.ctx.elicit as Ask).call(this.ctx, params, options)) };
      }
      if (method === 'sampling/createMessage') return { ...(await (this.ctx.sample as Ask).call(this.ctx, params, options)) };
      if (method === 'roots/list') return { roots: await this.ctx.listRoots(options) };
    } catch (error) {
      this.failure?.(new DownstreamAskFailed(error));
      throw error;
    }
    throw new ProtocolError(INTERNAL_ERROR, `the proxy does not forward ${method.slice(0, 64)}`);
  }
}

/**
 * The calls in flight on one upstream. A 2025-11-25 upstream's questions name no call (over
 * stdio nothing links them), so one goes to the only call in flight and is refused when
 * several are; a 2026-07-28 upstream's questions come inside the call's own result instead.
 */
export class ActiveCalls {
  private readonly calls = new Set<ActiveCall>();

  begin(ctx: RequestContext): ActiveCall {
    const call = new ActiveCall(ctx);
    this.calls.add(call);
    return call;
  }

  end(call: ActiveCall): void {
    this.calls.delete(call);
  }

  /** Routes a server→client request of a 2025-11-25 upstream to its call. */
  route(method: string, params: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
    if (this.calls.size !== 1) {
      const why = this.calls.size === 0 ? 'no call is in flight' : 'several calls are in flight and the request names none';
      return Promise.reject(new ProtocolError(INTERNAL_ERROR, `the proxy cannot route ${method.slice(0, 64)}: ${why}`));
    }
    const [call] = this.calls;
    return (call as ActiveCall).ask(method, params);
  }
}
