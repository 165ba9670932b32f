'use strict';
// Child process entry: `node proxy-floor.js <upstream url>`: the hand-written proxy floor, the
// least an MCP-over-HTTP forwarder does per call, with no MCP library. A node:http server takes
// each POST, parses the body as JSON-RPC (a forwarder must at least know it holds a message),
// sends the original bytes to <upstream url> over one keep-alive `http.Agent` with the MCP
// headers (protocol version, routing headers, session id), and answers with the upstream's
// status and bytes; a JSON answer is parsed and its id checked, an event stream is piped through.
// Prints `{"url": …}` when ready; closes on SIGTERM or when stdin ends. SIGUSR2 reports CPU time
// and heap on stderr (lib/probe.js), as every benchmark server does.
const http = require('node:http');
const { installProbe } = require('../lib/probe');
const { listenLocal } = require('./listen-local');

/** Request headers carried upstream (lower case, as node:http gives them). */
const FORWARDED = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'authorization'];
const MAX_BODY = 4 * 1024 * 1024;

function reject(res, status, code, message) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(stream, limit, done) {
  const chunks = [];
  let size = 0;
  stream.on('data', (chunk) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  });
  stream.on('end', () => done(size > limit ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
}

function createForwarder(upstreamUrl) {
  const target = new URL(upstreamUrl);
  const agent = new http.Agent({ keepAlive: true });
  return (req, res) => {
    if (req.method !== 'POST') return reject(res, 405, -32600, 'POST only');
    readBody(req, MAX_BODY, (body) => {
      if (body === undefined) return reject(res, 413, -32600, 'body too large');
      let message;
      try {
        message = JSON.parse(body);
      } catch {
        return reject(res, 400, -32700, 'Parse error');
      }
      if (message === null || typeof message !== 'object' || message.jsonrpc !== '2.0') {
        return reject(res, 400, -32600, 'Invalid Request');
      }
      const headers = { 'content-length': body.length };
      for (const name of FORWARDED) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
      const upstream = http.request(
        { agent, method: 'POST', hostname: target.hostname, port: target.port, path: target.pathname, headers },
        (answer) => {
          const type = answer.headers['content-type'] ?? '';
          const out = { 'content-type': type };
          if (answer.headers['mcp-session-id'] !== undefined) out['mcp-session-id'] = answer.headers['mcp-session-id'];
          if (!type.startsWith('application/json')) {
            res.writeHead(answer.statusCode, out);
            answer.pipe(res);
            return;
          }
          readBody(answer, MAX_BODY, (bytes) => {
            if (bytes === undefined) return reject(res, 502, -32603, 'upstream answer too large');
            let reply;
            try {
              reply = JSON.parse(bytes);
            } catch {
              return reject(res, 502, -32603, 'upstream answer is not JSON');
            }
            if (reply.id !== message.id) return reject(res, 502, -32603, 'upstream answered another id');
            out['content-length'] = bytes.length;
            res.writeHead(answer.statusCode, out);
            res.end(bytes);
          });
        },
      );
      upstream.on('error', () => reject(res, 502, -32603, 'upstream unreachable'));
      upstream.end(body);
    });
  };
}

async function main() {
  installProbe();
  const [upstreamUrl] = process.argv.slice(2);
  if (upstreamUrl === undefined) throw new Error('usage: proxy-floor.js <upstream url>');
  const handle = await listenLocal(http.createServer(createForwarder(upstreamUrl)));
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void handle.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url: handle.url })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});
