import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
  type McpError,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { deferred, until, within } from './bounded';
import { createFixtureApp, probes } from './fixture-app';

/** The fixture app being served by the transport under test. */
export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

/** What the shared scenario needs from the transport under test. */
export interface ScenarioTransport {
  /** The fixture app's server name; the client must see it after initialize. */
  readonly appName: string;
  /** Serves `app` on a free port. */
  serve(app: Armature): Promise<ServedApp>;
  /** The official SDK client transport that reaches `url`. */
  clientTransport(url: URL): Transport;
  /**
   * How a client ends its session (`ends` completes the test title). Absent when the transport
   * keeps no session (stateless HTTP): then nothing can carry a logging level, a cancellation or
   * a push between requests, so those tests are not registered and elicitation must fail.
   */
  readonly session?: { readonly ends: string; end(client: Client): Promise<void> };
}

/**
 * Registers (in the caller's `describe`) the end-to-end scenario every transport must pass: an
 * official SDK client connected to the fixture app, exercising every kind of MCP traffic.
 */
export function sdkClientScenario(transport: ScenarioTransport): void {
  const { session } = transport;
  let app: Armature;
  let served: ServedApp;
  let client: Client;

  beforeEach(async () => {
    app = await createFixtureApp(transport.appName);
    served = await transport.serve(app);
    client = new Client({ name: 'scenario-client', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    await within(client.connect(transport.clientTransport(new URL(served.url))), 'the SDK client to connect');
  });

  afterEach(async () => {
    // Each step tolerates an earlier failure in beforeEach, so one broken boot reports once.
    await client?.close();
    await served?.close();
    await app?.close();
  });

  it('initializes, pings and declares its capabilities', async () => {
    expect(client.getServerVersion()).to.deep.include({ name: transport.appName, version: '1.0.0' });
    expect(client.getServerCapabilities()).to.include.keys('tools', 'resources', 'prompts', 'completions', 'logging');
    expect(await within(client.ping(), 'ping')).to.deep.equal({});
  });

  it('lists and calls tools; a refusing tool answers isError; an unknown tool -32602', async () => {
    const { tools } = await within(client.listTools(), 'tools/list');
    expect(tools.map((t) => t.name)).to.include.members(['echo', 'steps', 'ask', 'wait', 'refuse']);
    const echoed = await within(client.callTool({ name: 'echo', arguments: { text: 'over the wire' } }), 'echo');
    expect(echoed.content).to.deep.equal([{ type: 'text', text: 'over the wire' }]);
    const refused = await within(client.callTool({ name: 'refuse', arguments: {} }), 'refuse');
    expect(refused.isError).to.equal(true);
    expect(refused.content).to.deep.equal([{ type: 'text', text: 'Refused on purpose.' }]);
    const unknown = await client.callTool({ name: 'nope', arguments: {} }).catch((e: unknown) => e);
    expect((unknown as McpError).code).to.equal(-32602);
  });

  it('serves resources, templates, prompts and completion', async () => {
    expect((await within(client.listResources(), 'resources/list')).resources.map((r) => r.uri)).to.deep.equal(['fixture://static']);
    expect((await within(client.listResourceTemplates(), 'templates')).resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal([
      'fixture://items/{id}',
    ]);
    expect((await within(client.readResource({ uri: 'fixture://static' }), 'read')).contents[0]).to.deep.include({ text: 'static text' });
    expect((await within(client.readResource({ uri: 'fixture://items/7' }), 'read template')).contents[0]).to.deep.include({
      text: 'item 7',
    });
    const missing = await client.readResource({ uri: 'fixture://nope' }).catch((e: unknown) => e);
    expect((missing as McpError).code).to.equal(-32002);
    const prompt = await within(client.getPrompt({ name: 'greet', arguments: { name: 'Lin' } }), 'prompts/get');
    expect(prompt.messages).to.deep.equal([{ role: 'user', content: { type: 'text', text: 'Say hello to Lin.' } }]);
    const completion = await within(
      client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'b' } }),
      'complete',
    );
    expect(completion.completion.values).to.deep.equal(['bob', 'bea']);
  });

  it('delivers progress and logs before the result', async () => {
    // Without a session the level has nowhere to live; the default level still lets info through.
    if (session !== undefined) await client.setLoggingLevel('debug');
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)));
    const progress: Progress[] = [];
    const result = await within(
      client.callTool({ name: 'steps', arguments: {} }, undefined, { onprogress: (p) => void progress.push(p) }),
      'steps',
    );
    expect(result.content).to.deep.equal([{ type: 'text', text: 'done' }]);
    expect(logs).to.deep.equal(['half way']);
    expect(progress.map((p) => p.progress)).to.deep.equal([1, 2]);
  });

  if (session === undefined) {
    it('fails elicitation with an error naming stateless mode', async () => {
      const asked = await within(client.callTool({ name: 'ask', arguments: {} }), 'ask');
      expect(asked.isError).to.equal(true);
      expect((asked.content as { text: string }[])[0].text).to.match(/stateless/);
    });
    return;
  }

  it('elicits through the client during a call', async () => {
    const asked = await within(client.callTool({ name: 'ask', arguments: {} }), 'ask');
    expect(asked.content).to.deep.equal([{ type: 'text', text: 'decline' }]);
  });

  // Cancellation is a notification, and only a session can route it to the call it names.
  it('aborts the handler when the client cancels, and keeps serving', async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal }).then(
      () => 'answered',
      () => 'cancelled',
    );
    await within(probes.waitStarted.promise, 'the handler to start');
    controller.abort('stop');
    await within(probes.waitAborted.promise, 'the handler signal to abort');
    expect(await within(call, 'the call to settle')).to.equal('cancelled');
    expect(await within(client.ping(), 'ping')).to.deep.equal({});
  });

  it('pushes tools/list_changed and resources/updated outside any request', async () => {
    const changed = deferred();
    const updated = deferred<string>();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.resolve());
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.resolve(n.params.uri));
    await within(client.subscribeResource({ uri: 'fixture://static' }), 'subscribe');
    app.tools.disable('echo');
    await within(changed.promise, 'list_changed');
    app.resources.notifyUpdated('fixture://static');
    expect(await within(updated.promise, 'resources/updated')).to.equal('fixture://static');
  });

  it(`ends the session ${session.ends}; its handlers are aborted`, async () => {
    const call = client.callTool({ name: 'wait', arguments: {} }).then(
      () => 'answered',
      () => 'rejected',
    );
    await within(probes.waitStarted.promise, 'the handler to start');
    expect(app.sessionCount).to.equal(1);
    await session.end(client);
    await within(probes.waitAborted.promise, 'the handler signal to abort');
    expect(await within(call, 'the call to settle')).to.equal('rejected');
    // The app forgets the session once its scope is disposed, which may come after the abort.
    await until(() => app.sessionCount === 0, 'the app to drop the session');
  });
}
