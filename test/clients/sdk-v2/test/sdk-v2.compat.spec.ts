import { expect } from 'chai';
import { Client, type ClientOptions, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { compatScenario, joinTexts, type CompatClient, type NotesEndpoint } from '../../support/src';

type NegotiationMode = NonNullable<NonNullable<ClientOptions['versionNegotiation']>['mode']>;

/** The three ways an SDK v2 client can be set to negotiate, and the revision each must end on. */
const MODES: ReadonlyArray<{ label: string; mode: NegotiationMode; revision: string }> = [
  { label: "legacy mode (the default: 2025's initialize only)", mode: 'legacy', revision: '2025-11-25' },
  { label: 'pinned to MCP 2026-07-28', mode: { pin: '2026-07-28' }, revision: '2026-07-28' },
  { label: 'auto mode (discover, falling back to 2025)', mode: 'auto', revision: '2026-07-28' },
];

async function connectSdkV2(endpoint: NotesEndpoint, mode: NegotiationMode, revision: string): Promise<Client> {
  const client = new Client({ name: 'armature-compat', version: '0.0.0' }, { capabilities: {}, versionNegotiation: { mode } });
  const transport =
    endpoint.kind === 'http'
      ? new StreamableHTTPClientTransport(new URL(endpoint.url))
      : new StdioClientTransport({ command: endpoint.command, args: [...endpoint.args], stderr: 'ignore' });
  await client.connect(transport);
  // The mode is what this suite is about: a client that silently fell back would test the wrong revision.
  expect(client.getNegotiatedProtocolVersion(), `negotiated revision in ${JSON.stringify(mode)} mode`).to.equal(revision);
  return client;
}

/** The SDK's own client objects: `listTools`, `callTool`, `readResource`, `getPrompt`. */
function adapt(client: Client): CompatClient {
  return {
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    callTool: async (name, args) => {
      const result = await client.callTool({ name, arguments: args });
      return { isError: result.isError === true, text: joinTexts(Array.isArray(result.content) ? result.content : []) };
    },
    listResources: async () => (await client.listResources()).resources.map((resource) => resource.uri),
    readResource: async (uri) =>
      (await client.readResource({ uri })).contents.map((content) => ({
        uri: content.uri,
        mimeType: content.mimeType,
        text: 'text' in content && typeof content.text === 'string' ? content.text : undefined,
      })),
    listPrompts: async () => (await client.listPrompts()).prompts.map((prompt) => prompt.name),
    getPrompt: async (name, args) =>
      (await client.getPrompt({ name, arguments: args })).messages.map((message) => ({
        role: message.role,
        text: joinTexts([message.content]),
      })),
    close: () => client.close(),
  };
}

for (const { label, mode, revision } of MODES) {
  compatScenario(`the official SDK v2 client (@modelcontextprotocol/client), ${label}`, {
    connect: async (endpoint) => adapt(await connectSdkV2(endpoint, mode, revision)),
    invalidArguments: { checkedBy: 'server' },
  });
}
