import { expect } from 'chai';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { createKernelApp } from './support/kernel-app';
import { PEERS } from './support/peers';
import { INITIALIZE, post } from './support/raw-http';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';

for (const peer of PEERS) {
  describe(`Stateless mode (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('serves the official SDK client without a session id', async () => {
      const handle = await opened.listen(peer.create(), { stateless: true });
      const { client, transport } = await opened.client(handle.url);
      expect(transport.sessionId).to.equal(undefined);
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).to.include('echo');
      const result = await client.callTool({ name: 'echo', arguments: { text: 'x' } }, CallToolResultSchema);
      expect(result.content).to.deep.equal([{ type: 'text', text: 'x' }]);
      expect(handle.handler.sessionCount).to.equal(0);
    });

    it('answers initialize without Mcp-Session-Id, and any request without initialize', async () => {
      const handle = await opened.listen(peer.create(), { stateless: true });
      const init = await post(handle.url, INITIALIZE);
      expect(init.status).to.equal(200);
      expect(init.headers.get('mcp-session-id')).to.equal(null);
      expect(((await init.json()) as { result: { protocolVersion: string } }).result.protocolVersion).to.equal('2025-11-25');
      const call = await post(
        handle.url,
        { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo', arguments: { text: 'alone' } } },
        { 'mcp-protocol-version': '2025-11-25' },
      );
      expect(call.status).to.equal(200);
      const body = (await call.json()) as { id: string; result: { content: { text: string }[] } };
      expect(body.id).to.equal('a');
      expect(body.result.content[0].text).to.equal('alone');
    });

    it('streams progress as SSE, without event ids', async () => {
      const handle = await opened.listen(peer.create(), { stateless: true });
      const res = await post(handle.url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'progress', arguments: { steps: 2 }, _meta: { progressToken: 't' } },
      });
      expect(res.headers.get('content-type')).to.equal('text/event-stream');
      const events = await new SseReader(res).rest();
      expect(events).to.have.length(3);
      expect(events.every((e) => e.id === undefined)).to.equal(true);
      expect(JSON.parse(events[2].data).id).to.equal(1);
    });

    it('refuses GET and DELETE with 405, and an unsupported protocol version with 400', async () => {
      const handle = await opened.listen(peer.create(), { stateless: true });
      const get = await fetch(handle.url, { headers: { accept: 'text/event-stream' } });
      expect(get.status).to.equal(405);
      expect(get.headers.get('allow')).to.equal('POST');
      await get.text();
      const del = await fetch(handle.url, { method: 'DELETE' });
      expect(del.status).to.equal(405);
      await del.text();
      const bad = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': 'nope' });
      expect(bad.status).to.equal(400);
      await bad.text();
    });

    it('accepts notifications and responses with 202', async () => {
      const handle = await opened.listen(peer.create(), { stateless: true });
      const res = await post(handle.url, { jsonrpc: '2.0', method: 'notifications/initialized' });
      expect(res.status).to.equal(202);
      expect(await res.text()).to.equal('');
    });
  });
}

describe('Stateless mode: server→client requests', () => {
  const opened = new Opened();
  afterEach(() => opened.closeAll());

  it('fails elicitation with an error that names stateless mode', async () => {
    const handle = await opened.listen(createKernelApp(), { stateless: true });
    const { client } = await opened.client(handle.url, { capabilities: { elicitation: { form: {} } } });
    const result = await client.callTool({ name: 'elicit', arguments: {} }, CallToolResultSchema);
    expect(result.isError).to.equal(true);
    expect((result.content as { text: string }[])[0].text).to.match(/elicitation\/create is not available: .*stateless mode/);
  });
});
