import { expect } from 'chai';
import * as path from 'node:path';
import { with2026 } from '../kernel/support/peer-2026';
import { suiteAppChild, type AppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');

/** Opens listen stream `id` and waits for its acknowledgement. */
async function listen(child: AppChild, id: string): Promise<void> {
  const from = child.messages.length;
  child.start('subscriptions/listen', with2026({ notifications: { toolsListChanged: true } }), id);
  await child.next(
    (m) => m.method === 'notifications/subscriptions/acknowledged' || (m.id === id && m.method === undefined),
    `listen ${id} to be acknowledged`,
    from,
  );
  expect(child.responsesTo(id), `listen ${id}`).to.deep.equal([]);
}

/**
 * Open MCP 2026-07-28 `subscriptions/listen` streams on a stdio connection are counted apart
 * from requests in flight: a connection holding its most streams still runs every request, and
 * only a further stream is refused (-32004). A real child process; every line schema-checked.
 */
for (const [title, env, limit] of [
  ['defaults (100 streams, 100 requests per connection)', {}, 100],
  ['maxListensPerPrincipal: 3, maxInflightRequests: 2', { APP_MAX_LISTENS_PER_PRINCIPAL: '3', APP_MAX_INFLIGHT: '2' }, 3],
] as const) {
  describe(`stdio: open listen streams never starve requests (${title})`, function () {
    this.timeout(60_000);
    const child = suiteAppChild(FIXTURE, env);

    it(`holds ${limit} streams, still answers requests, refuses stream ${limit + 1} with -32004, and takes one again once a stream ends`, async () => {
      for (let i = 0; i < limit; i++) await listen(child(), `l-${i}`);
      for (let i = 0; i < 3; i++) {
        const answer = await child().request('tools/call', with2026({ name: 'echo', arguments: { text: `still here ${i}` } }), `e-${i}`);
        expect(answer.error, JSON.stringify(answer)).to.equal(undefined);
        expect(answer.result?.content).to.deep.equal([{ type: 'text', text: `echo still here ${i}` }]);
      }
      const refused = await child().request('subscriptions/listen', with2026({ notifications: { toolsListChanged: true } }), 'over');
      expect(refused.error?.code).to.equal(-32004);
      expect(refused.error?.data).to.deep.equal({ maxListensPerPrincipal: limit });
      child().send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'l-0' } });
      await listen(child(), 'again');
    });
  });
}
