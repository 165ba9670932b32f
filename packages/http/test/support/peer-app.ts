import type { Transport } from '@armature/core';
import type { ConnectableApp, ConnectedSession } from '@armature/core/internal';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ElicitResultSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { CallGates } from './call-gates';

/**
 * A real MCP server peer for transport tests: the official SDK's low-level `Server`, one per
 * session, behind the `ConnectableApp` contract our kernel implements.
 */
export interface PeerApp extends ConnectableApp {
  /** Live SDK servers, one per connected session. */
  readonly servers: Set<Server>;
  /** Releases a `gated` tool call waiting on `key`. */
  release(key: string): void;
  /** Resolves once a `gated` call with `key` has started (bounded). */
  started(key: string): Promise<void>;
  /** Sends `notifications/tools/list_changed` on every live session. */
  notifyToolsChanged(): Promise<void>;
}

export function createPeerApp(): PeerApp {
  const servers = new Set<Server>();
  const gates = new CallGates();

  const build = (): Server => {
    const server = new Server({ name: 'peer', version: '1.0.0' }, { capabilities: { tools: { listChanged: true }, logging: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: ['echo', 'progress', 'gated', 'elicit', 'log', 'headers'].map((name) => ({ name, inputSchema: { type: 'object' as const } })),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      const token = request.params._meta?.progressToken;
      const progress = async (value: number) => {
        if (token !== undefined)
          await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: value } });
      };
      switch (request.params.name) {
        case 'echo':
          return { content: [{ type: 'text' as const, text: String(args.text ?? '') }] };
        case 'progress': {
          const steps = Number(args.steps ?? 3);
          for (let i = 1; i <= steps; i++) await progress(i);
          return { content: [{ type: 'text' as const, text: 'done' }] };
        }
        case 'gated': {
          const key = String(args.key);
          const gate = gates.hold(key);
          await progress(1);
          gates.markStarted(key);
          await gate;
          await progress(2);
          return { content: [{ type: 'text' as const, text: `gated:${key}` }] };
        }
        case 'elicit': {
          const result = await extra.sendRequest(
            {
              method: 'elicitation/create',
              params: { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
            },
            ElicitResultSchema,
          );
          return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
        }
        case 'headers':
          // The request headers the transport handed to the session, by name.
          return {
            content: [
              {
                type: 'text' as const,
                text: Object.keys(extra.requestInfo?.headers ?? {})
                  .sort()
                  .join(','),
              },
            ],
          };
        case 'log':
          await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'hello' } });
          return { content: [{ type: 'text' as const, text: 'logged' }] };
        default:
          throw new Error(`unknown tool ${request.params.name}`);
      }
    });
    return server;
  };

  return {
    servers,
    async connect(transport: Transport): Promise<ConnectedSession> {
      const server = build();
      servers.add(server);
      server.onclose = () => servers.delete(server);
      await server.connect(transport as unknown as SdkTransport);
      return { close: () => server.close() };
    },
    release: (key) => gates.release(key),
    started: (key) => gates.started(key),
    async notifyToolsChanged() {
      await Promise.all([...servers].map((server) => server.sendToolListChanged()));
    },
  };
}
