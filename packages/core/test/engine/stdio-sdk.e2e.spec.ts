import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '../../src/transport/transport';
import { STDIO_FIXTURE } from '../support/stdio-child';
import { WireCheckedTransport } from '@armature/testing';

/** The official SDK client driving a real stdio child process running a ServerSession. */
describe('stdio end to end with the official SDK client', function () {
  let client: Client;
  let wire: WireCheckedTransport;
  let stdio: StdioClientTransport;

  beforeEach(async () => {
    stdio = new StdioClientTransport({
      command: process.execPath,
      args: [STDIO_FIXTURE],
      env: { ...process.env, FIXTURE_EXTRA_TOOLS: '1000', FIXTURE_PAGE_SIZE: '250' } as Record<string, string>,
      stderr: 'pipe',
    });
    wire = new WireCheckedTransport(stdio as unknown as Transport, { check: true });
    client = new Client({ name: 'sdk-stdio', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    await client.connect(wire as unknown as SdkTransport);
  });

  afterEach(async () => {
    await client.close();
    wire.assertClean();
  });

  it('initializes, pings and declares its capabilities', async () => {
    expect(client.getServerVersion()).to.deep.equal({ name: 'stdio-fixture', version: '1.0.0' });
    expect(client.getServerCapabilities()?.tools).to.deep.equal({ listChanged: true });
    expect(await client.ping()).to.deep.equal({});
  });

  it('walks 1,016 tools in pages of 250 and calls one', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor });
      names.push(...result.tools.map((t) => t.name));
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    expect(new Set(names).size).to.equal(1016);
    const called = await client.callTool({ name: 'tool_0999', arguments: {} });
    expect(called.content).to.deep.equal([{ type: 'text', text: 'tool_0999' }]);
  });

  it('serves resources, templates, prompts and completion', async () => {
    expect((await client.listResources()).resources).to.have.length(1);
    expect((await client.listResourceTemplates()).resourceTemplates).to.have.length(1);
    expect((await client.readResource({ uri: 'fixture://static' })).contents[0]).to.deep.include({ text: 'static text' });
    await client.subscribeResource({ uri: 'fixture://static' });
    await client.unsubscribeResource({ uri: 'fixture://static' });
    expect((await client.getPrompt({ name: 'greet', arguments: { name: 'Lin' } })).messages).to.have.length(1);
    expect(
      (await client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'name', value: 'b' } })).completion.values,
    ).to.deep.equal(['bob']);
    const error = await client.readResource({ uri: 'fixture://nope' }).catch((e: unknown) => e);
    expect((error as McpError).code).to.equal(-32002);
  });

  it('delivers progress and logs before the result', async () => {
    const from = wire.received.length;
    const result = await client.callTool({ name: 'progress', arguments: {} }, undefined, { onprogress: () => undefined });
    expect(result.content).to.deep.equal([{ type: 'text', text: 'done' }]);
    // Checked on the wire: the SDK client itself may drop a progress notification that shares
    // a read with the response (typescript-sdk#2580), which says nothing about the server.
    const arrived = wire.received.slice(from).map((m) => {
      const record = m as { method?: string; params?: { progress?: number; level?: string } };
      if (record.method === 'notifications/progress') return `progress:${record.params?.progress}`;
      if (record.method === 'notifications/message') return `log:${record.params?.level}`;
      return 'result';
    });
    // Progress is paced (20 per second by default): the second value, reported within 50 ms of
    // the first, waits and goes out just before the result.
    expect(arrived).to.deep.equal(['progress:1', 'log:info', 'log:warning', 'progress:2', 'result']);
  });

  it('elicits through the client and cancels a slow call', async () => {
    const asked = await client.callTool({ name: 'ask', arguments: {} });
    expect(JSON.parse((asked.content as { text: string }[])[0].text)).to.deep.equal({ action: 'decline' });
    const controller = new AbortController();
    const slow = client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal }).catch(() => 'cancelled');
    setTimeout(() => controller.abort('stop'), 20);
    expect(await slow).to.equal('cancelled');
    expect(await client.ping()).to.deep.equal({});
  });

  it('answers a crashing tool with a generic -32603 and keeps serving', async () => {
    const error = await client.callTool({ name: 'crash_error', arguments: {} }).catch((e: unknown) => e);
    expect((error as McpError).code).to.equal(-32603);
    expect((error as McpError).message).not.to.match(/secret|\/home/);
    expect(await client.ping()).to.deep.equal({});
  });
});
