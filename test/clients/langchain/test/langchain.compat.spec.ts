import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { compatScenario, joinTexts, type CompatClient, type NotesEndpoint } from '../../support/src';

const SERVER = 'notes';

function connectLangChain(endpoint: NotesEndpoint): MultiServerMCPClient {
  const connection =
    endpoint.kind === 'http'
      ? { transport: 'http' as const, url: endpoint.url }
      : { transport: 'stdio' as const, command: endpoint.command, args: [...endpoint.args] };
  return new MultiServerMCPClient({ mcpServers: { [SERVER]: connection }, throwOnLoadError: true });
}

/** A tool's output as LangChain hands it to the model: a string, or content blocks. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  return joinTexts(Array.isArray(output) ? output : [output]);
}

/**
 * LangChain's face of MCP is its tools (`getTools()`, each a `DynamicStructuredTool`) and
 * resources (`listResources`, `readResource`); it has no prompt API, so prompts go through
 * the SDK client it exposes (`getClient`).
 */
function adapt(client: MultiServerMCPClient): CompatClient {
  const sdkClient = async () => {
    const sdk = await client.getClient(SERVER);
    if (!sdk) throw new Error(`LangChain has no client for "${SERVER}"`);
    return sdk;
  };
  return {
    listTools: async () => (await client.getTools()).map((tool) => tool.name),
    callTool: async (name, args) => {
      const tool = (await client.getTools()).find((candidate) => candidate.name === name);
      if (!tool) throw new Error(`LangChain offers no tool "${name}"`);
      try {
        return { isError: false, text: outputText(await tool.invoke(args)) };
      } catch (error) {
        // An isError result becomes a ToolException carrying the result's text (LangChain's way).
        if (error instanceof Error && error.name === 'ToolException' && /returned an error: /.test(error.message))
          return { isError: true, text: error.message };
        throw error;
      }
    },
    listResources: async () => ((await client.listResources(SERVER))[SERVER] ?? []).map((resource) => resource.uri),
    readResource: async (uri) =>
      (await client.readResource(SERVER, uri)).map((content) => ({ uri: content.uri, mimeType: content.mimeType, text: content.text })),
    listPrompts: async () => (await (await sdkClient()).listPrompts()).prompts.map((prompt) => prompt.name),
    getPrompt: async (name, args) =>
      (await (await sdkClient()).getPrompt({ name, arguments: args })).messages.map((message) => ({
        role: message.role,
        text: joinTexts([message.content]),
      })),
    close: () => client.close(),
  };
}

compatScenario("LangChain's MCP adapters (@langchain/mcp-adapters)", {
  connect: (endpoint) => Promise.resolve(adapt(connectLangChain(endpoint))),
  // A LangChain tool parses its input against the tool's input schema before calling the server.
  invalidArguments: { checkedBy: 'client', message: /did not match expected schema/ },
});
