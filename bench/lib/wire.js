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

function listToolsRequest(id) {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/list"}`;
}

/** True when a decoded response is the correct answer to `addRequest`. */
function isAddAnswer(message) {
  const content = message && message.result && message.result.content;
  return Array.isArray(content) && content.length === 1 && content[0].type === 'text' && content[0].text === '3' && message.result.isError !== true;
}

/** Headers of every Streamable HTTP POST (MCP 2025-11-25, transports §Sending Messages). */
const HTTP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': PROTOCOL_VERSION,
};

module.exports = { PROTOCOL_VERSION, INITIALIZE_PARAMS, initializeRequest, INITIALIZED_NOTIFICATION, addRequest, listToolsRequest, isAddAnswer, HTTP_HEADERS };
