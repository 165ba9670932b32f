'use strict';
// MCP 2026-07-28 over Streamable HTTP: stateless `tools/call add`, no session and no
// initialize. Every POST carries the `_meta` envelope (protocol version, client info, client
// capabilities) and the routing headers (`MCP-Protocol-Version: 2026-07-28`, `Mcp-Method`,
// `Mcp-Name`); the answer is the 2026 result (`resultType: 'complete'`, `serverInfo` in
// `_meta`). Servers: Armature (its request-scoped kernel, on the same endpoint that serves
// 2025 sessions), the official SDK v2 (`@modelcontextprotocol/server`, `createMcpHandler` with
// `legacy: 'reject'`; it stands in the `sdk` column of this group) and the floor (a
// hand-written node:http handler). Same driver as scenarios/http.js: the server in a child,
// autocannon in this process, one prebuilt request (ids need not be unique without a session),
// CPU per request from the child's own CPU.
const { startServer, connectionsTitle } = require('./http');
const { runLoadScenario } = require('../lib/load-scenario');
const { addRequest2026, isAdd2026Answer, HTTP_HEADERS_2026 } = require('../lib/wire');

const WIRE_2026 = { request: addRequest2026, isAnswer: isAdd2026Answer, headers: HTTP_HEADERS_2026 };

const NOTE =
  "MCP 2026-07-28, no session: `sdk` here is the SDK v2 (`@modelcontextprotocol/server`, `createMcpHandler(factory, { legacy: 'reject' })`, a new `McpServer` per request, zod 4 schema, on node:http through the SDK's `toNodeHandler` (`@modelcontextprotocol/node`) behind its localhost Host/Origin guards); the floor answers the 2026 `tools/call` by hand (parse, check envelope and headers, call, stringify).";

const setups = (levels) => [
  {
    via: 'stateless',
    levels,
    title: connectionsTitle('2026-07-28 stateless (sdk = SDK v2)'),
    note: NOTE,
    start: (server, budget) => startServer(server, budget, true, { mode: '2026', wire: WIRE_2026 }),
  },
];

function runHttp2026({ budget, reps, log }) {
  return runLoadScenario({ scenario: 'http-2026', cpuScope: 'server process', setups: setups(budget.httpConnections), budget, reps, log });
}

module.exports = { runHttp2026, WIRE_2026 };
