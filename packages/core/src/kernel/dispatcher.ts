import type { AuthInfo } from '../context/request-context';
import { isMcpWireError, McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { errorResponse } from '../jsonrpc/json-rpc-errors';
import { FEATURE_METHODS } from '../protocol/feature-methods';
import type { Implementation, RequestId } from '../protocol/mcp-types.generated';
import { NO_PARAMS, type RequestParamsRecord } from '../protocol/request-params';
import { serverCapabilities } from '../protocol/server-capabilities';
import type { ServerFeatures } from '../protocol/server-features';
import type { ServerLogger } from '../protocol/server-logger';
import type { SessionRegistry } from '../protocol/session-registry';
import type { CacheHints } from './cache-hints';
import { encode2026Error, httpStatusOf2026Error } from './error-encoding';
import type { ExchangeSink } from './exchange-sink';
import { allSupportedVersions, readEnvelope } from './request-envelope';
import { type ExchangeKernel, RequestExchange } from './request-exchange';
import type { RequestStateSealer } from './request-state';
import { ResultDecoration } from './result-decoration';
import { META, REMOVED_IN_2026 } from './revision-2026';
import { headerParamsOf } from './header-params';
import type { HeaderParam, RequestKernel } from './request-kernel';
import { honouredFilter, SubscriptionListen } from './subscription-listen';

/** What a dispatcher serves and how (one per app; rebuilt when the served features change). */
export interface DispatcherOptions {
  readonly serverInfo: Implementation;
  readonly instructions?: string;
  /** What the app serves now (it changes with run-time registrations and dev reloads). */
  readonly features: () => ServerFeatures;
  readonly pageSize: number;
  /** Deadline per request in ms; 0 disables deadlines. */
  readonly requestTimeoutMs: number;
  readonly logger: ServerLogger;
  readonly cache?: CacheHints;
  readonly sealer: RequestStateSealer;
  /** Capabilities of `capabilities.extensions` / `experimental` the author declared. */
  readonly extraCapabilities?: Readonly<Record<string, unknown>>;
  /** Where open `subscriptions/listen` streams enlist for broadcasts and shutdown. */
  readonly registry?: SessionRegistry;
}

/** One 2026 request as a transport hands it over. */
export interface DispatchedRequest {
  readonly id: RequestId;
  readonly method: string;
  readonly params?: RequestParamsRecord | undefined;
}

/** Methods a 2026 request may name besides the feature methods. */
const KERNEL_METHODS: ReadonlySet<string> = new Set(['server/discover', 'subscriptions/listen']);

/**
 * The request-scoped kernel of MCP 2026-07-28: one call handles one self-describing request.
 * The order of checks follows the spec: the method first (an unknown or removed method is
 * -32601 / HTTP 404 whatever else is wrong), then the `_meta` envelope (-32602, -32022),
 * then the method itself. Feature methods run on the same `ServerFeatures` and compiled
 * routes as 2025 sessions; results are decorated and errors numbered for 2026 at one seam.
 */
export class Dispatcher implements ExchangeKernel, RequestKernel {
  readonly pageSize: number;
  readonly logger: ServerLogger;
  readonly decoration: ResultDecoration;
  readonly sealer: RequestStateSealer;
  /** Set when the app shuts down: new requests are answered -32000. */
  draining = false;
  private readonly timeoutMs: number;
  private readonly inflight = new Set<RequestExchange>();
  /** Open `subscriptions/listen` streams: no work to wait for, so never in `inflight`. */
  private readonly listens = new Set<RequestExchange>();
  private idleWaiters: (() => void)[] = [];
  private discoverResult: { readonly features: ServerFeatures; readonly result: object } | undefined = undefined;

  constructor(private readonly options: DispatcherOptions) {
    this.pageSize = options.pageSize;
    this.logger = options.logger;
    this.timeoutMs = options.requestTimeoutMs;
    this.sealer = options.sealer;
    this.decoration = new ResultDecoration(options.serverInfo, options.cache);
  }

  get features(): ServerFeatures {
    return this.options.features();
  }

  /** Requests being worked on (asynchronous ones; a synchronous answer is never tracked). */
  get inflightCount(): number {
    return this.inflight.size;
  }

  /** Whether this kernel serves `method` at all (what the HTTP layer checks before the headers). */
  serves(method: string): boolean {
    return !REMOVED_IN_2026.has(method) && (KERNEL_METHODS.has(method) || FEATURE_METHODS.has(method));
  }

  /** The `x-mcp-header` parameters of a tool, or undefined for an unknown tool. */
  toolHeaderParams(name: string): readonly HeaderParam[] | undefined {
    const schema = this.features.tools?.inputSchema?.(name);
    return schema === undefined ? undefined : headerParamsOf(schema);
  }

  /**
   * Handles one 2026 request; its answer (and any notification before it) goes to `sink`.
   * Returns the exchange while it may still be running (so a transport can abort it when the
   * client goes away), or undefined when it was answered at once.
   */
  dispatch(request: DispatchedRequest, authInfo: AuthInfo | undefined, sink: ExchangeSink): RequestExchange | undefined {
    const { id, method } = request;
    const params = request.params ?? NO_PARAMS;
    if (!this.serves(method)) return this.refuse(id, McpWireError.methodNotFound(shown(method)), sink);
    if (this.draining || this.options.registry?.draining === true) return this.refuse(id, new McpWireError(WireErrorCode.ConnectionClosed, 'The server is shutting down'), sink);
    let envelope;
    try {
      envelope = readEnvelope(params);
    } catch (error) {
      return this.refuse(id, error, sink);
    }
    const exchange = new RequestExchange(this, id, method, params, envelope, authInfo, sink);
    if (method === 'server/discover') {
      exchange.respondRaw(this.discover());
      return undefined;
    }
    if (method === 'subscriptions/listen') return this.listen(exchange, params, sink);
    exchange.run(FEATURE_METHODS.get(method)!);
    return exchange.finished ? undefined : exchange;
  }

  /** The `server/discover` result (MCP 2026-07-28), built once. */
  discover(): object {
    const features = this.features;
    if (this.discoverResult?.features === features) return this.discoverResult.result;
    const capabilities = { ...serverCapabilities(features), ...this.options.extraCapabilities };
    const result: Record<string, unknown> = { supportedVersions: allSupportedVersions(), capabilities, serverInfo: this.options.serverInfo };
    if (this.options.instructions !== undefined) result.instructions = this.options.instructions;
    const hint = this.decoration.discover;
    const decorated = Object.freeze(this.decoration.other('complete', { ...result, ttlMs: hint.ttlMs, cacheScope: hint.scope }));
    this.discoverResult = { features, result: decorated };
    return decorated;
  }

  track(exchange: RequestExchange): void {
    this.inflight.add(exchange);
    if (this.timeoutMs > 0 && exchange.method !== 'subscriptions/listen') {
      exchange.timer = setTimeout(() => exchange.expire(this.timeoutMs), this.timeoutMs);
      exchange.timer.unref?.();
    }
  }

  untrack(exchange: RequestExchange): void {
    this.listens.delete(exchange);
    if (exchange.timer !== undefined) {
      clearTimeout(exchange.timer);
      exchange.timer = undefined;
    }
    if (this.inflight.delete(exchange) && this.inflight.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  /** Resolves true once no request is in flight, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.inflight.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Answers every request still running with -32000 (the server is closing). */
  closeAll(): void {
    for (const exchange of [...this.inflight]) exchange.close();
  }

  /** Ends every open listen stream with its result (first thing in a graceful shutdown: they hold no work). */
  endListens(): void {
    for (const exchange of [...this.listens]) exchange.shutdown();
  }

  private listen(exchange: RequestExchange, params: RequestParamsRecord, sink: ExchangeSink): RequestExchange | undefined {
    let filter;
    try {
      filter = honouredFilter(params, this.features);
    } catch (error) {
      exchange.fail(error);
      return undefined;
    }
    const listen = new SubscriptionListen(exchange, filter, sink, this.decoration.other('complete', { _meta: { [META.subscriptionId]: exchange.id } }));
    exchange.gracefulEnd = () => {
      this.options.registry?.delete(listen);
      void listen.close();
    };
    this.listens.add(exchange);
    const registry = this.options.registry;
    registry?.add(listen);
    exchange.ctx.signal.addEventListener('abort', () => registry?.delete(listen), { once: true });
    void listen.acknowledge();
    return exchange;
  }

  private refuse(id: RequestId, error: unknown, sink: ExchangeSink): undefined {
    const response = isMcpWireError(error) ? encode2026Error(errorResponse(id, error.code, error.message, error.data)) : errorResponse(id, WireErrorCode.InternalError, 'Internal error');
    if (!isMcpWireError(error)) this.logger.error('refusing a 2026 request failed', error);
    sink.respond(response, httpStatusOf2026Error(response.error.code, true));
    return undefined;
  }
}

/** A client-sent method name, cut short for an error message. */
function shown(method: string): string {
  return method.length > 100 ? `${method.slice(0, 100)}…` : method;
}
