import { expect } from 'chai';
import * as path from 'node:path';
import { envelope, with2026 } from '../kernel/support/peer-2026';
import { forEachEra, suiteAppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');
let next = 0;

/**
 * The MCP 2026-07-28 envelope over a real stdio pipe, on a connection that has not initialized
 * and on one that has (the envelope decides a request's revision on both): capability values
 * checked against the 2026 schema, -32022 listing only what an envelope may name, and
 * `server/discover` answered either way. Every line is checked against its request's revision.
 */
describe('stdio: the 2026 envelope decides, before and after initialize (real child process)', function () {
  this.timeout(30_000);
  const child = suiteAppChild(FIXTURE);

  forEachEra(child, (era) => {
    it('refuses clientCapabilities values the 2026 schema rejects with -32602 (elicitation: "yes" declares nothing)', async () => {
      for (const caps of [{ elicitation: 'yes' }, { sampling: { tools: true } }, { extensions: { 'x/y': 1 } }]) {
        const answer = await child().request('tools/list', { _meta: envelope({ caps }) }, `caps-${++next}`);
        expect(answer.error?.code, JSON.stringify(caps)).to.equal(-32602);
        expect(answer.error?.message).to.contain('io.modelcontextprotocol/clientCapabilities');
      }
    });

    it('answers an envelope naming 2025-11-25 with -32022 whose supported lists only 2026-07-28', async () => {
      const answer = await child().request('tools/list', { _meta: envelope({ version: '2025-11-25' }) }, `v-${++next}`);
      expect(answer.error?.code).to.equal(-32022);
      expect(answer.error?.data).to.deep.equal({ requested: '2025-11-25', supported: ['2026-07-28'] });
    });

    it(`serves server/discover and envelope requests (${era})`, async () => {
      for (const params of [with2026(), {}]) {
        const discover = await child().request('server/discover', params, `d-${++next}`);
        if (Object.keys(params).length === 0) {
          // Without the envelope, discover is a malformed 2026 request, not an unknown method.
          expect(discover.error?.code).to.equal(-32602);
          continue;
        }
        expect(discover.result?.supportedVersions).to.include('2026-07-28');
        expect(discover.result?.resultType).to.equal('complete');
      }
      const call = await child().request('tools/call', with2026({ name: 'echo', arguments: { text: 'hi' } }), `c-${++next}`);
      expect(call.result?.resultType).to.equal('complete');
      if (era === '2025 session request') {
        // The session itself still serves its own requests.
        const list = await child().request('tools/list', {}, `l-${++next}`);
        expect(list.result?.tools).to.be.an('array').that.is.not.empty;
        expect(list.result).to.not.have.property('resultType');
      }
    });
  });
});
