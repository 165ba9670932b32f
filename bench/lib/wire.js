'use strict';
// The request bytes every server receives, identical across Armature, the SDK and the floor.

const PROTOCOL_VERSION = '2025-11-25';

const INITIALIZE_PARAMS = {
  protocolVersion: PROTOCOL_VERSION,
  capabilities: {},
  clientInfo: { name: 'armature-bench', version: '1.0.0' },
};

function initializeRequest(id) {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"initialize","params":${JSON.stringify(INITIALIZE_PARAMS)}}`;
}

const INITIALIZED_NOTIFICATION = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

/** `tools/call add {a: 1, b: 2}`; the expected result text is "3". */
function addRequest(id) {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}`;
}

/** `tools/call` of generated tool `name` with `args` (an object; see generate/tool-set.js). */
function callRequest(id, name, args) {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${JSON.stringify(args)}}}`;
}

function listToolsRequest(id) {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/list"}`;
}

/** True when a decoded response is the correct answer to `addRequest`. */
function isAddAnswer(message) {
  const content = message && message.result && message.result.content;
  return (
    Array.isArray(content) &&
    content.length === 1 &&
    content[0].type === 'text' &&
    content[0].text === '3' &&
    message.result.isError !== true
  );
}

/** Headers of every Streamable HTTP POST (MCP 2025-11-25, transports §Sending Messages). */
const HTTP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': PROTOCOL_VERSION,
};

// MCP 2026-07-28: stateless, every request describes itself (`_meta` envelope + routing headers).
const PROTOCOL_2026 = '2026-07-28';
const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

/** The `_meta` envelope a 2026 client sends on every request (as the SDK v2 client does). */
const ENVELOPE_2026 = {
  'io.modelcontextprotocol/protocolVersion': PROTOCOL_2026,
  'io.modelcontextprotocol/clientInfo': { name: 'armature-bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** `tools/call add {a: 1, b: 2}` in its 2026-07-28 form (no session, envelope in `params._meta`). */
function addRequest2026(id) {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2},"_meta":${JSON.stringify(ENVELOPE_2026)}}}`;
}

/** True when a decoded response is the correct 2026 answer to `addRequest2026`: the 2025 result plus `resultType` and `serverInfo`. */
function isAdd2026Answer(message) {
  if (!isAddAnswer(message) || message.result.resultType !== 'complete') return false;
  const meta = message.result._meta;
  const info = meta && meta[SERVER_INFO_META];
  return typeof info === 'object' && info !== null && typeof info.name === 'string' && typeof info.version === 'string';
}

/** Headers of a 2026 `tools/call add` POST (Streamable HTTP 2026-07-28: version, method and name mirrored from the body). */
const HTTP_HEADERS_2026 = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': PROTOCOL_2026,
  'mcp-method': 'tools/call',
  'mcp-name': 'add',
};

module.exports = {
  PROTOCOL_VERSION,
  INITIALIZE_PARAMS,
  initializeRequest,
  INITIALIZED_NOTIFICATION,
  addRequest,
  callRequest,
  listToolsRequest,
  isAddAnswer,
  HTTP_HEADERS,
  PROTOCOL_2026,
  SERVER_INFO_META,
  ENVELOPE_2026,
  addRequest2026,
  isAdd2026Answer,
  HTTP_HEADERS_2026,
};
