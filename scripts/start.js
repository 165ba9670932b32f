#!/usr/bin/env node
'use strict';
// `npm start`: runs examples/notes as a stdio child process, drives it with the official MCP
// SDK client through a short scripted session, and prints every message in both directions.
// `npm start -- --http [host:]port` (or `--ws`) serves examples/notes on that transport instead.
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const NOTES = path.join(ROOT, 'examples/notes');
const SERVER = path.join(NOTES, 'dist/src/main.js');
const CLI = path.join(ROOT, 'packages/cli/dist/src/bin/armature.js');

/** `npm run build` is plain `tsc -b`; the schemas come from `armature build`, which writes the manifest. */
function buildNotes() {
  const result = spawnSync(process.execPath, [CLI, 'build', '-p', NOTES], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    process.stderr.write('armature build of examples/notes failed; see above.\n');
    process.exit(result.status ?? 1);
  }
}

function serveOnNetwork(args) {
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: 'inherit' });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  child.once('exit', (code) => process.exit(code ?? 0));
}

const MAX_SHOWN = 600;

function show(arrow, message) {
  const json = JSON.stringify(message);
  process.stdout.write(`${arrow} ${json.length > MAX_SHOWN ? `${json.slice(0, MAX_SHOWN)}…` : json}\n`);
}

/** Prints each message the client sends (→) and receives (←). */
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

async function demo() {
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
  const { ResourceUpdatedNotificationSchema, LoggingMessageNotificationSchema } = require('@modelcontextprotocol/sdk/types.js');

  const transport = traced(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: 'inherit' }));
  const client = new Client({ name: 'armature-start', version: '0.1.0' }, { capabilities: {} });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => undefined);
  client.setNotificationHandler(LoggingMessageNotificationSchema, () => undefined);
  const step = (title) => process.stdout.write(`\n## ${title}\n`);

  step('initialize');
  await client.connect(transport);
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
  step('close');
  await client.close();
}

function main() {
  const args = process.argv.slice(2);
  buildNotes();
  if (args.includes('--http') || args.includes('--ws') || args.some((a) => a.startsWith('--http=') || a.startsWith('--ws='))) {
    serveOnNetwork(args);
    return;
  }
  demo().catch((error) => {
    process.stderr.write(`npm start failed: ${error && error.stack ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}

main();
