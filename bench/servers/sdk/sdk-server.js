'use strict';
// The official SDK's McpServer serving `add` (plus `extraTools` generated tools), written the
// way its documentation shows: `registerTool` with a zod input shape and an async handler.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
// zod 4: the major the SDK imports internally (`zod/v4`) and its README recommends.
const { z } = require('zod');
const { loadJsHandlers, loadToolModule } = require('../../generate/js-handlers');

/** The server for tool set `toolSet` (see generate/tool-set.js): `add` plus the generated tools. */
function createSdkServer(toolSet = 0) {
  const server = new McpServer({ name: 'sdk-bench', version: '1.0.0' });
  server.registerTool(
    'add',
    {
      description: 'Adds two numbers.',
      inputSchema: { a: z.number().describe('First addend.'), b: z.number().describe('Second addend.') },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  // Each tool's own handler function and its registration with the zod shape written out
  // (generate/js-handlers.js), as a real server has.
  const registerTools = loadToolModule('zod', toolSet);
  registerTools?.(
    server,
    z,
    (shape) => shape,
    loadJsHandlers(toolSet),
    (handler) => async (args) => ({
      content: [{ type: 'text', text: handler(args) }],
    }),
  );
  return server;
}

module.exports = { createSdkServer };
