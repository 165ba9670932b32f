// An upstream that is not Armature: the official SDK v1 `McpServer` (zod input and output
// schemas, as its documentation writes them) over its stdio transport, for the proxy to spawn.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'sdk-upstream', version: '1.0.0' });
server.registerTool(
  'shout',
  {
    description: 'Upper-cases the text.',
    inputSchema: { text: z.string().min(1).describe('What to shout.') },
    outputSchema: { shouted: z.string() },
  },
  ({ text }) => {
    const shouted = text.toUpperCase();
    return { content: [{ type: 'text', text: shouted }], structuredContent: { shouted } };
  },
);
server.registerPrompt('motto', { description: 'A motto.', argsSchema: { topic: z.string() } }, ({ topic }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `A motto about ${topic}.` } }],
}));

server.connect(new StdioServerTransport()).catch((error: unknown) => {
  process.stderr.write(`sdk upstream failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
