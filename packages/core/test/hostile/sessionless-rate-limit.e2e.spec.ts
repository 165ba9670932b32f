import { expect } from 'chai';
import * as path from 'node:path';
import { with2026 } from '../kernel/support/peer-2026';
import { suiteAppChild } from './support/app-child';

const FIXTURE = path.join(__dirname, 'support/hostile-app.fixture.js');

/**
 * An app-wide `per: 'session'` limit (2 calls a minute) over a real stdio pipe: MCP 2026-07-28
 * requests have no session, so they spend one budget for the connection's anonymous caller
 * instead of a fresh one each; once the connection initializes, its 2025 session has its own.
 */
describe("stdio: a per: 'session' limit holds for 2026 requests (real child process, APP_RATE_LIMIT=2)", function () {
  this.timeout(30_000);
  const child = suiteAppChild(FIXTURE, { APP_RATE_LIMIT: '2' });

  it('refuses the third 2026 call with a rate-limit result; the 2025 session then gets its own budget', async () => {
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await child().request('tools/call', with2026({ name: 'echo', arguments: { text: `n${i}` } }), `r-${i}`);
      expect(answer.error).to.equal(undefined);
      texts.push(`${String(answer.result?.isError === true)}:${JSON.stringify(answer.result?.content)}`);
    }
    expect(texts[0]).to.match(/^false:/);
    expect(texts[1]).to.match(/^false:/);
    expect(texts[2]).to.match(/^true:.*Rate limit reached for tool/);
    await child().initialize();
    const own = await child().request('tools/call', { name: 'echo', arguments: { text: 'session' } }, 'r-2025');
    expect(own.result?.isError).to.not.equal(true);
  });
});
