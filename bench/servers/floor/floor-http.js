'use strict';
// The floor over Streamable HTTP on plain node:http: one JSON body in, one JSON body out.
// Stateful mode hands out an Mcp-Session-Id on initialize and refuses unknown ids (404), the
// least a session-keeping server must do; stateless mode keeps nothing. The 2026 mode serves
// MCP 2026-07-28 only (no sessions, no 2025 fallback): `floor.answer2026` checks the envelope
// and the routing headers and answers with the 2026 result.
const http = require('node:http');
const { listenLocal } = require('../listen-local');
const { randomUUID } = require('node:crypto');

const JSON_TYPE = 'application/json';

function send(res, status, body, headers = {}) {
  res.writeHead(
    status,
    body === undefined ? headers : { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body), ...headers },
  );
  res.end(body);
}

/** The floor's `(req, res)` request listener (exported for in-process measurements, tools/exchange-2026.js). */
function createFloorListener(floor, { stateless, revision2026 = false }) {
  const sessions = new Set();
  return (req, res) => {
    if (req.url !== '/mcp') return send(res, 404, '{"error":"not found"}');
    if (req.method === 'DELETE' && !stateless) {
      sessions.delete(req.headers['mcp-session-id']);
      return send(res, 200);
    }
    if (req.method !== 'POST') return send(res, 405, '{"error":"method not allowed"}');
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      let message;
      try {
        message = JSON.parse(body);
      } catch {
        return send(res, 400, '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
      }
      if (revision2026) {
        const reply = floor.answer2026(message, (name) => req.headers[name]);
        if (reply === undefined) return send(res, 202);
        return send(res, reply.status, reply.body);
      }
      const headers = {};
      if (!stateless) {
        if (message.method === 'initialize') {
          const id = randomUUID();
          sessions.add(id);
          headers['mcp-session-id'] = id;
        } else if (!sessions.has(req.headers['mcp-session-id'])) {
          return send(res, 404, '{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}');
        }
      }
      const response = floor.answer(message);
      if (response === undefined) return send(res, 202, undefined, headers);
      send(res, 200, JSON.stringify(response), headers);
    });
  };
}

/** Starts the floor HTTP server on 127.0.0.1 (OS-chosen port); resolves `{ url, close }`. */
async function listenFloorHttp(floor, options) {
  const server = http.createServer(createFloorListener(floor, options));
  return listenLocal(server);
}

module.exports = { listenFloorHttp, createFloorListener };
