import type { Armature, RequestContext, ServerLogger } from '@armature/core';
import { stderrLogger } from '@armature/core';
import type { Client } from '@modelcontextprotocol/client';
import { ActiveCalls } from './active-calls';
import { CallerLinks } from './caller-links';
import { MountNaming } from './mount-naming';
import { invalidPrefix } from './prefix-rule';
import { ProxyConfigError } from './proxy-errors';
import { PROXY_DEFAULTS, isStdioUpstream, type McpProxyOptions, type ResolvedLimits } from './proxy-options';
import { ResourceFollower } from './resource-follower';
import { ServedRoutes } from './served-routes';
import type { CallEnvironment } from './upstream-call';
import { UpstreamLink, type LinkState } from './upstream-link';

function positive(name: string, value: number | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new ProxyConfigError(`"${name}" must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
  }
  return value;
}

function resolveLimits(options: McpProxyOptions): ResolvedLimits {
  const d = PROXY_DEFAULTS;
  const r = options.reconnect ?? {};
  return {
    requestTimeoutMs: positive('requestTimeoutMs', options.requestTimeoutMs, d.requestTimeoutMs),
    connectTimeoutMs: positive('connectTimeoutMs', options.connectTimeoutMs, d.connectTimeoutMs),
    maxInflight: positive('maxInflight', options.maxInflight, d.maxInflight),
    maxWaiting: positive('maxWaiting', options.maxWaiting, d.maxWaiting),
    waitWhileDownMs: positive('waitWhileDownMs', options.waitWhileDownMs, d.waitWhileDownMs, true),
    maxSubscriptions: positive('maxSubscriptions', options.maxSubscriptions, d.maxSubscriptions, true),
    maxCallerSessions: positive('maxCallerSessions', (options as { maxCallerSessions?: number }).maxCallerSessions, d.maxCallerSessions),
    reconnect: {
      initialDelayMs: positive('reconnect.initialDelayMs', r.initialDelayMs, d.reconnect.initialDelayMs),
      maxDelayMs: positive('reconnect.maxDelayMs', r.maxDelayMs, d.reconnect.maxDelayMs),
      maxAttempts: positive('reconnect.maxAttempts', r.maxAttempts, d.reconnect.maxAttempts, true),
    },
  };
}

function checkOptions(options: McpProxyOptions): void {
  const hasCommand = typeof (options as { command?: unknown }).command === 'string';
  const hasUrl = (options as { url?: unknown }).url !== undefined;
  if (hasCommand === hasUrl) throw new ProxyConfigError('give exactly one of "command" (stdio) or "url" (Streamable HTTP)');
  if (hasUrl) {
    try {
      new URL(String((options as { url: unknown }).url));
    } catch {
      throw new ProxyConfigError('"url" is not a URL');
    }
  }
  if (options.prefix !== undefined) {
    const why = invalidPrefix(options.prefix);
    if (why !== undefined) throw new ProxyConfigError(`"prefix" ${why}`);
  }
  if ((options as { forwardAuth?: unknown }).forwardAuth !== undefined && hasCommand) {
    throw new ProxyConfigError('"forwardAuth" needs an HTTP upstream ("url"): a stdio child has no per-call headers');
  }
}

/** The `Authorization` value a call forwards, per the options' `forwardAuth`. */
function forwardedAuth(options: McpProxyOptions): (ctx: RequestContext) => string | undefined {
  if (isStdioUpstream(options) || options.forwardAuth === undefined || options.forwardAuth === false) return () => undefined;
  const pick = options.forwardAuth === true ? (ctx: RequestContext) => ctx.authInfo?.token : options.forwardAuth;
  return (ctx) => {
    const token = pick(ctx);
    return token === undefined ? undefined : `Bearer ${token}`;
  };
}

/**
 * A remote MCP server served as part of an app: its tools, prompts, resources and templates
 * registered in the app under the mount's names, each request forwarded upstream on a
 * supervised connection (the official SDK v2 client). Usually made by
 * `McpProxyModule.forRoot(options)`; `mount(app)` starts serving.
 */
export class McpProxy {
  private readonly limits: ResolvedLimits;
  private readonly naming: MountNaming;
  private readonly calls = new ActiveCalls();
  private readonly link: UpstreamLink;
  private readonly callers: CallerLinks | undefined;
  private routes: ServedRoutes | undefined;
  private follower: ResourceFollower | undefined;
  private logger: ServerLogger = stderrLogger;
  private app: Armature | undefined;
  private readonly label: string;

  constructor(private readonly options: McpProxyOptions) {
    checkOptions(options);
    this.limits = resolveLimits(options);
    this.naming = new MountNaming(options.prefix);
    this.label = `upstream ${JSON.stringify(options.prefix ?? (isStdioUpstream(options) ? options.command : String(options.url)))}`;
    this.link = new UpstreamLink(
      options,
      this.limits,
      {
        connected: (client) => this.connected(client),
        listChanged: (kind) => void this.refresh(kind),
        resourceUpdated: (uri) => this.resourceUpdated(uri),
        serverRequest: (method, params) => this.calls.route(method, params),
        log: (level, message, error) =>
          (level === 'info' ? this.logger.debug : this.logger.warn).call(this.logger, `proxy: ${message}`, error),
      },
      this.label,
    );
    if (!isStdioUpstream(options) && options.forwardAuth !== undefined && options.forwardAuth !== false) {
      const callerEvents = {
        connected: () => Promise.resolve(),
        listChanged: () => undefined,
        resourceUpdated: () => undefined,
        serverRequest: (method: string, params: Record<string, unknown> | undefined) => this.calls.route(method, params),
        log: (level: 'info' | 'warn', message: string, error?: unknown) =>
          (level === 'info' ? this.logger.debug : this.logger.warn).call(this.logger, `proxy: ${message}`, error),
      };
      this.callers = new CallerLinks(options, this.limits, callerEvents, this.label, this.limits.maxCallerSessions);
    }
  }

  /** The connection's state: `idle` before `mount`, `connecting`, `up`, `down` (reconnecting), `gave-up`, `closed`. */
  get state(): LinkState {
    return this.link.state;
  }

  /** The process id of the stdio child serving as the upstream, while it runs (undefined for a URL). */
  get upstreamPid(): number | undefined {
    return this.link.pid();
  }

  /** The MCP revision negotiated with the upstream, while connected. */
  get upstreamRevision(): string | undefined {
    return this.link.revision();
  }

  /**
   * Serves the upstream through `app`: connects (waiting up to `connectTimeoutMs`), registers
   * what it lists, and keeps both in step from then on. When the first connection fails the
   * app starts anyway; the proxy keeps reconnecting and registers the lists once it is up.
   * Resolves whether the upstream is connected.
   */
  async mount(app: Armature, logger?: ServerLogger): Promise<boolean> {
    if (this.routes !== undefined) throw new ProxyConfigError('this proxy is already mounted');
    if (logger !== undefined) this.logger = logger;
    const env: CallEnvironment = {
      linkFor: (authorization) =>
        authorization === undefined || this.callers === undefined || this.link.era() !== 'legacy'
          ? this.link
          : this.callers.linkFor(authorization),
      calls: this.calls,
      authorization: forwardedAuth(this.options),
      timeoutMs: this.limits.requestTimeoutMs,
    };
    const warn = (message: string, error?: unknown): void => this.logger.warn(`proxy: ${message}`, error);
    this.routes = new ServedRoutes(app, {
      naming: this.naming,
      include: this.options.include,
      exclude: this.options.exclude,
      env,
      label: this.label,
      warn,
    });
    this.follower = new ResourceFollower(this.limits.maxSubscriptions, warn);
    this.app = app;
    return this.link.start();
  }

  /** After the supervisor gave up (`reconnect.maxAttempts`), starts reconnecting again. */
  reconnect(): void {
    this.link.reconnect();
  }

  /** Closes the upstream connection (a stdio child is stopped). What it served stays registered, answering "unavailable". */
  async close(): Promise<void> {
    await Promise.all([this.link.close(), this.callers?.closeAll()]);
  }

  /** DI: the app's container closes it with the app. */
  onShutdown(): Promise<void> {
    return this.close();
  }

  private async connected(client: Client): Promise<void> {
    await this.routes?.refresh(client);
    await this.followResources(client);
  }

  private async refresh(kind: 'tools' | 'prompts' | 'resources'): Promise<void> {
    try {
      await this.link.use(async (client) => {
        await this.routes?.refresh(client, [kind]);
        if (kind === 'resources') await this.followResources(client);
      });
    } catch (error) {
      this.logger.warn(`proxy: ${this.label}: re-reading its ${kind} failed`, error);
    }
  }

  private async followResources(client: Client): Promise<void> {
    if (this.routes === undefined || this.follower === undefined) return;
    await this.follower
      .follow(client, this.routes.servedResourceUris())
      .catch((error: unknown) => this.logger.warn(`proxy: ${this.label}: following resource updates failed`, error));
  }

  private resourceUpdated(uri: string): void {
    const served = this.naming.servedUri(uri);
    if (served !== undefined) this.app?.resources.notifyUpdated(served);
  }
}
