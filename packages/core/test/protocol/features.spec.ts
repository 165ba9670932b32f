import { expect } from 'chai';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { connectSdkClient, type SdkConnection } from '../support/connect';
import { createFixtureFeatures, type FixtureFeatures } from '../support/fixture-features';

async function expectMcpError(promise: Promise<unknown>, code: number): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(McpError);
    expect((error as McpError).code).to.equal(code);
    return error as McpError;
  }
  throw new Error(`expected an MCP error ${code}`);
}

describe('ServerSession with the official SDK client: every feature method', () => {
  let features: FixtureFeatures;
  let conn: SdkConnection;

  beforeEach(async () => {
    features = createFixtureFeatures();
    conn = await connectSdkClient(features);
  });

  afterEach(async () => {
    await conn.close();
    conn.wire.assertClean();
  });

  it('negotiates 2025-11-25 and declares exactly the capabilities served', () => {
    expect(conn.client.getServerVersion()).to.deep.equal({ name: 'fixture', version: '1.0.0' });
    expect(conn.client.getServerCapabilities()).to.deep.equal({
      logging: {},
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      completions: {},
    });
    expect(features.probe.sessions).to.have.length(1);
    expect(features.probe.sessions[0].protocolVersion).to.equal('2025-11-25');
    expect(features.probe.sessions[0].clientInfo).to.deep.equal({ name: 'sdk-test-client', version: '1.0.0' });
  });

  it('answers ping', async () => {
    expect(await conn.client.ping()).to.deep.equal({});
  });

  it('lists and calls tools', async () => {
    const { tools, nextCursor } = await conn.client.listTools();
    expect(tools.map((t) => t.name)).to.include.members(['echo', 'add', 'constructor']);
    expect(nextCursor).to.equal(undefined);
    const echoed = await conn.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(echoed.content).to.deep.equal([{ type: 'text', text: 'hi' }]);
    const added = await conn.client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(added.structuredContent).to.deep.equal({ sum: 5 });
  });

  it('treats a tool named "constructor" as just a name', async () => {
    const result = await conn.client.callTool({ name: 'constructor', arguments: {} });
    expect(result.content).to.deep.equal([{ type: 'text', text: 'just a name' }]);
  });

  it('passes a feature McpWireError through with its code, message and data', async () => {
    const error = await expectMcpError(conn.client.callTool({ name: 'wire_error', arguments: {} }), -32602);
    expect(error.message).to.contain('Bad argument: try again with a number');
    expect(error.data).to.deep.equal({ field: 'x' });
    await expectMcpError(conn.client.callTool({ name: 'nope', arguments: {} }), -32602);
  });

  it('answers unexpected throws with a generic -32603 that leaks nothing', async () => {
    for (const name of ['crash', 'crash_error', 'circular', 'bigint', 'non_object']) {
      const error = await expectMcpError(conn.client.callTool({ name, arguments: {} }), -32603);
      expect(error.message, name).not.to.match(/secret|\/home|\.ts|string, not|stack|circular/i);
    }
    expect(await conn.client.ping()).to.deep.equal({});
  });

  it('lists, reads and templates resources; unknown URIs get -32002 with data.uri', async () => {
    expect((await conn.client.listResources()).resources).to.deep.equal([
      { uri: 'fixture://static', name: 'static', mimeType: 'text/plain' },
    ]);
    expect((await conn.client.listResourceTemplates()).resourceTemplates).to.deep.equal([
      { uriTemplate: 'fixture://items/{id}', name: 'item' },
    ]);
    const read = await conn.client.readResource({ uri: 'fixture://items/7' });
    expect(read.contents).to.deep.equal([{ uri: 'fixture://items/7', text: 'item 7' }]);
    const error = await expectMcpError(conn.client.readResource({ uri: 'fixture://missing' }), -32002);
    expect(error.data).to.deep.equal({ uri: 'fixture://missing' });
  });

  it('subscribes, notifies only subscribers, and unsubscribes', async () => {
    const updated: string[] = [];
    const { ResourceUpdatedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
    conn.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    await conn.client.subscribeResource({ uri: 'fixture://static' });
    await conn.session.notifyResourceUpdated('fixture://other');
    await conn.session.notifyResourceUpdated('fixture://static');
    await conn.client.ping();
    expect(updated).to.deep.equal(['fixture://static']);
    await conn.client.unsubscribeResource({ uri: 'fixture://static' });
    await conn.session.notifyResourceUpdated('fixture://static');
    await conn.client.ping();
    expect(updated).to.deep.equal(['fixture://static']);
  });

  it('lists and gets prompts; a missing argument is -32602', async () => {
    expect((await conn.client.listPrompts()).prompts.map((p) => p.name)).to.deep.equal(['greet']);
    const prompt = await conn.client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
    expect(prompt.messages).to.deep.equal([{ role: 'user', content: { type: 'text', text: 'Hello, Ada!' } }]);
    await expectMcpError(conn.client.getPrompt({ name: 'greet', arguments: {} }), -32602);
    await expectMcpError(conn.client.getPrompt({ name: 'unknown' }), -32602);
  });

  it('completes arguments and caps values at 100', async () => {
    const done = await conn.client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'al' } });
    expect(done.completion.values).to.deep.equal(['alice', 'albert']);
    const many = await conn.client.complete({
      ref: { type: 'ref/resource', uri: 'fixture://items/{id}' },
      argument: { name: 'id', value: 'many' },
    });
    expect(many.completion.values).to.have.length(100);
    expect(many.completion.hasMore).to.equal(true);
  });

  it('sets the logging level', async () => {
    expect(await conn.client.setLoggingLevel('error')).to.deep.equal({});
  });

  it('sends list_changed after the feature changes, and the new list is served', async () => {
    const { ToolListChangedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
    let changed = 0;
    conn.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    features.addTool('brand_new');
    await conn.session.notifyListChanged('tools');
    await conn.session.notifyListChanged('resources');
    await conn.session.notifyListChanged('prompts');
    await conn.client.ping();
    expect(changed).to.equal(1);
    expect(conn.wire.messagesWithMethod('notifications/resources/list_changed')).to.have.length(1);
    expect(conn.wire.messagesWithMethod('notifications/prompts/list_changed')).to.have.length(1);
    expect((await conn.client.listTools()).tools.map((t) => t.name)).to.include('brand_new');
  });
});

describe('ServerSession with absent features', () => {
  it('declares only tools and logging and answers other feature methods with -32601', async () => {
    const features = createFixtureFeatures({ withoutResources: true, withoutPrompts: true, withoutCompletions: true });
    const conn = await connectSdkClient(features);
    try {
      expect(conn.client.getServerCapabilities()).to.deep.equal({ logging: {}, tools: { listChanged: true } });
      await expectMcpError(conn.client.listResources(), -32601);
      await expectMcpError(conn.client.readResource({ uri: 'x://y' }), -32601);
      await expectMcpError(conn.client.listPrompts(), -32601);
      await expectMcpError(conn.client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }), -32601);
      await expectMcpError(conn.client.subscribeResource({ uri: 'x://y' }), -32601);
      await conn.session.notifyListChanged('prompts');
      await conn.client.ping();
      expect(conn.wire.messagesWithMethod('notifications/prompts/list_changed')).to.have.length(0);
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });

  it('declares resources without subscribe when the feature does not serve it', async () => {
    const conn = await connectSdkClient(createFixtureFeatures({ subscribe: false }));
    try {
      expect(conn.client.getServerCapabilities()?.resources).to.deep.equal({ listChanged: true });
      await expectMcpError(conn.client.subscribeResource({ uri: 'fixture://static' }), -32601);
    } finally {
      await conn.close();
    }
    conn.wire.assertClean();
  });
});
