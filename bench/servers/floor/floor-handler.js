'use strict';
// The floor: the least work a correct answer to these requests can take in JavaScript —
// parse → switch → call → stringify, no framework, no validation library, no session
// machinery. It marks the physical limit the real servers are compared against.
const { PARAMS, toolName, toolDescription, lookupResult, inputSchema } = require('../../generate/tool-set');

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

function createFloor(extraTools = 0) {
  const tools = [ADD_TOOL];
  const calls = new Map([['add', (args) => (typeof args.a === 'number' && typeof args.b === 'number' ? String(args.a + args.b) : null)]]);
  for (let i = 0; i < extraTools; i++) {
    tools.push({ name: toolName(i), description: toolDescription(i), inputSchema: inputSchema() });
    calls.set(toolName(i), (args) => (PARAMS.every((p) => !p.required || p.name in args) ? lookupResult(i, args) : null));
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

  return { answer, answerText };
}

module.exports = { createFloor };
