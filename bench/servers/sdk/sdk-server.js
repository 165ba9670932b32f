'use strict';
// The official SDK's McpServer serving `add` (plus `extraTools` generated tools), written the
// way its documentation shows: `registerTool` with a zod input shape and an async handler.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');
const { PARAMS, toolName, toolDescription, lookupResult } = require('../../generate/tool-set');

const ZOD_OF = {
  string: () => z.string(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  'string[]': () => z.array(z.string()),
};

function lookupShape() {
  const shape = {};
  for (const p of PARAMS) {
    const base = ZOD_OF[p.ts]().describe(p.description);
    shape[p.name] = p.required ? base : base.optional();
  }
  return shape;
}

function createSdkServer(extraTools = 0) {
  const server = new McpServer({ name: 'sdk-bench', version: '1.0.0' });
  server.registerTool(
    'add',
    {
      description: 'Adds two numbers.',
      inputSchema: { a: z.number().describe('First addend.'), b: z.number().describe('Second addend.') },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  for (let i = 0; i < extraTools; i++) {
    server.registerTool(toolName(i), { description: toolDescription(i), inputSchema: lookupShape() }, async (args) => ({
      content: [{ type: 'text', text: lookupResult(i, args) }],
    }));
  }
  return server;
}

module.exports = { createSdkServer };
