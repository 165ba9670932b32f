import type { MCPClient } from '@ai-sdk/mcp' with { 'resolution-mode': 'import' };
import { compatScenario, joinTexts, type CompatClient, type NotesEndpoint } from '../../support/src';

/** The AI SDK's own transports: its stdio transport spawns the server; `http` is Streamable HTTP. */
async function connectAiSdk(endpoint: NotesEndpoint): Promise<MCPClient> {
  // @ai-sdk/mcp 2.x is an ES module only: a CommonJS test loads it with import().
  const { createMCPClient } = await import('@ai-sdk/mcp');
  const { Experimental_StdioMCPTransport } = await import('@ai-sdk/mcp/mcp-stdio');
  if (endpoint.kind === 'http') return createMCPClient({ transport: { type: 'http', url: endpoint.url } });
  return createMCPClient({ transport: new Experimental_StdioMCPTransport({ command: endpoint.command, args: [...endpoint.args] }) });
}

/** What a model gets from the AI SDK: `client.tools()` and each tool's `execute`. */
function adapt(client: MCPClient): CompatClient {
  return {
    listTools: async () => Object.keys(await client.tools()),
    callTool: async (name, args) => {
      const tool = (await client.tools())[name];
      if (!tool) throw new Error(`the AI SDK offers no tool "${name}"`);
      const result = await tool.execute(args, { toolCallId: `call-${name}`, messages: [], context: {} });
      if (Symbol.asyncIterator in result) throw new Error('an MCP tool of the AI SDK streamed instead of answering once');
      return { isError: result.isError === true, text: joinTexts(Array.isArray(result.content) ? result.content : []) };
    },
    listResources: async () => (await client.listResources()).resources.map((resource) => resource.uri),
    readResource: async (uri) =>
      (await client.readResource({ uri })).contents.map((content) => ({
        uri: content.uri,
        mimeType: content.mimeType,
        text: 'text' in content && typeof content.text === 'string' ? content.text : undefined,
      })),
    listPrompts: async () => (await client.experimental_listPrompts()).prompts.map((prompt) => prompt.name),
    getPrompt: async (name, args) =>
      (await client.experimental_getPrompt({ name, arguments: args })).messages.map((message) => ({
        role: message.role,
        text: joinTexts([message.content]),
      })),
    close: () => client.close(),
  };
}

compatScenario('the Vercel AI SDK MCP client (@ai-sdk/mcp)', {
  connect: async (endpoint) => adapt(await connectAiSdk(endpoint)),
  invalidArguments: { checkedBy: 'server' },
});
