import './support/global-websocket';
import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema, McpError, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { listenWs, type WsServerHandle } from '../src';
import { createFixtureApp, probes, within } from '@armature/transport-fixtures';
import { closed, inbox, initializeRequest, openRaw } from './support/raw-client';

/** An Armature app served by `listenWs`, driven by the official SDK client over real WebSockets. */
describe('Armature app over WebSocket, end to end', () => {
  let app: Armature;
  let handle: WsServerHandle;
  let client: Client;

  beforeEach(async () => {
    app = await createFixtureApp('ws-fixture');
    handle = await listenWs(app, { port: 0 });
    client = new Client({ name: 'ws-e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    await within(client.connect(new WebSocketClientTransport(new URL(handle.url))), 'the SDK client to connect');
  });

  afterEach(async () => {
    await client.close();
    await handle.close();
    await app.close();
  });

  it('initializes, pings and declares its capabilities', async () => {
    expect(client.getServerVersion()).to.deep.include({ name: 'ws-fixture', version: '1.0.0' });
    expect(client.getServerCapabilities()).to.include.keys('tools', 'resources', 'prompts', 'completions', 'logging');
    expect(await within(client.ping(), 'ping')).to.deep.equal({});
  });

  it('lists and calls tools; a refusing tool answers isError', async () => {
    const { tools } = await within(client.listTools(), 'tools/list');
    expect(tools.map((t) => t.name)).to.include.members(['echo', 'steps', 'ask', 'wait', 'refuse']);
    const echoed = await within(client.callTool({ name: 'echo', arguments: { text: 'over ws' } }), 'echo');
    expect(echoed.content).to.deep.equal([{ type: 'text', text: 'over ws' }]);
    const refused = await within(client.callTool({ name: 'refuse', arguments: {} }), 'refuse');
    expect(refused.isError).to.equal(true);
    expect(refused.content).to.deep.equal([{ type: 'text', text: 'Refused on purpose.' }]);
    const unknown = await client.callTool({ name: 'nope', arguments: {} }).catch((e: unknown) => e);
    expect((unknown as McpError).code).to.equal(-32602);
  });

  it('serves resources, templates, prompts and completion', async () => {
    expect((await within(client.listResources(), 'resources/list')).resources.map((r) => r.uri)).to.deep.equal(['fixture://static']);
    expect((await within(client.listResourceTemplates(), 'templates')).resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal(['fixture://items/{id}']);
    expect((await within(client.readResource({ uri: 'fixture://static' }), 'read')).contents[0]).to.deep.include({ text: 'static text' });
    expect((await within(client.readResource({ uri: 'fixture://items/7' }), 'read template')).contents[0]).to.deep.include({ text: 'item 7' });
    const missing = await client.readResource({ uri: 'fixture://nope' }).catch((e: unknown) => e);
    expect((missing as McpError).code).to.equal(-32002);
    const prompt = await within(client.getPrompt({ name: 'greet', arguments: { name: 'Lin' } }), 'prompts/get');
    expect(prompt.messages).to.deep.equal([{ role: 'user', content: { type: 'text', text: 'Say hello to Lin.' } }]);
    const completion = await within(client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'b' } }), 'complete');
    expect(completion.completion.values).to.deep.equal(['bob', 'bea']);
  });

  it('delivers progress and logs before the result', async () => {
    await client.setLoggingLevel('debug');
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)));
    const progress: Progress[] = [];
    const result = await within(client.callTool({ name: 'steps', arguments: {} }, undefined, { onprogress: (p) => void progress.push(p) }), 'steps');
    expect(result.content).to.deep.equal([{ type: 'text', text: 'done' }]);
    expect(logs).to.deep.equal(['half way']);
    expect(progress.map((p) => p.progress)).to.deep.equal([1, 2]);
  });

  it('elicits through the client during a call', async () => {
    const asked = await within(client.callTool({ name: 'ask', arguments: {} }), 'ask');
    expect(asked.content).to.deep.equal([{ type: 'text', text: 'decline' }]);
  });

  it('aborts the handler when the client cancels, and keeps serving', async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal }).then(() => 'answered', () => 'cancelled');
    await within(probes.waitStarted.promise, 'the handler to start');
    controller.abort('stop');
    await within(probes.waitAborted.promise, 'the handler signal to abort');
    expect(await within(call, 'the call to settle')).to.equal('cancelled');
    expect(await within(client.ping(), 'ping')).to.deep.equal({});
  });

  it('ends the session and aborts the handler when the socket closes', async () => {
    const call = client.callTool({ name: 'wait', arguments: {} }).then(() => 'answered', () => 'rejected');
    await within(probes.waitStarted.promise, 'the handler to start');
    expect(app.sessionCount).to.equal(1);
    await client.close();
    await within(probes.waitAborted.promise, 'the handler signal to abort');
    expect(await within(call, 'the call to settle')).to.equal('rejected');
  });
});

describe('Armature app over WebSocket with bearer tokens', () => {
  it('gives handlers the principal as ctx.authInfo', async () => {
    const app = await createFixtureApp('ws-fixture');
    const handle = await listenWs(app, { port: 0, verifyToken: (token) => (token === 'good' ? { token, clientId: 'alice', scopes: [] } : undefined) });
    try {
      const socket = await openRaw(handle.url, { headers: { Authorization: 'Bearer good' } });
      const next = inbox(socket);
      socket.send(JSON.stringify(initializeRequest));
      expect(await next()).to.have.nested.property('result.serverInfo.name', 'ws-fixture');
      socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } }));
      expect(await next()).to.have.nested.property('result.content[0].text', 'alice');
      socket.close();
      await closed(socket);
    } finally {
      await handle.close();
      await app.close();
    }
  });
});
