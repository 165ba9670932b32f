'use strict';
// The SDK's McpServer over Streamable HTTP, set up as the SDK's documentation and examples
// show: `createMcpExpressApp()` (express + JSON body parsing + DNS-rebinding guard);
// stateful: one McpServer + StreamableHTTPServerTransport per session, found by the
// Mcp-Session-Id header; stateless: a new server and transport per request with
// `sessionIdGenerator: undefined`.
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { listenLocal } = require('../listen-local');
const { createMcpExpressApp } = require('@modelcontextprotocol/sdk/server/express.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { isInitializeRequest } = require('@modelcontextprotocol/sdk/types.js');
const { createSdkServer } = require('./sdk-server');

const BAD_SESSION = { jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null };

function statefulRoutes(app, extraTools) {
  const transports = new Map();
  app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId === undefined ? undefined : transports.get(sessionId);
    if (transport === undefined) {
      if (sessionId !== undefined || !isInitializeRequest(req.body)) return res.status(400).json(BAD_SESSION);
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => transports.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
      };
      await createSdkServer(extraTools).connect(transport);
    }
    await transport.handleRequest(req, res, req.body);
  });
  const sessionRequest = async (req, res) => {
    const transport = transports.get(req.headers['mcp-session-id']);
    if (transport === undefined) return res.status(400).send('Invalid or missing session ID');
    await transport.handleRequest(req, res);
  };
  app.get('/mcp', sessionRequest);
  app.delete('/mcp', sessionRequest);
  return () => Promise.allSettled([...transports.values()].map((t) => t.close()));
}

function statelessRoutes(app, extraTools) {
  app.post('/mcp', async (req, res) => {
    const server = createSdkServer(extraTools);
    try {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
    } catch {
      if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  });
  const notAllowed = (req, res) =>
    res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
  return async () => undefined;
}

/** Starts the SDK server on 127.0.0.1 (OS-chosen port); resolves `{ url, close }`. */
async function listenSdkHttp({ stateless, extraTools = 0 }) {
  const app = createMcpExpressApp();
  const closeSessions = stateless ? statelessRoutes(app, extraTools) : statefulRoutes(app, extraTools);
  // What `app.listen` does, on the shared listen so every benchmarked server stops the same way.
  return listenLocal(http.createServer(app), { beforeClose: closeSessions });
}

module.exports = { listenSdkHttp };
