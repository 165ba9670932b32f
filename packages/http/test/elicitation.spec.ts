import { expect } from 'chai';
import { CallToolResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { PEERS } from './support/peers';
import { Opened } from './support/servers';

for (const peer of PEERS) {
  describe(`Server→client requests, stateful (${peer.name})`, () => {
    const opened = new Opened();
    afterEach(() => opened.closeAll());

    it('carries an elicitation on the call stream and its answer back by POST', async () => {
      const handle = await opened.listen(peer.create());
      const { client } = await opened.client(handle.url, { capabilities: { elicitation: { form: {} } } });
      const asked: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params.message);
        return { action: 'accept', content: { name: 'Ada' } };
      });
      const result = await client.callTool({ name: 'elicit', arguments: {} }, CallToolResultSchema);
      expect(asked).to.deep.equal(['Name?']);
      expect(result.isError).to.not.equal(true);
      expect(JSON.parse((result.content as { text: string }[])[0].text)).to.deep.equal({ action: 'accept', content: { name: 'Ada' } });
    });
  });
}
