import type { RequestContext } from '@armature/core';
import { isInputRequiredResult, type Client, type RequestOptions } from '@modelcontextprotocol/client';
import type { ActiveCall, ActiveCalls } from './active-calls';
import { forwardedAuthorization } from './forwarded-auth';
import type { UpstreamLink } from './upstream-link';

/** Rounds of a 2026-07-28 upstream's `input_required` answers one call may take. */
const MAX_INPUT_ROUNDS = 8;

/** What each forwarded request needs: the link, the calls in flight, the per-caller headers, the time-out. */
export interface CallEnvironment {
  /** The link a caller's request goes over: the proxy's own, or the caller's session (a forwarded token on 2025-11-25). */
  readonly linkFor: (authorization: string | undefined) => UpstreamLink | Promise<UpstreamLink>;
  readonly calls: ActiveCalls;
  /** The `Authorization` value to forward for the caller (`forwardAuth`), if any. */
  readonly authorization: (ctx: RequestContext) => string | undefined;
  readonly timeoutMs: number;
}

type Send = (client: Client, params: Record<string, unknown>, options: RequestOptions) => Promise<unknown>;

/** Progress relayed downstream for one call, in order; awaited before the call's result is returned (so none trails it). */
class ProgressRelay {
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: RequestContext) {}

  relay(progress: number, total: number | undefined, message: string | undefined): void {
    this.last = this.last.then(() => this.ctx.progress(progress, total, message)).catch(() => undefined);
  }

  flushed(): Promise<void> {
    return this.last;
  }
}

/** The SDK request options of one leg: cancellation follows the downstream request, progress flows back to it. */
function legOptions(env: CallEnvironment, ctx: RequestContext, signal: AbortSignal, progress: ProgressRelay): RequestOptions {
  const wantsProgress = ctx.meta?.progressToken !== undefined;
  return {
    signal,
    timeout: env.timeoutMs,
    resetTimeoutOnProgress: true,
    allowInputRequired: true,
    ...(wantsProgress ? { onprogress: (p) => progress.relay(p.progress, p.total, p.message) } : {}),
  };
}

/**
 * Sends one downstream request upstream, on the link's connected client: cancelled when the
 * downstream request is, progress relayed, the upstream's questions answered by the downstream
 * client — routed by the active-call set for a 2025-11-25 upstream, and for a 2026-07-28 one
 * answered from its `input_required` result and retried with `inputResponses` and `requestState`.
 */
export async function forward(env: CallEnvironment, ctx: RequestContext, params: Record<string, unknown>, send: Send): Promise<unknown> {
  const abort = new AbortController();
  const onAbort = (): void => abort.abort(ctx.signal.reason);
  if (ctx.signal.aborted) onAbort();
  else ctx.signal.addEventListener('abort', onAbort, { once: true });
  const call = env.calls.begin(ctx);
  try {
    const authorization = env.authorization(ctx);
    const link = await env.linkFor(authorization);
    const progress = new ProgressRelay(ctx);
    const leg = (client: Client, p: Record<string, unknown>): Promise<unknown> =>
      send(client, p, legOptions(env, ctx, abort.signal, progress));
    const work = link.use((client) =>
      rounds(call, params, (p) =>
        authorization === undefined ? leg(client, p) : forwardedAuthorization.run(authorization, () => leg(client, p)),
      ),
    );
    const result = await Promise.race([work, call.failed]);
    await progress.flushed();
    return result;
  } catch (error) {
    // A call that failed on a downstream question (or otherwise) stops what is still open upstream.
    if (!abort.signal.aborted) abort.abort();
    throw error;
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    env.calls.end(call);
  }
}

async function rounds(
  call: ActiveCall,
  first: Record<string, unknown>,
  leg: (p: Record<string, unknown>) => Promise<unknown>,
): Promise<unknown> {
  let params = first;
  for (let round = 0; ; round++) {
    const result = await leg(params);
    if (!isInputRequiredResult(result)) return withoutUpstreamEnvelope(result);
    if (round >= MAX_INPUT_ROUNDS) throw new Error(`the upstream asked for input more than ${MAX_INPUT_ROUNDS} times in one call`);
    const inputResponses: Record<string, unknown> = {};
    for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
      const { method, params: questionParams } = request as { method: string; params?: Record<string, unknown> };
      inputResponses[key] = await call.ask(method, questionParams, key);
    }
    params = { ...first, inputResponses, ...(result.requestState === undefined ? {} : { requestState: result.requestState }) };
  }
}

const RESERVED_META = 'io.modelcontextprotocol/';

/**
 * The upstream's result without what belongs to its own revision and identity: a 2026-07-28
 * `resultType` and the reserved `io.modelcontextprotocol/*` keys of `_meta` (its serverInfo):
 * the app's kernel writes its own.
 */
function withoutUpstreamEnvelope(result: unknown): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const { resultType: _resultType, _meta, ...rest } = result as Record<string, unknown>;
  if (typeof _meta !== 'object' || _meta === null) return rest;
  const kept = Object.entries(_meta).filter(([key]) => !key.startsWith(RESERVED_META));
  return kept.length === 0 ? rest : { ...rest, _meta: Object.fromEntries(kept) };
}
