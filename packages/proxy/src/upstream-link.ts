import { Client, ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import type { ClientCapabilities, RequestMethod, Transport, VersionNegotiationMode } from '@modelcontextprotocol/client';
import { backoffDelay } from './backoff';
import { nodeHttpFetch } from './node-http-fetch';
import { PROXY_ERRORS } from './proxy-errors';
import type { McpProxyOptions, ResolvedLimits } from './proxy-options';
import { ProxyRefusal } from './proxy-refusal';
import { upstreamTransport } from './upstream-transport';
import { WaitQueue } from './wait-queue';

/** What the link tells its owner. */
export interface LinkEvents {
  /** A connection is up (the first, or a reconnect): the owner re-reads the lists. */
  connected(client: Client): Promise<void>;
  /** The upstream's tools, prompts or resources changed. */
  listChanged(kind: 'tools' | 'prompts' | 'resources'): void;
  /** `notifications/resources/updated` from the upstream (its URI). */
  resourceUpdated(uri: string): void;
  /** A server→client request of a 2025-11-25 upstream (elicitation, sampling, roots). */
  serverRequest(method: string, params: Record<string, unknown> | undefined, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** Something worth a log line (never a token or an argument). */
  log(level: 'info' | 'warn', message: string, error?: unknown): void;
}

export type LinkState = 'idle' | 'connecting' | 'up' | 'down' | 'gave-up' | 'closed';

/** The SDK client's version negotiation for each `upstreamRevision`. */
const NEGOTIATION: Readonly<Record<NonNullable<McpProxyOptions['upstreamRevision']>, VersionNegotiationMode>> = {
  auto: 'auto',
  '2025-11-25': 'legacy',
  '2026-07-28': { pin: '2026-07-28' },
};

/** How long the liveness ping after a transport error may take (ms). */
const PING_MS = 2000;

/** What the proxy says it can do for the upstream's questions (answered by the downstream client through the call's context). */
const CAPABILITIES: ClientCapabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: false } };

const LOSS_CODES: ReadonlySet<string> = new Set([
  SdkErrorCode.ConnectionClosed,
  SdkErrorCode.SendFailed,
  SdkErrorCode.NotConnected,
  SdkErrorCode.NotInitialized,
  SdkErrorCode.ClientHttpFailedToOpenStream,
]);

/**
 * Whether a failed upstream request means the connection is gone (rather than an answer from
 * the upstream, a time-out, or a failure of the caller's own): the SDK's closed/not-connected
 * errors, an HTTP 404 (the upstream forgot the session: it restarted) or 5xx, a failed fetch.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof ProtocolError) return false;
  if (error instanceof SdkHttpError) return error.status === 404 || error.status >= 500 || LOSS_CODES.has(error.code);
  if (error instanceof SdkError) return LOSS_CODES.has(error.code);
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/**
 * The supervised connection to one upstream server, on the official SDK v2 client: connects,
 * notices the connection is lost (the client closed, or a request failed at the transport),
 * reconnects with bounded exponential back-off, and hands calls a connected client — making
 * them wait a bounded time in a bounded queue while it is down, then refusing them (retryable).
 */
export class UpstreamLink {
  state: LinkState = 'idle';
  private client: Client | undefined;
  private transport: Transport | undefined;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private inflight = 0;
  private readonly waiting: WaitQueue<Client>;
  private connecting: Promise<boolean> | undefined;
  private checking = false;
  /** The HTTP upstream's `fetch` (keep-alive agents of this link). */
  private readonly http = nodeHttpFetch();

  constructor(
    private readonly options: McpProxyOptions,
    private readonly limits: ResolvedLimits,
    private readonly events: LinkEvents,
    private readonly label: string,
  ) {
    this.waiting = new WaitQueue<Client>(limits.maxWaiting);
  }

  /** Connects once; on failure the supervisor keeps retrying in the background. Resolves whether it is up. */
  start(): Promise<boolean> {
    if (this.state !== 'idle') return Promise.resolve(this.state === 'up');
    return this.connect();
  }

  /** The negotiated upstream revision, while connected. */
  revision(): string | undefined {
    return this.client?.getNegotiatedProtocolVersion();
  }

  /** The negotiated era (`modern`: 2026-07-28, `legacy`: 2025-11-25), while connected. */
  era(): 'modern' | 'legacy' | undefined {
    return this.client?.getProtocolEra();
  }

  /** The stdio child's process id, while one runs. */
  pid(): number | undefined {
    return (this.transport as { pid?: number | null } | undefined)?.pid ?? undefined;
  }

  /** Runs `fn` with a connected client, counting it against `maxInflight`; a lost connection is noticed here. */
  async use<T>(fn: (client: Client) => Promise<T>): Promise<T> {
    if (this.inflight >= this.limits.maxInflight)
      throw new ProxyRefusal(PROXY_ERRORS.codes.PROXY_BUSY, `${this.label} has too many calls in flight`);
    const client = this.client ?? (await this.waitForClient());
    this.inflight++;
    try {
      return await fn(client);
    } catch (error) {
      if (client === this.client && isConnectionLoss(error)) this.lost(client, error);
      throw error;
    } finally {
      this.inflight--;
    }
  }

  /** Closes the connection (a stdio child is stopped) and stops reconnecting. */
  async close(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.timer);
    this.waiting.failAll(() => this.unavailable('is closed'));
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
    this.http.close();
  }

  /** Starts over after the supervisor gave up (`reconnect.maxAttempts`). */
  reconnect(): void {
    if (this.state !== 'gave-up') return;
    this.attempt = 0;
    void this.connect();
  }

  private waitForClient(): Promise<Client> {
    if (this.state === 'closed' || this.state === 'gave-up' || this.limits.waitWhileDownMs === 0) {
      return Promise.reject(
        this.unavailable(this.state === 'gave-up' ? 'could not be reached (gave up reconnecting)' : 'is not connected'),
      );
    }
    const waited = this.waiting.wait(this.limits.waitWhileDownMs);
    if (waited === undefined)
      return Promise.reject(new ProxyRefusal(PROXY_ERRORS.codes.PROXY_BUSY, `${this.label} has too many calls waiting for it`));
    return waited.catch(() => {
      throw this.unavailable('is not connected (reconnecting)');
    });
  }

  private unavailable(why: string): ProxyRefusal {
    return new ProxyRefusal(PROXY_ERRORS.codes.PROXY_UNAVAILABLE, `${this.label} ${why}; retry shortly`);
  }

  private connect(): Promise<boolean> {
    this.connecting ??= this.connectOnce().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connectOnce(): Promise<boolean> {
    this.state = 'connecting';
    const client = this.newClient();
    const transport = upstreamTransport(this.options, this.http.fetch);
    this.transport = transport;
    try {
      await withTimeout(client.connect(transport), this.limits.connectTimeoutMs, `connecting to ${this.label}`);
      if (this.isClosed()) {
        await client.close().catch(() => undefined);
        return false;
      }
      client.onclose = () => this.lost(client, undefined);
      client.onerror = (error) => this.suspect(client, error);
      this.client = client;
      await withTimeout(this.events.connected(client), this.limits.connectTimeoutMs, `reading the lists of ${this.label}`);
      if (this.client !== client) return false;
      this.state = 'up';
      this.attempt = 0;
      this.waiting.resolveAll(client);
      this.events.log('info', `${this.label}: connected (MCP ${client.getNegotiatedProtocolVersion() ?? 'unknown'})`);
      return true;
    } catch (error) {
      await client.close().catch(() => undefined);
      if (this.client === client) this.client = undefined;
      if (!this.isClosed()) {
        this.events.log('warn', `${this.label}: could not connect`, error);
        this.scheduleReconnect();
      }
      return false;
    }
  }

  /** Whether `close()` was called (read after an await, where it may have been). */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  /**
   * A transport error (a dropped SSE stream, a failed POST) may or may not mean the upstream is
   * gone; a ping (`server/discover` on 2026-07-28) says which. On a lost connection the client is closed, which fails the
   * requests still waiting on it (the SDK would otherwise wait for their time-outs).
   */
  private suspect(client: Client, error: unknown): void {
    if (this.client !== client || this.checking) return;
    this.checking = true;
    // 2026-07-28 has no ping; server/discover is its cheapest request.
    const probe = client.getProtocolEra() === 'modern' ? client.discover({ timeout: PING_MS }) : client.ping({ timeout: PING_MS });
    probe
      .then(
        () => undefined,
        (pingError: unknown) => {
          const timedOut = pingError instanceof SdkError && pingError.code === SdkErrorCode.RequestTimeout;
          if (timedOut || isConnectionLoss(pingError)) this.lost(client, error);
        },
      )
      .finally(() => {
        this.checking = false;
      });
  }

  private lost(client: Client, error: unknown): void {
    if (this.client !== client || this.state === 'closed') return;
    this.client = undefined;
    this.events.log(
      'warn',
      error === undefined
        ? `${this.label}: the connection closed (a stdio child exited); reconnecting`
        : `${this.label}: connection lost; reconnecting`,
      error,
    );
    void client.close().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const { reconnect } = this.limits;
    this.attempt++;
    if (reconnect.maxAttempts > 0 && this.attempt > reconnect.maxAttempts) {
      this.state = 'gave-up';
      this.waiting.failAll(() => this.unavailable('could not be reached (gave up reconnecting)'));
      this.events.log('warn', `${this.label}: gave up after ${reconnect.maxAttempts} reconnect attempts`);
      return;
    }
    this.state = 'down';
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), backoffDelay(this.attempt, reconnect));
    this.timer.unref();
  }

  private newClient(): Client {
    const revision = this.options.upstreamRevision ?? 'auto';
    const client = new Client(
      { name: this.options.clientName ?? 'armature-proxy', version: '0.1.0' },
      {
        capabilities: CAPABILITIES,
        versionNegotiation: { mode: NEGOTIATION[revision] },
        inputRequired: { autoFulfill: false },
        listChanged: {
          tools: { autoRefresh: false, debounceMs: 0, onChanged: () => this.events.listChanged('tools') },
          prompts: { autoRefresh: false, debounceMs: 0, onChanged: () => this.events.listChanged('prompts') },
          resources: { autoRefresh: false, debounceMs: 0, onChanged: () => this.events.listChanged('resources') },
        },
      },
    );
    client.setNotificationHandler('notifications/resources/updated', (notification) =>
      this.events.resourceUpdated(notification.params.uri),
    );
    for (const method of ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const satisfies readonly RequestMethod[]) {
      client.setRequestHandler(
        method,
        (request, ctx) =>
          this.events.serverRequest(method, request.params as Record<string, unknown> | undefined, ctx.mcpReq.signal) as never,
      );
    }
    return client;
  }
}

/** `promise`, or a rejection after `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
