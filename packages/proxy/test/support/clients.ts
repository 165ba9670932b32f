import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { WireTap, within } from '@armature/transport-fixtures';

/** The downstream clients the proxy is tested with. */
export type DownstreamKind = 'sdk-v1 (2025-11-25)' | 'sdk-v2 (2026-07-28)';
export const DOWNSTREAM_KINDS: readonly DownstreamKind[] = ['sdk-v1 (2025-11-25)', 'sdk-v2 (2026-07-28)'];

/** What a downstream client does, the same for both SDKs. */
export interface Downstream {
  readonly wire: WireTap;
  /** Every `notifications/tools/list_changed` and `notifications/resources/updated` (its URI) received. */
  readonly heard: string[];
  /** How it answers `elicitation/create` (default: accept `{ color: 'teal' }`). */
  elicit: (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | boolean> };
  listTools(): Promise<{ name: string; outputSchema?: unknown }[]>;
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: { onprogress?: (p: { progress: number; total?: number }) => void; signal?: AbortSignal },
  ): Promise<{
    content: { type: string; text?: string }[];
    structuredContent?: Record<string, unknown>;
    isError?: boolean;
    _meta?: Record<string, unknown>;
  }>;
  readResource(uri: string): Promise<{ contents: { uri: string; text?: string }[] }>;
  getPrompt(name: string, args: Record<string, string>): Promise<{ messages: { content: { type: string; text?: string } }[] }>;
  complete(uriTemplate: string, name: string, value: string): Promise<string[]>;
  /** 2025: resources/subscribe; 2026: a subscriptions/listen stream. */
  subscribe(uri: string): Promise<void>;
  close(): Promise<void>;
}

const INFO = { name: 'proxy-test-client', version: '1.0.0' };
const MS = 10_000;

/** Connects a downstream client of `kind` to `url` with bearer `token`. */
export async function connectDownstream(kind: DownstreamKind, url: string, token: string): Promise<Downstream> {
  const requestInit = { headers: { Authorization: `Bearer ${token}` } };
  const wire = new WireTap();
  const heard: string[] = [];
  const self = {
    elicit: (_message: string) => ({ action: 'accept' as const, content: { color: 'teal' } as Record<string, string | boolean> }),
  };
  const sample = { model: 'test-model', role: 'assistant' as const, content: { type: 'text' as const, text: 'autumn moonlight' } };
  if (kind === 'sdk-v1 (2025-11-25)') {
    const client = new ClientV1(INFO, { capabilities: { elicitation: { form: {} }, sampling: {} } });
    client.setRequestHandler(ElicitRequestSchema, (request) => self.elicit(request.params.message));
    client.setRequestHandler(CreateMessageRequestSchema, () => sample);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void heard.push('tools/list_changed'));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void heard.push(n.params.uri));
    await within(client.connect(wire.attach(new HttpTransportV1(new URL(url), { requestInit }))), 'the v1 client to connect', MS);
    return Object.assign(self, {
      wire,
      heard,
      listTools: async () => (await client.listTools(undefined, { timeout: MS })).tools,
      callTool: async (
        name: string,
        args: Record<string, unknown>,
        options: { onprogress?: (p: { progress: number }) => void; signal?: AbortSignal } = {},
      ) =>
        (await client.callTool({ name, arguments: args }, undefined, { timeout: MS, ...options })) as Awaited<
          ReturnType<Downstream['callTool']>
        >,
      readResource: async (uri: string) =>
        (await client.readResource({ uri }, { timeout: MS })) as Awaited<ReturnType<Downstream['readResource']>>,
      getPrompt: async (name: string, args: Record<string, string>) =>
        (await client.getPrompt({ name, arguments: args }, { timeout: MS })) as Awaited<ReturnType<Downstream['getPrompt']>>,
      complete: async (uriTemplate: string, name: string, value: string) =>
        (await client.complete({ ref: { type: 'ref/resource', uri: uriTemplate }, argument: { name, value } }, { timeout: MS })).completion
          .values,
      subscribe: async (uri: string) => void (await client.subscribeResource({ uri }, { timeout: MS })),
      close: () => client.close(),
    });
  }
  const client = new ClientV2(INFO, {
    capabilities: { elicitation: { form: {} }, sampling: {} },
    versionNegotiation: { mode: { pin: '2026-07-28' } },
    listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => void heard.push('tools/list_changed') } },
  });
  client.setRequestHandler('elicitation/create', (request) => self.elicit(request.params.message));
  client.setRequestHandler('sampling/createMessage', () => sample);
  client.setNotificationHandler('notifications/resources/updated', (n) => void heard.push(n.params.uri));
  await within(client.connect(wire.attach(new HttpTransportV2(new URL(url), { requestInit }))), 'the v2 client to connect', MS);
  const listens: { close(): Promise<void> }[] = [];
  return Object.assign(self, {
    wire,
    heard,
    listTools: async () => (await client.listTools(undefined, { timeout: MS, cacheMode: 'bypass' })).tools,
    callTool: async (
      name: string,
      args: Record<string, unknown>,
      options: { onprogress?: (p: { progress: number }) => void; signal?: AbortSignal } = {},
    ) => (await client.callTool({ name, arguments: args }, { timeout: MS, ...options })) as Awaited<ReturnType<Downstream['callTool']>>,
    readResource: async (uri: string) =>
      (await client.readResource({ uri }, { timeout: MS, cacheMode: 'bypass' })) as Awaited<ReturnType<Downstream['readResource']>>,
    getPrompt: async (name: string, args: Record<string, string>) =>
      (await client.getPrompt({ name, arguments: args }, { timeout: MS })) as Awaited<ReturnType<Downstream['getPrompt']>>,
    complete: async (uriTemplate: string, name: string, value: string) =>
      (await client.complete({ ref: { type: 'ref/resource', uri: uriTemplate }, argument: { name, value } }, { timeout: MS })).completion
        .values,
    subscribe: async (uri: string) => void listens.push(await client.listen({ resourceSubscriptions: [uri] }, { timeout: MS })),
    close: async () => {
      for (const listen of listens) await listen.close().catch(() => undefined);
      await client.close();
    },
  });
}
