import { expect } from 'chai';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { PEERS } from './support/peers';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

function gated(id: number, key: string) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'gated', arguments: { key } } };
}

async function answerText(res: Response): Promise<string> {
  const type = res.headers.get('content-type');
  const text = await res.text();
  const json =
    type === 'text/event-stream'
      ? text
          .split('\n')
          .filter((l) => l.startsWith('data: {'))
          .map((l) => l.slice(6))
          .find((d) => d.includes('"result"'))
      : text;
  return (JSON.parse(json as string) as { result: { content: { text: string }[] } }).result.content[0].text;
}

for (const peer of PEERS) {
  describe(`Two clients, one request id (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('routes each answer to its own session (raw, both in flight at once)', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const [a, b] = await Promise.all([openSession(handle.url), openSession(handle.url)]);
      const callA = post(handle.url, gated(1, 'a'), sessionHeaders(a));
      const callB = post(handle.url, gated(1, 'b'), sessionHeaders(b));
      await Promise.all([app.started('a'), app.started('b')]);
      app.release('b');
      app.release('a');
      expect(await answerText(await callA)).to.equal('gated:a');
      expect(await answerText(await callB)).to.equal('gated:b');
    });

    it('routes each answer to its own exchange in stateless mode', async () => {
      const app = peer.create();
      const handle = await opened.listen(app, { stateless: true });
      const callA = post(handle.url, gated(1, 'sa'));
      const callB = post(handle.url, gated(1, 'sb'));
      await Promise.all([app.started('sa'), app.started('sb')]);
      app.release('sb');
      app.release('sa');
      expect(await answerText(await callA)).to.equal('gated:sa');
      expect(await answerText(await callB)).to.equal('gated:sb');
    });

    it('keeps two official SDK clients apart (both number their requests from 0)', async () => {
      const app = peer.create();
      const handle = await opened.listen(app);
      const one = await opened.client(handle.url);
      const two = await opened.client(handle.url);
      const calls = [
        one.client.callTool({ name: 'gated', arguments: { key: 'one' } }, CallToolResultSchema),
        two.client.callTool({ name: 'gated', arguments: { key: 'two' } }, CallToolResultSchema),
      ];
      await Promise.all([app.started('one'), app.started('two')]);
      app.release('two');
      app.release('one');
      const [r1, r2] = await Promise.all(calls);
      expect(r1.content).to.deep.equal([{ type: 'text', text: 'gated:one' }]);
      expect(r2.content).to.deep.equal([{ type: 'text', text: 'gated:two' }]);
    });
  });
}
