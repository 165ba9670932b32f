import type { NotificationPacing } from '../context/notification-pacing';
import type { Implementation } from '../wire/mcp-types.generated';
import { serverCapabilities } from '../protocol/server-capabilities';
import type { ServerFeatures } from '../protocol/server-features';
import type { ServerLogger } from '../logging/server-logger';
import type { SessionRegistry } from '../protocol/session-registry';
import type { CacheHints } from './cache-hints';
import type { ExchangeSink } from './exchange-sink';
import { headerParamsOf, headerParamsOfTool } from './header-params';
import { InflightLedger } from './inflight-ledger';
import { META } from './mcp-2026';
import { allSupportedVersions } from './request-envelope';
import { type RequestExchange, serveRequest } from './request-exchange';
import type { HeaderParam, IncomingRequest, RequestKernel } from './request-kernel';
import type { RequestObserver } from './request-observer';
import type { RequestStateSealer } from './request-state';
import { ResultDecoration } from './result-decoration';
import type { ExchangeKernel } from './revision';
import { DEFAULT_MAX_URI_LENGTH } from '../protocol/resource-uri';
import { REVISION_2026 } from './revision-2026';
import { noRevisionAdded, revisionForEnvelope } from './revision-registry';
import { servedEnvelopeVersions } from './served-envelope-versions';
import { TASKS_EXTENSION } from '../tasks/task-model';
import { declaresTasks } from '../tasks/tasks-extension';
import { honouredFilter, SubscriptionListen } from './subscription-listen';
import { DEFAULT_MAX_LISTENS, DEFAULT_MAX_LISTENS_PER_PRINCIPAL, ListenLimits } from './listen-limits';

/** What a dispatcher serves and how (one per app; rebuilt when the served features change). */
export interface DispatcherOptions {
  readonly serverInfo: Implementation;
  readonly instructions?: string;
  /** What the app serves now (it changes with run-time registrations and dev reloads). */
  readonly features: () => ServerFeatures;
  readonly pageSize: number;
  /** How fast one request may send progress and log notifications. */
  readonly pacing?: NotificationPacing;
  /** Longest URI a request may name (default `DEFAULT_MAX_URI_LENGTH`). */
  readonly maxUriLength?: number;
  /** Deadline per request in ms; 0 disables deadlines. */
  readonly requestTimeoutMs: number;
  readonly logger: ServerLogger;
  readonly cache?: CacheHints;
  readonly sealer: RequestStateSealer;
  /** Capabilities of `capabilities.extensions` / `experimental` the author declared. */
  readonly extraCapabilities?: Readonly<Record<string, unknown>>;
  /** Where open `subscriptions/listen` streams enlist for broadcasts and shutdown. */
  readonly registry?: SessionRegistry;
  /** What watches every request (telemetry). */
  readonly observer?: RequestObserver;
  /** Most open `subscriptions/listen` streams in all (default 1000). */
  readonly maxListens?: number;
  /** Most open listen streams of one principal or client address (default 100). */
  readonly maxListensPerPrincipal?: number;
}

/**
 * The request-scoped kernel of MCP 2026-07-28: one call handles one self-describing request,
 * under `REVISION_2026` (or the revision added with `addEnvelopeRevision` that its envelope
 * names), through the request path every revision shares (`serveRequest`). It
 * is that path's caller for 2026: it serves `server/discover` and `subscriptions/listen`
 * itself, and tracks the app's running 2026 requests in one in-flight ledger (deadlines,
 * `whenIdle`, `closeAll` for a graceful shutdown).
 */
export class Dispatcher implements ExchangeKernel, RequestKernel {
  readonly pageSize: number;
  readonly maxUriLength: number;
  readonly logger: ServerLogger;
  readonly decoration: ResultDecoration;
  readonly sealer: RequestStateSealer;
  readonly observer: RequestObserver | undefined;
  private readonly inflight: InflightLedger;
  /** Open `subscriptions/listen` streams: no work to wait for, so never in `inflight`. */
  private readonly listens = new Map<RequestExchange, string | undefined>();
  /** The caps on open listen streams, counted apart from requests. */
  readonly listenLimits: ListenLimits;
  private discoverResult: { readonly features: ServerFeatures; readonly versions: readonly string[]; readonly result: object } | undefined =
    undefined;

  constructor(private readonly options: DispatcherOptions) {
    this.pageSize = options.pageSize;
    this.maxUriLength = options.maxUriLength ?? DEFAULT_MAX_URI_LENGTH;
    this.logger = options.logger;
    this.sealer = options.sealer;
    this.observer = options.observer;
    this.decoration = new ResultDecoration(options.serverInfo, options.cache);
    this.inflight = new InflightLedger(options.requestTimeoutMs, false);
    this.listenLimits = new ListenLimits(
      options.maxListens ?? DEFAULT_MAX_LISTENS,
      options.maxListensPerPrincipal ?? DEFAULT_MAX_LISTENS_PER_PRINCIPAL,
    );
  }

  get features(): ServerFeatures {
    return this.options.features();
  }

  get pacing(): NotificationPacing | undefined {
    return this.options.pacing;
  }

  /** True once the app shuts down (the registry drains): new requests get -32000. */
  get draining(): boolean {
    return this.options.registry?.draining === true;
  }

  /** Requests being worked on (asynchronous ones; a synchronous answer is never tracked). */
  get inflightCount(): number {
    return this.inflight.size;
  }

  /** Whether this kernel serves `method` at all (what the HTTP layer checks before the headers). */
  serves(method: string): boolean {
    return REVISION_2026.methods.has(method);
  }

  /** The `x-mcp-header` parameters of a tool, or undefined for an unknown tool. */
  toolHeaderParams(name: string): readonly HeaderParam[] | undefined {
    const tools = this.features.tools;
    const text = tools?.inputSchemaText?.(name);
    if (text !== undefined) return headerParamsOfTool(text, () => tools?.inputSchema?.(name));
    const schema = tools?.inputSchema?.(name);
    return schema === undefined ? undefined : headerParamsOf(schema);
  }

  /**
   * Handles one 2026 request; its answer (and any notification before it) goes to `sink`.
   * Returns the exchange while it may still be running (so a transport can abort it when the
   * client goes away), or undefined when it was answered at once.
   */
  dispatch(request: IncomingRequest, sink: ExchangeSink): RequestExchange | undefined {
    // The envelope's version chooses an added revision; while none is added, no request pays for the look-up.
    return serveRequest(this, noRevisionAdded() ? REVISION_2026 : revisionForEnvelope(request.params), request, sink);
  }

  /** Serves the methods 2026 has beyond the features: `server/discover` and `subscriptions/listen`. */
  serveOwn(exchange: RequestExchange): void {
    if (exchange.method === 'server/discover') exchange.respondRaw(this.discover());
    else this.listen(exchange);
  }

  /** The `server/discover` result (MCP 2026-07-28), built again only when the features or the served versions change. */
  discover(): object {
    const features = this.features;
    const versions = servedEnvelopeVersions();
    if (this.discoverResult?.features === features && this.discoverResult.versions === versions) return this.discoverResult.result;
    const { tasks: _legacyTasks, ...base } = serverCapabilities(features);
    const capabilities: Record<string, unknown> = { ...base, ...this.options.extraCapabilities };
    // 2026: tasks are the extension io.modelcontextprotocol/tasks, never the 2025 `tasks` capability.
    if (features.tasks !== undefined)
      capabilities.extensions = { ...(capabilities.extensions as Record<string, unknown> | undefined), [TASKS_EXTENSION]: {} };
    const result: Record<string, unknown> = {
      supportedVersions: allSupportedVersions(),
      capabilities,
      serverInfo: this.options.serverInfo,
    };
    if (this.options.instructions !== undefined) result.instructions = this.options.instructions;
    const hint = this.decoration.discover;
    const decorated = Object.freeze(this.decoration.other('complete', { ...result, ttlMs: hint.ttlMs, cacheScope: hint.scope }));
    this.discoverResult = { features, versions, result: decorated };
    return decorated;
  }

  track(exchange: RequestExchange): void {
    this.inflight.add(exchange);
  }

  untrack(exchange: RequestExchange): void {
    if (exchange.gracefulEnd !== undefined && this.listens.has(exchange)) {
      this.listenLimits.release(this.listens.get(exchange));
      this.listens.delete(exchange);
    }
    this.inflight.delete(exchange);
  }

  /** Resolves true once no request is in flight, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    return this.inflight.whenIdle(timeoutMs);
  }

  /** Answers every request still running with -32000 (the server is closing). */
  closeAll(): void {
    for (const exchange of this.inflight.drain()) exchange.close('The server closed before the request was answered');
  }

  /** Ends every open listen stream with its result (first thing in a graceful shutdown: they hold no work). */
  endListens(): void {
    for (const exchange of [...this.listens.keys()]) exchange.shutdown();
  }

  private listen(exchange: RequestExchange): void {
    let filter;
    let key: string | undefined;
    try {
      filter = honouredFilter(exchange.params, this.features, declaresTasks(exchange.ctx));
      key = this.listenLimits.admit(exchange.ctx);
    } catch (error) {
      exchange.fail(error);
      return;
    }
    const listen = new SubscriptionListen(
      exchange,
      filter,
      this.decoration.other('complete', { _meta: { [META.subscriptionId]: exchange.id } }),
    );
    const taskIds = filter.taskIds;
    const unwatch =
      taskIds === undefined
        ? undefined
        : this.features.tasks?.watch(taskIds, exchange.ctx.authInfo, (task) => void listen.notifyTask(task));
    exchange.gracefulEnd = () => {
      this.options.registry?.delete(listen);
      unwatch?.();
      void listen.close();
    };
    this.listens.set(exchange, key);
    const registry = this.options.registry;
    registry?.add(listen);
    exchange.ctx.signal.addEventListener('abort', () => (registry?.delete(listen), unwatch?.()), { once: true });
    void listen.acknowledge();
  }
}
