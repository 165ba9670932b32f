import type { ChildProcess } from 'node:child_process';
import type { McpRevision } from '@armature/testing';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioTransportV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
  type ElicitResult as ElicitResultV1,
} from '@modelcontextprotocol/sdk/types.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpTransportV2,
  type ElicitResult as ElicitResultV2,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import { within } from './bounded';
import { WireTap } from './wire-tap';

/** The official SDK clients the revision scenario runs. */
export type ClientKind = 'sdk-v1' | 'sdk-v2-pinned' | 'sdk-v2-auto';

/** Each client: how the scenario names it, and the revision it must end up speaking with an Armature server. */
export const CLIENT_KINDS: Readonly<Record<ClientKind, { readonly title: string; readonly revision: McpRevision }>> = Object.freeze({
  'sdk-v1': { title: 'SDK v1 client (MCP 2025-11-25)', revision: '2025-11-25' },
  'sdk-v2-pinned': { title: 'SDK v2 client pinned to MCP 2026-07-28', revision: '2026-07-28' },
  'sdk-v2-auto': { title: 'SDK v2 client in auto mode', revision: '2026-07-28' },
});

/** Where the server under test is: a command every client spawns (stdio), or a URL (Streamable HTTP). */
export type ScenarioEndpoint =
  { readonly kind: 'stdio'; readonly command: string; readonly args: readonly string[] } | { readonly kind: 'http'; readonly url: string };

/** A `tools/call` result, as both SDKs return it. */
export interface ToolCallResult {
  readonly content: readonly unknown[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

/** Options of `ScenarioClient.callTool`. */
export interface CallOptions {
  readonly onprogress?: (progress: { progress: number; total?: number }) => void;
  readonly logLevel?: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
  /**
   * The call's time-out (10 s) counts from its last progress notification rather than from the
   * request, up to `maxTotalMs` in all (the SDKs' `resetTimeoutOnProgress` and
   * `maxTotalTimeout`): a long call still streaming progress is not given up on.
   */
  readonly progressExtends?: { readonly maxTotalMs: number };
}

/** The SDK request options of a `callTool`: its time-out, and how progress extends it. */
function callRequestOptions({ onprogress, progressExtends }: CallOptions): {
  timeout: number;
  onprogress?: (progress: { progress: number; total?: number }) => void;
  resetTimeoutOnProgress?: boolean;
  maxTotalTimeout?: number;
} {
  return {
    timeout: CALL_MS,
    ...(onprogress === undefined ? {} : { onprogress }),
    ...(progressExtends === undefined ? {} : { resetTimeoutOnProgress: true, maxTotalTimeout: progressExtends.maxTotalMs }),
  };
}

/** A `resources/read` result. */
export interface ResourceReadResult {
  readonly contents: readonly { readonly uri: string; readonly mimeType?: string; readonly text?: string }[];
}

/** What an `elicitation/create` asked. */
export interface ElicitQuestion {
  readonly mode?: string;
  readonly message: string;
  readonly requestedSchema?: unknown;
}

/** The user's answer to an elicitation. */
export interface ElicitAnswer {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Record<string, string | number | boolean | string[]>;
}

/** What `completion/complete` completes: a prompt's argument, or a resource template's variable. */
export type CompletionRef =
  { readonly type: 'ref/prompt'; readonly name: string } | { readonly type: 'ref/resource'; readonly uri: string };

/** One `notifications/resources/updated` the client received. */
export interface ResourceUpdate {
  readonly uri: string;
  /** `_meta['io.modelcontextprotocol/subscriptionId']` (2026-07-28 listen streams only). */
  readonly subscriptionId?: string | number;
}

/** Updates of a resource the client follows: `resources/subscribe` (2025-11-25) or `subscriptions/listen` (2026-07-28). */
export interface ResourceWatch {
  /** What the server agreed to send (2026: the acknowledged `resourceSubscriptions`; 2025: the URI). */
  readonly honoured: readonly string[];
  /** The listen request's id (2026 only). */
  readonly subscriptionId?: string | number;
  /** How the listen stream ended, once it did (2026 only): `local`, `graceful` or `remote`. */
  readonly closed?: Promise<string>;
  /** Every update received so far for the watched URI. */
  readonly updates: readonly ResourceUpdate[];
  /** Stops following: closes the listen stream, or unsubscribes. */
  close(): Promise<void>;
}

/** A server process a stdio client spawned: the session's, or the v2 client's throwaway probe. */
export interface SpawnedServer {
  readonly role: 'session' | 'probe';
  readonly exit: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>;
  /** Sends the process a signal (`SIGTERM`: a graceful shutdown). */
  kill(signal: NodeJS.Signals): void;
}

/** One official SDK client, connected, behind the calls the scenario makes (the two SDKs differ in details). */
export interface ScenarioClient {
  readonly kind: ClientKind;
  /** What went over the wire, every server message checked against its revision's schema. */
  readonly wire: WireTap;
  /** Server processes this client spawned (stdio), in spawn order. */
  readonly spawned: readonly SpawnedServer[];
  /** The negotiated protocol version: v2 `getNegotiatedProtocolVersion()`; v1 (which has no getter) the `initialize` result's. */
  negotiatedVersion(): string | undefined;
  /** The v2 client's era (`modern` / `legacy`); undefined for v1. */
  era(): string | undefined;
  serverName(): string | undefined;
  serverCapabilities(): Readonly<Record<string, unknown>> | undefined;
  listToolNames(): Promise<string[]>;
  /**
   * `tools/call`. `logLevel` asks for the tool's log notifications at or above that level: a
   * 2025-11-25 client sets it for the session first (`logging/setLevel`), a 2026-07-28 client
   * sends it in the request's `_meta` (`io.modelcontextprotocol/logLevel`).
   */
  callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<ToolCallResult>;
  readResource(uri: string): Promise<ResourceReadResult>;
  getPrompt(name: string, args: Record<string, string>): Promise<{ readonly messages: readonly unknown[] }>;
  /** `completion/complete`: the values the server suggests for one argument of a prompt or template. */
  complete(ref: CompletionRef, argument: { readonly name: string; readonly value: string }): Promise<readonly string[]>;
  /** How the client answers `elicitation/create` from now on (default: decline). */
  answerElicitations(answer: (question: ElicitQuestion) => ElicitAnswer): void;
  watch(uri: string): Promise<ResourceWatch>;
  /** Closes the client; server processes it spawned that are still running after 5 s are killed. */
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'revision-scenario-client', version: '1.0.0' };
const CONNECT_MS = 15_000;
const CALL_MS = 10_000;
const REAP_MS = 5000;

/** Connects a client of `kind` to `endpoint`, its traffic tapped and checked from the first message. */
export async function connectScenarioClient(kind: ClientKind, endpoint: ScenarioEndpoint): Promise<ScenarioClient> {
  const wire = new WireTap();
  const spawned: TrackedProcess[] = [];
  const client = kind === 'sdk-v1' ? new SdkV1Client(wire, spawned) : new SdkV2Client(kind, wire, spawned);
  try {
    await within(client.connect(endpoint), `the ${CLIENT_KINDS[kind].title} to connect`, CONNECT_MS);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

interface TrackedProcess extends SpawnedServer {
  readonly process: ChildProcess;
}

/** The child process of an SDK stdio transport (both SDKs keep it in `_process` while it runs). */
function childOf(transport: object): ChildProcess | undefined {
  return (transport as { _process?: ChildProcess })._process;
}

/** Records the child `transport` spawns once its `start()` resolves. */
function trackSpawn(transport: { start(): Promise<void> }, role: SpawnedServer['role'], spawned: TrackedProcess[]): void {
  const start = transport.start;
  transport.start = async function (this: unknown) {
    await start.call(transport);
    const child = childOf(transport);
    if (child === undefined) return;
    const exit =
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve({ code: child.exitCode, signal: child.signalCode })
        : new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
            child.once('exit', (code, signal) => resolve({ code, signal })),
          );
    spawned.push({ role, process: child, exit, kill: (signal) => void child.kill(signal) });
  };
}

/** Waits (bounded) for every spawned server to exit, then kills and reaps the ones that did not. */
async function reap(spawned: readonly TrackedProcess[]): Promise<void> {
  await Promise.all(
    spawned.map(async ({ process, exit }) => {
      const exited = await within(exit, 'a server process to exit', REAP_MS).then(
        () => true,
        () => false,
      );
      if (exited) return;
      process.kill('SIGKILL');
      await within(exit, 'a killed server process to exit', REAP_MS);
    }),
  );
}

abstract class ScenarioClientBase {
  protected answer: (question: ElicitQuestion) => ElicitAnswer = () => ({ action: 'decline' });
  protected readonly updates: ResourceUpdate[] = [];
  private closed = false;

  constructor(
    readonly wire: WireTap,
    protected readonly tracked: TrackedProcess[],
  ) {}

  get spawned(): readonly SpawnedServer[] {
    return this.tracked;
  }

  answerElicitations(answer: (question: ElicitQuestion) => ElicitAnswer): void {
    this.answer = answer;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await within(this.closeClient(), 'the client to close', REAP_MS);
    } finally {
      await reap(this.tracked);
    }
  }

  protected abstract closeClient(): Promise<void>;

  protected recordUpdate(params: { uri: string; _meta?: Record<string, unknown> }): void {
    const subscriptionId = params._meta?.['io.modelcontextprotocol/subscriptionId'];
    this.updates.push(
      typeof subscriptionId === 'string' || typeof subscriptionId === 'number' ? { uri: params.uri, subscriptionId } : { uri: params.uri },
    );
  }

  protected updatesOf(uri: string): { readonly updates: readonly ResourceUpdate[] } {
    const all = this.updates;
    return {
      get updates() {
        return all.filter((u) => u.uri === uri);
      },
    };
  }
}

/** `@modelcontextprotocol/sdk` 1.x: `initialize`, then 2025-11-25 sessions. */
class SdkV1Client extends ScenarioClientBase implements ScenarioClient {
  readonly kind = 'sdk-v1';
  private readonly client = new ClientV1(CLIENT_INFO, { capabilities: { elicitation: {} } });

  constructor(wire: WireTap, spawned: TrackedProcess[]) {
    super(wire, spawned);
    this.client.setRequestHandler(ElicitRequestSchema, (request): ElicitResultV1 => ({ ...this.answer(request.params as ElicitQuestion) }));
    this.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) =>
      this.recordUpdate(n.params as { uri: string; _meta?: Record<string, unknown> }),
    );
  }

  async connect(endpoint: ScenarioEndpoint): Promise<void> {
    if (endpoint.kind === 'http') {
      await this.client.connect(this.wire.attach(new HttpTransportV1(new URL(endpoint.url))));
      return;
    }
    const transport = this.wire.attach(new StdioTransportV1({ command: endpoint.command, args: [...endpoint.args], stderr: 'ignore' }));
    trackSpawn(transport, 'session', this.tracked);
    await this.client.connect(transport);
  }

  negotiatedVersion(): string | undefined {
    const [initialize] = this.wire.sentRequests('initialize');
    const version = initialize === undefined ? undefined : this.wire.responseTo(initialize.id)?.result?.protocolVersion;
    return typeof version === 'string' ? version : undefined;
  }

  era(): undefined {
    return undefined;
  }

  serverName(): string | undefined {
    return this.client.getServerVersion()?.name;
  }

  serverCapabilities(): Readonly<Record<string, unknown>> | undefined {
    return this.client.getServerCapabilities();
  }

  async listToolNames(): Promise<string[]> {
    return (await this.client.listTools()).tools.map((t) => t.name);
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
    if (options.logLevel !== undefined) await this.client.setLoggingLevel(options.logLevel, { timeout: CALL_MS });
    return (await this.client.callTool({ name, arguments: args }, undefined, callRequestOptions(options))) as ToolCallResult;
  }

  readResource(uri: string): Promise<ResourceReadResult> {
    return this.client.readResource({ uri }, { timeout: CALL_MS }) as Promise<ResourceReadResult>;
  }

  getPrompt(name: string, args: Record<string, string>): Promise<{ readonly messages: readonly unknown[] }> {
    return this.client.getPrompt({ name, arguments: args }, { timeout: CALL_MS });
  }

  async complete(ref: CompletionRef, argument: { readonly name: string; readonly value: string }): Promise<readonly string[]> {
    return (await this.client.complete({ ref: { ...ref }, argument: { ...argument } }, { timeout: CALL_MS })).completion.values;
  }

  async watch(uri: string): Promise<ResourceWatch> {
    await this.client.subscribeResource({ uri }, { timeout: CALL_MS });
    const seen = this.updatesOf(uri);
    return {
      honoured: [uri],
      get updates() {
        return seen.updates;
      },
      close: async () => void (await this.client.unsubscribeResource({ uri }, { timeout: CALL_MS })),
    };
  }

  protected closeClient(): Promise<void> {
    return this.client.close();
  }
}

/** `@modelcontextprotocol/client` 2.x: `server/discover`, then self-describing 2026-07-28 requests (or a 2025 fallback in auto mode). */
class SdkV2Client extends ScenarioClientBase implements ScenarioClient {
  private readonly client: ClientV2;

  constructor(
    readonly kind: 'sdk-v2-pinned' | 'sdk-v2-auto',
    wire: WireTap,
    spawned: TrackedProcess[],
  ) {
    super(wire, spawned);
    this.client = new ClientV2(CLIENT_INFO, {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: kind === 'sdk-v2-auto' ? 'auto' : { pin: '2026-07-28' } },
    });
    this.client.setRequestHandler('elicitation/create', (request): ElicitResultV2 => ({
      ...this.answer(request.params as ElicitQuestion),
    }));
    this.client.setNotificationHandler('notifications/resources/updated', (n) =>
      this.recordUpdate(n.params as { uri: string; _meta?: Record<string, unknown> }),
    );
  }

  async connect(endpoint: ScenarioEndpoint): Promise<void> {
    if (endpoint.kind === 'http') {
      await this.client.connect(this.wire.attach(new HttpTransportV2(new URL(endpoint.url))));
      return;
    }
    const transport = this.wire.attach(new StdioTransportV2({ command: endpoint.command, args: [...endpoint.args], stderr: 'ignore' }));
    trackSpawn(transport, 'session', this.tracked);
    this.tapProbeSiblings(transport);
    await this.client.connect(transport);
  }

  negotiatedVersion(): string | undefined {
    return this.client.getNegotiatedProtocolVersion();
  }

  era(): string | undefined {
    return this.client.getProtocolEra();
  }

  serverName(): string | undefined {
    return this.client.getServerVersion()?.name;
  }

  serverCapabilities(): Readonly<Record<string, unknown>> | undefined {
    return this.client.getServerCapabilities();
  }

  async listToolNames(): Promise<string[]> {
    return (await this.client.listTools(undefined, { timeout: CALL_MS, cacheMode: 'bypass' })).tools.map((t) => t.name);
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<ToolCallResult> {
    // The client keeps no log level of its own in 2026-07-28; `_meta` keys given here join its envelope.
    const logLevel = options.logLevel;
    const params =
      logLevel === undefined
        ? { name, arguments: args }
        : { name, arguments: args, _meta: { 'io.modelcontextprotocol/logLevel': logLevel } };
    return (await this.client.callTool(params, callRequestOptions(options))) as ToolCallResult;
  }

  readResource(uri: string): Promise<ResourceReadResult> {
    return this.client.readResource({ uri }, { timeout: CALL_MS, cacheMode: 'bypass' }) as Promise<ResourceReadResult>;
  }

  getPrompt(name: string, args: Record<string, string>): Promise<{ readonly messages: readonly unknown[] }> {
    return this.client.getPrompt({ name, arguments: args }, { timeout: CALL_MS });
  }

  async complete(ref: CompletionRef, argument: { readonly name: string; readonly value: string }): Promise<readonly string[]> {
    return (await this.client.complete({ ref: { ...ref }, argument: { ...argument } }, { timeout: CALL_MS })).completion.values;
  }

  async watch(uri: string): Promise<ResourceWatch> {
    const from = this.wire.sent.length;
    const subscription = await this.client.listen({ resourceSubscriptions: [uri] }, { timeout: CALL_MS });
    const [listen] = this.wire.sentRequests('subscriptions/listen', from);
    const seen = this.updatesOf(uri);
    return {
      honoured: subscription.honoredFilter.resourceSubscriptions ?? [],
      subscriptionId: listen?.id,
      closed: subscription.closed,
      get updates() {
        return seen.updates;
      },
      close: () => subscription.close(),
    };
  }

  protected closeClient(): Promise<void> {
    return this.client.close();
  }

  /**
   * Over stdio the v2 client sends its `server/discover` probe to a throwaway sibling process,
   * spawned with `new transport.constructor(params)` (only for the SDK's own class, which this
   * still is). Giving the instance its own `constructor` taps and tracks that sibling too, so
   * the probe's answer is checked like every other message and its process is reaped.
   */
  private tapProbeSiblings(transport: StdioTransportV2): void {
    const { wire, tracked } = this;
    function TappedStdioClientTransport(params: ConstructorParameters<typeof StdioTransportV2>[0]): StdioTransportV2 {
      const sibling = wire.attach(new StdioTransportV2(params));
      trackSpawn(sibling, 'probe', tracked);
      return sibling;
    }
    Object.defineProperty(transport, 'constructor', { configurable: true, value: TappedStdioClientTransport });
  }
}
