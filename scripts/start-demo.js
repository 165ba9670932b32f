'use strict';
// The scripted client session `npm start` shows: the official MCP SDK client against the notes
// example, printing every message it sends (→) and receives (←).

const MAX_SHOWN = 600;

function show(arrow, message) {
  const json = JSON.stringify(message);
  process.stdout.write(`${arrow} ${json.length > MAX_SHOWN ? `${json.slice(0, MAX_SHOWN)}…` : json}\n`);
}

/** Wraps an SDK client transport so that each message in either direction is printed. */
function traced(transport) {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    show('→', message);
    return send(message, options);
  };
  const start = transport.start.bind(transport);
  transport.start = async () => {
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      show('←', message);
      deliver?.(message, extra);
    };
    return start();
  };
  return transport;
}

function clientTransport({ kind, url, server }) {
  if (kind === 'stdio') {
    const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
    return new StdioClientTransport({ command: process.execPath, args: [server], stderr: 'inherit' });
  }
  if (kind === 'ws') {
    // Node 20 has no global WebSocket; the SDK's WebSocket client transport needs one.
    globalThis.WebSocket ??= require('ws').WebSocket;
    const { WebSocketClientTransport } = require('@modelcontextprotocol/sdk/client/websocket.js');
    return new WebSocketClientTransport(new URL(url));
  }
  const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
  return new StreamableHTTPClientTransport(new URL(url));
}

/** Runs the scripted session; resolves when the client has closed. */
async function runDemo(target) {
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
  const { ResourceUpdatedNotificationSchema, LoggingMessageNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');

  const client = new Client({ name: 'armature-start', version: '0.1.0' }, { capabilities: {} });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => undefined);
  client.setNotificationHandler(LoggingMessageNotificationSchema, () => undefined);
  const step = (title) => process.stdout.write(`\n## ${title}\n`);

  step(`initialize (${target.kind}${target.url ? ` ${target.url}` : ''})`);
  await client.connect(traced(clientTransport(target)));
  try {
    step('list the tools');
    await client.listTools();
    step('create a note');
    const created = await client.callTool({ name: 'create', arguments: { title: 'Demo', body: 'Made by npm start.', tags: ['demo'] } });
    const id = created.structuredContent.id;
    step('search, with progress and logging');
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'search', arguments: { query: 'demo' } }, undefined, { onprogress: () => undefined });
    step('read the index resource and the note');
    await client.readResource({ uri: 'notes://index' });
    await client.readResource({ uri: `notes://${id}` });
    step('complete a note id');
    await client.complete({ ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: 'n' } });
    step('subscribe to the note, then edit it');
    await client.subscribeResource({ uri: `notes://${id}` });
    await client.callTool({ name: 'update', arguments: { id, changes: { body: 'Edited by npm start.' } } });
    step('invalid arguments come back as a tool error the model can act on');
    await client.callTool({ name: 'create', arguments: { title: '' } });
    step('get the summarize prompt');
    await client.getPrompt({ name: 'summarize', arguments: { id, style: 'short' } });
  } finally {
    step('close');
    await client.close();
  }
}

module.exports = { runDemo };
