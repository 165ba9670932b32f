import { expect } from 'chai';
import type { Armature } from '@armature/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema, McpError, ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { listenHttp, type HttpListenHandle } from '../src';
import { createFixtureApp, probes, deferred, within } from '@armature/transport-fixtures';

for (const stateless of [false, true]) {
  const mode = stateless ? 'stateless' : 'stateful';

  /** An Armature app served by `listenHttp`, driven by the official SDK client over real HTTP. */
  describe(`Armature app over Streamable HTTP (${mode}), end to end`, () => {
    let app: Armature;
    let handle: HttpListenHandle;
    let client: Client;

    beforeEach(async () => {
      app = await createFixtureApp('http-fixture');
      handle = await listenHttp(app, { port: 0, stateless });
      client = new Client({ name: 'http-e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
      await within(client.connect(new StreamableHTTPClientTransport(new URL(handle.url))), 'the SDK client to connect');
    });

    afterEach(async () => {
      // Each step tolerates an earlier failure in beforeEach, so one broken boot reports once.
      await client?.close();
      await handle?.close(100);
      await app?.close();
    });

    it('initializes, pings and declares its capabilities', async () => {
      expect(client.getServerVersion()).to.deep.include({ name: 'http-fixture', version: '1.0.0' });
      expect(client.getServerCapabilities()).to.include.keys('tools', 'resources', 'prompts', 'completions', 'logging');
      expect(await within(client.ping(), 'ping')).to.deep.equal({});
    });

    it('lists and calls tools; a refusing tool answers isError; an unknown tool -32602', async () => {
      const { tools } = await within(client.listTools(), 'tools/list');
      expect(tools.map((t) => t.name)).to.include.members(['echo', 'steps', 'ask', 'wait', 'refuse']);
      const echoed = await within(client.callTool({ name: 'echo', arguments: { text: 'over http' } }), 'echo');
      expect(echoed.content).to.deep.equal([{ type: 'text', text: 'over http' }]);
      const refused = await within(client.callTool({ name: 'refuse', arguments: {} }), 'refuse');
      expect(refused.isError).to.equal(true);
      expect(refused.content).to.deep.equal([{ type: 'text', text: 'Refused on purpose.' }]);
      const unknown = await client.callTool({ name: 'nope', arguments: {} }).catch((e: unknown) => e);
      expect((unknown as McpError).code).to.equal(-32602);
    });

    it('serves resources, templates, prompts and completion', async () => {
      expect((await within(client.listResources(), 'resources/list')).resources.map((r) => r.uri)).to.deep.equal(['fixture://static']);
      expect((await within(client.listResourceTemplates(), 'templates')).resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal(['fixture://items/{id}']);
      expect((await within(client.readResource({ uri: 'fixture://items/7' }), 'read template')).contents[0]).to.deep.include({ text: 'item 7' });
      const missing = await client.readResource({ uri: 'fixture://nope' }).catch((e: unknown) => e);
      expect((missing as McpError).code).to.equal(-32002);
      const prompt = await within(client.getPrompt({ name: 'greet', arguments: { name: 'Lin' } }), 'prompts/get');
      expect(prompt.messages).to.deep.equal([{ role: 'user', content: { type: 'text', text: 'Say hello to Lin.' } }]);
      const completion = await within(client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'b' } }), 'complete');
      expect(completion.completion.values).to.deep.equal(['bob', 'bea']);
    });

    it('delivers progress and logs before the result', async () => {
      if (!stateless) await client.setLoggingLevel('debug');
      const logs: string[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(String(n.params.data)));
      const progress: Progress[] = [];
      const result = await within(client.callTool({ name: 'steps', arguments: {} }, undefined, { onprogress: (p) => void progress.push(p) }), 'steps');
      expect(result.content).to.deep.equal([{ type: 'text', text: 'done' }]);
      expect(logs).to.deep.equal(['half way']);
      expect(progress.map((p) => p.progress)).to.deep.equal([1, 2]);
    });

    it(stateless ? 'fails elicitation with an error naming stateless mode' : 'elicits through the client during a call', async () => {
      const asked = await within(client.callTool({ name: 'ask', arguments: {} }), 'ask');
      if (stateless) {
        expect(asked.isError).to.equal(true);
        expect((asked.content as { text: string }[])[0].text).to.match(/stateless/);
      } else {
        expect(asked.content).to.deep.equal([{ type: 'text', text: 'decline' }]);
      }
    });

    if (!stateless) {
      // Cancellation is a notification, and only a session can route it to the call it names.
      it('aborts the handler when the client cancels, and keeps serving', async () => {
        const controller = new AbortController();
        const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal }).then(() => 'answered', () => 'cancelled');
        await within(probes.waitStarted.promise, 'the handler to start');
        controller.abort('stop');
        await within(probes.waitAborted.promise, 'the handler signal to abort');
        expect(await within(call, 'the call to settle')).to.equal('cancelled');
        expect(await within(client.ping(), 'ping')).to.deep.equal({});
      });

      it('pushes tools/list_changed and resources/updated on the GET stream', async () => {
        const changed = deferred();
        const updated = deferred<string>();
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => changed.resolve());
        client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.resolve(n.params.uri));
        await within(client.subscribeResource({ uri: 'fixture://static' }), 'subscribe');
        app.tools.disable('echo');
        await within(changed.promise, 'list_changed');
        await app.resources.notifyUpdated('fixture://static');
        expect(await within(updated.promise, 'resources/updated')).to.equal('fixture://static');
      });

      it('ends the session with DELETE; its handlers are aborted', async () => {
        const call = client.callTool({ name: 'wait', arguments: {} }).then(() => 'answered', () => 'rejected');
        await within(probes.waitStarted.promise, 'the handler to start');
        expect(app.sessionCount).to.equal(1);
        await (client.transport as StreamableHTTPClientTransport).terminateSession();
        await within(probes.waitAborted.promise, 'the handler signal to abort');
        expect(await within(call, 'the call to settle')).to.equal('rejected');
        expect(app.sessionCount).to.equal(0);
      });
    }
  });
}
