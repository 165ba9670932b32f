'use strict';
// A tiny Streamable HTTP client for set-up steps (initialize, checks, opening sessions):
// POSTs one JSON-RPC message and decodes the answer whether it came as JSON or as SSE.
const http = require('node:http');
const { HTTP_HEADERS } = require('./wire');

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** JSON-RPC messages in a response body (application/json or text/event-stream). */
function messagesIn(contentType, body) {
  if (body.length === 0) return [];
  if (!String(contentType).startsWith('text/event-stream')) return [JSON.parse(body)];
  const messages = [];
  for (const event of body.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trimStart())
      .join('\n');
    if (data.length > 0) messages.push(JSON.parse(data));
  }
  return messages;
}

/** POSTs `body` (text) to `url`; resolves `{ status, sessionId, messages }`. */
function postMessage(url, body, extraHeaders = {}, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...HTTP_HEADERS, ...extraHeaders }, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({
            status: res.statusCode,
            sessionId: res.headers['mcp-session-id'],
            messages: messagesIn(res.headers['content-type'], text),
          });
        } catch (error) {
          reject(new Error(`undecodable ${res.statusCode} response: ${text.slice(0, 300)} (${error.message})`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`POST ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

module.exports = { postMessage, agent };
