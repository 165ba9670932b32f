'use strict';
// The two loads of the soak (bench/soak.js): `add` calls in chunks over one stdio session
// (pipelined) and over Streamable HTTP (keep-alive sockets), the server sampled between
// chunks. Every chunk is bounded by a request count and a time limit.
const http = require('node:http');
const { spawnServer, readyLine } = require('./child');
const { StreamSession } = require('./stream-session');
const { openSession } = require('./http-session');
const { addRequest, addRequest2026, isAddAnswer, isAdd2026Answer, HTTP_HEADERS, HTTP_HEADERS_2026 } = require('./wire');
const { withTimeout } = require('./bounded');
const { STDIO_MAIN, HTTP_MAIN } = require('../servers/registry');

/** The server runs with --expose-gc, so each sample (lib/probe.js) is taken after full GC. */
const EXEC_ARGV = ['--expose-gc'];

/** stdio: one session, `inFlight` requests kept outstanding. */
async function startStdio({ inFlight = 64 } = {}) {
  const server = spawnServer(STDIO_MAIN, ['armature'], { execArgv: EXEC_ARGV });
  try {
    const session = new StreamSession((text) => server.child.stdin.write(text), server.child.stdout);
    await session.handshake();
    return {
      probe: server.probe,
      runChunk: async (calls, maxMs) => {
        const run = await session.run({ inFlight, maxRequests: calls, maxMs });
        if (run.requests !== calls) throw new Error(`stdio chunk answered ${run.requests} of ${calls} calls within ${maxMs} ms`);
        return run.requests;
      },
      stop: server.stop,
    };
  } catch (error) {
    await server.stop();
    throw new Error(`${error.message}\n${server.probe.stderrTail()}`);
  }
}

/** One POST on `agent`; resolves the parsed JSON answer. */
function postJson(url, agent, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: 10_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch {
            reject(new Error(`${res.statusCode}: ${text.slice(0, 300)}`));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('POST timed out after 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Streamable HTTP: `mode` 'stateful' (one 2025 session, its id on every POST) or '2026'
 * (stateless MCP 2026-07-28 POSTs, the envelope in `_meta`); `sockets` keep-alive connections,
 * one request in flight on each.
 */
async function startHttp({ mode, sockets = 16 }) {
  const server = spawnServer(HTTP_MAIN, ['armature', mode], { execArgv: EXEC_ARGV });
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  try {
    const { url } = await readyLine(server);
    const stateful = mode === 'stateful';
    const headers = stateful ? { ...HTTP_HEADERS, 'mcp-session-id': await openSession(url) } : HTTP_HEADERS_2026;
    const request = stateful ? addRequest : addRequest2026;
    const correct = stateful ? isAddAnswer : isAdd2026Answer;
    let nextId = 1;
    return {
      probe: server.probe,
      runChunk: async (calls, maxMs) => {
        const deadline = Date.now() + maxMs;
        let sent = 0;
        const worker = async () => {
          while (sent < calls && Date.now() < deadline) {
            sent++;
            const answer = await postJson(url, agent, headers, request(nextId++));
            if (!correct(answer)) throw new Error(`wrong answer: ${JSON.stringify(answer).slice(0, 300)}`);
          }
        };
        await withTimeout(Promise.all(Array.from({ length: sockets }, worker)), maxMs + 15_000, `an HTTP chunk of ${calls} calls`);
        if (sent !== calls) throw new Error(`HTTP chunk sent ${sent} of ${calls} calls within ${maxMs} ms`);
        return sent;
      },
      stop: async () => {
        agent.destroy();
        await server.stop();
      },
    };
  } catch (error) {
    agent.destroy();
    await server.stop();
    throw new Error(`${error.message}\n${server.probe.stderrTail()}`);
  }
}

module.exports = { startStdio, startHttp };
