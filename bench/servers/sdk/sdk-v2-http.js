'use strict';
// The official SDK v2 (`@modelcontextprotocol/server` 2.x) serving MCP 2026-07-28 statelessly,
// set up as its documentation shows: `createMcpHandler(factory, { legacy: 'reject' })` (the
// factory builds a new `McpServer` per HTTP request; 2025 traffic is refused with -32022),
// `registerTool` with a zod v4 input schema and an async handler, mounted on node:http with the
// SDK's own Node adapter (`toNodeHandler` from `@modelcontextprotocol/node`) behind the
// `Host`/`Origin` guards its README asks a hand-wired node:http server to compose (Armature's
// endpoint checks both by default too). Until this commit the bench used a hand-written
// adapter, cheaper than what a user of the SDK runs; `nodeAdapter` below is kept for comparison
// (`BENCH_SDK_V2_ADAPTER=hand`).
const http = require('node:http');
const { listenLocal } = require('../listen-local');
const path = require('node:path');
const { McpServer, createMcpHandler } = require('@modelcontextprotocol/server');
const { toNodeHandler, localhostHostValidation, localhostOriginValidation } = require('@modelcontextprotocol/node');
// zod 4 as the SDK v2 itself depends on it (resolved from the SDK's folder, so it is the SDK's own copy).
const { z } = require(require.resolve('zod', { paths: [path.dirname(require.resolve('@modelcontextprotocol/server'))] }));
const { loadJsHandlers, loadToolModule } = require('../../generate/js-handlers');

/** The SDK v2 server for tool set `toolSet` (see generate/tool-set.js): `add` plus the generated tools. */
function createSdkV2Server(toolSet = 0) {
  const server = new McpServer({ name: 'sdk-v2-bench', version: '1.0.0' });
  server.registerTool(
    'add',
    {
      description: 'Adds two numbers.',
      inputSchema: z.object({ a: z.number().describe('First addend.'), b: z.number().describe('Second addend.') }),
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  // Each tool's own handler function and its registration with the zod shape written out
  // (generate/js-handlers.js), as a real server has.
  const registerTools = loadToolModule('zod', toolSet);
  registerTools?.(
    server,
    z,
    (shape) => z.object(shape),
    loadJsHandlers(toolSet),
    (handler) => async (args) => ({
      content: [{ type: 'text', text: handler(args) }],
    }),
  );
  return server;
}

/** node:http → Web `Request` → the SDK's handler → Web `Response` → node:http. */
function nodeAdapter(handler) {
  return async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const abort = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) abort.abort();
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await handler.fetch(
        new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url}`, {
          method: req.method,
          headers,
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
          signal: abort.signal,
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) for await (const chunk of response.body) res.write(chunk);
      res.end();
    } catch {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal server error"}}');
    }
  };
}

/** The SDK's own adapter behind its localhost `Host`/`Origin` guards, as its README composes them. */
function sdkNodeHandler(handler) {
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const serve = toNodeHandler(handler);
  return (req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    void serve(req, res);
  };
}

/** Starts the SDK v2 2026 server on 127.0.0.1 (OS-chosen port); resolves `{ url, close }`. */
async function listenSdkV2Http({ extraTools = 0 } = {}) {
  const handler = createMcpHandler(() => createSdkV2Server(extraTools), { legacy: 'reject' });
  const server = http.createServer(process.env.BENCH_SDK_V2_ADAPTER === 'hand' ? nodeAdapter(handler) : sdkNodeHandler(handler));
  return listenLocal(server, { beforeClose: () => handler.close() });
}

module.exports = { listenSdkV2Http, createSdkV2Server };
