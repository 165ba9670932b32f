import type { Transport } from '@armature/core';
import type { ConnectableApp } from '@armature/core/internal';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { deferred } from '@armature/transport-fixtures';

/** A real MCP peer for the transport tests: the SDK's low-level Server, one per connection. */
export interface SdkApp extends ConnectableApp {
  /** Resolves when the `wait` tool has started. */
  readonly waitStarted: Promise<void>;
  /** Resolves when the `wait` tool's abort signal fired. */
  readonly waitAborted: Promise<void>;
  /** Resolves when the `gate` tool has started. */
  readonly gateStarted: Promise<void>;
  /** Lets every running `gate` call return. */
  openGate(): void;
  /** Resolves when the first session has ended (the SDK server saw its transport close). */
  readonly firstSessionEnded: Promise<void>;
  /** Sessions connected so far. */
  readonly sessions: number;
}

/**
 * Tools: `echo {text}` returns the text; `wait` never finishes on its own and resolves only
 * when its request is aborted (cancellation or connection loss); `whoami` returns the
 * authenticated client id (or `anonymous`); `gate` returns once `openGate()` is called;
 * `headers` lists the names of the request headers the transport handed to the session.
 */
export function sdkApp(): SdkApp {
  const started = deferred();
  const aborted = deferred();
  const ended = deferred();
  const gateStarted = deferred();
  const gate = deferred();
  let sessions = 0;
  return {
    waitStarted: started.promise,
    waitAborted: aborted.promise,
    firstSessionEnded: ended.promise,
    gateStarted: gateStarted.promise,
    openGate: () => gate.resolve(),
    get sessions() {
      return sessions;
    },
    async connect(transport: Transport) {
      sessions += 1;
      const server = new Server({ name: 'ws-test', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.onclose = () => ended.resolve();
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
          { name: 'wait', inputSchema: { type: 'object' } },
          { name: 'whoami', inputSchema: { type: 'object' } },
          { name: 'gate', inputSchema: { type: 'object' } },
          { name: 'headers', inputSchema: { type: 'object' } },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
        if (request.params.name === 'echo') return { content: [{ type: 'text', text: String(request.params.arguments?.text) }] };
        if (request.params.name === 'gate') {
          gateStarted.resolve();
          await gate.promise;
          return { content: [{ type: 'text', text: 'through the gate' }] };
        }
        if (request.params.name === 'headers')
          return {
            content: [
              {
                type: 'text',
                text: Object.keys(extra.requestInfo?.headers ?? {})
                  .sort()
                  .join(','),
              },
            ],
          };
        if (request.params.name === 'whoami') return { content: [{ type: 'text', text: extra.authInfo?.clientId ?? 'anonymous' }] };
        started.resolve();
        await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve(), { once: true }));
        aborted.resolve();
        return { content: [] };
      });
      // Our Transport and the SDK's have the same shape; only the message typings differ.
      await server.connect(transport as unknown as SdkTransport);
      return { close: () => server.close() };
    },
  };
}
