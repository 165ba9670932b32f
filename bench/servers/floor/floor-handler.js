'use strict';
// The floor: the least work a correct answer to these requests can take in JavaScript —
// parse → switch → call → stringify, no framework, no validation library, no session
// machinery. It marks the physical limit the real servers are compared against.
const { loadJsHandlers, loadToolModule } = require('../../generate/js-handlers');

const PROTOCOL_2026 = '2026-07-28';
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

const ADD_TOOL = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number', description: 'First addend.' }, b: { type: 'number', description: 'Second addend.' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
};

/** The floor for tool set `toolSet` (see generate/tool-set.js): `add` plus the generated tools. */
function createFloor(toolSet = 0) {
  const tools = [ADD_TOOL];
  const calls = new Map([['add', (args) => (typeof args.a === 'number' && typeof args.b === 'number' ? String(args.a + args.b) : null)]]);
  // Each tool's own handler function and its literal schema (generate/js-handlers.js), as a real server has.
  const handlers = loadJsHandlers(toolSet);
  const generated = loadToolModule('floor', toolSet) ?? [];
  for (let i = 0; i < generated.length; i++) {
    const { tool, required } = generated[i];
    tools.push(tool);
    const handler = handlers[i];
    calls.set(tool.name, (args) => (required.every((name) => name in args) ? handler(args) : null));
  }
  const listResult = { tools };
  const initializeResult = {
    protocolVersion: '2025-11-25',
    capabilities: { tools: {} },
    serverInfo: { name: 'floor-bench', version: '1.0.0' },
  };
  // Built once: a tools/list answer on the wire is a string splice.
  const listJson = JSON.stringify(listResult);
  const error = (id, code, message) => ({ jsonrpc: '2.0', id, error: { code, message } });

  /** Answers one decoded message with a response object; `undefined` for notifications. */
  function answer(message) {
    const id = message.id;
    if (id === undefined) return undefined;
    switch (message.method) {
      case 'tools/call': {
        const params = message.params ?? {};
        const call = calls.get(params.name);
        if (call === undefined) return error(id, -32602, `Unknown tool ${params.name}`);
        const text = call(params.arguments ?? {});
        if (text === null) return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'Invalid arguments' }], isError: true } };
        return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } };
      }
      case 'tools/list':
        return { jsonrpc: '2.0', id, result: listResult };
      case 'initialize':
        return { jsonrpc: '2.0', id, result: initializeResult };
      case 'ping':
        return { jsonrpc: '2.0', id, result: {} };
      default:
        return error(id, -32601, 'Method not found');
    }
  }

  /** One line of wire text in, one line of text (or nothing) out. */
  function answerText(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return JSON.stringify(error(null, -32700, 'Parse error'));
    }
    if (message.method === 'tools/list' && message.id !== undefined) {
      return `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${listJson}}`;
    }
    const response = answer(message);
    return response === undefined ? undefined : JSON.stringify(response);
  }

  // MCP 2026-07-28: no session; the request carries its envelope and the HTTP routing headers.
  const serverInfoMeta = { [SERVER_INFO]: { name: 'floor-bench', version: '1.0.0' } };
  const listJson2026 = JSON.stringify({ ...listResult, resultType: 'complete', ttlMs: 0, cacheScope: 'private', _meta: serverInfoMeta });
  const reply = (status, response) => ({ status, body: JSON.stringify(response) });

  /**
   * Answers one decoded 2026 request received over HTTP: `{ status, body }`, or undefined for
   * a notification (202). `header` reads a request header by lower-case name. The least a
   * correct server checks: the envelope (version, client capabilities) and that the
   * `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers agree with the body.
   */
  function answer2026(message, header) {
    const id = message.id;
    if (id === undefined) return undefined;
    const params = message.params;
    const meta = typeof params === 'object' && params !== null ? params._meta : undefined;
    if (typeof meta !== 'object' || meta === null) return reply(400, error(id, -32602, 'Invalid params: no _meta envelope'));
    const version = meta[PROTOCOL_VERSION_KEY];
    if (version !== PROTOCOL_2026)
      return reply(400, {
        jsonrpc: '2.0',
        id,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [PROTOCOL_2026] } },
      });
    const capabilities = meta[CAPABILITIES_KEY];
    if (typeof capabilities !== 'object' || capabilities === null)
      return reply(400, error(id, -32602, 'Invalid params: no client capabilities'));
    if (header('mcp-protocol-version') !== version || header('mcp-method') !== message.method)
      return reply(400, error(id, -32020, 'Header mismatch'));
    switch (message.method) {
      case 'tools/call': {
        // Tool names are plain ASCII, so the client sends Mcp-Name as it is (no =?base64?…?= form).
        if (header('mcp-name') !== params.name) return reply(400, error(id, -32020, 'Header mismatch'));
        const call = calls.get(params.name);
        if (call === undefined) return reply(200, error(id, -32602, `Unknown tool ${params.name}`));
        const text = call(params.arguments ?? {});
        const content = [{ type: 'text', text: text === null ? 'Invalid arguments' : text }];
        const result =
          text === null
            ? { content, isError: true, resultType: 'complete', _meta: serverInfoMeta }
            : { content, resultType: 'complete', _meta: serverInfoMeta };
        return reply(200, { jsonrpc: '2.0', id, result });
      }
      case 'tools/list':
        return { status: 200, body: `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${listJson2026}}` };
      default:
        return reply(404, error(id, -32601, 'Method not found'));
    }
  }

  return { answer, answerText, answer2026 };
}

module.exports = { createFloor };
