import './telemetry-off';
import { compatScenario, joinTexts, type CompatClient, type NotesEndpoint } from '@armature-test/clients-support';

const SERVER = 'notes';

/** mcp-use's configuration dictionary: a `command` spawns a stdio server, a `url` is Streamable HTTP. */
function serverConfig(endpoint: NotesEndpoint): Record<string, unknown> {
  return endpoint.kind === 'http' ? { url: endpoint.url } : { command: endpoint.command, args: [...endpoint.args] };
}

/** mcp-use's face of one server is its session: `callTool`, `readResource`, `getPrompt`. */
async function connectMcpUse(endpoint: NotesEndpoint): Promise<CompatClient> {
  // mcp-use is an ES module: a CommonJS test loads it with import(). Its root entry also loads
  // its LangChain agent, which needs `langchain` installed; the `mcp-use/client` subpath does not.
  const { MCPClient } = await import('mcp-use/client');
  const client = MCPClient.fromDict({ mcpServers: { [SERVER]: serverConfig(endpoint) } });
  try {
    const session = await client.createSession(SERVER);
    return {
      listTools: () => Promise.resolve(session.tools.map((tool) => tool.name)),
      callTool: async (name, args) => {
        const result = await session.callTool(name, args);
        return { isError: result.isError === true, text: joinTexts(result.content) };
      },
      listResources: async () => (await session.listResources()).resources.map((resource) => resource.uri),
      readResource: async (uri) =>
        (await session.readResource(uri)).contents.map((content) => ({
          uri: content.uri,
          mimeType: content.mimeType,
          text: 'text' in content && typeof content.text === 'string' ? content.text : undefined,
        })),
      listPrompts: async () => (await session.listPrompts()).prompts.map((prompt) => prompt.name),
      getPrompt: async (name, args) =>
        (await session.getPrompt(name, args)).messages.map((message) => ({ role: message.role, text: joinTexts([message.content]) })),
      close: () => client.closeAllSessions(),
    };
  } catch (error) {
    await client.closeAllSessions();
    throw error;
  }
}

compatScenario('mcp-use (MCPClient sessions)', {
  connect: connectMcpUse,
  invalidArguments: { checkedBy: 'server' },
});
