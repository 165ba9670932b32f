import { expect } from 'chai';
import { DEFAULT_MAX_SESSIONS } from '../src';
import { createKernelApp } from './support/kernel-app';
import { INITIALIZE, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

/** 1,100 sessions were accepted; the default cap now holds at 1,000, through the real server. */
describe('the default session cap', function () {
  this.timeout(60_000);
  const opened = new Opened();
  afterEach(() => opened.closeAll());

  it('accepts 1,000 sessions, answers the next initialize 503 + Retry-After, and takes one again once a session ends', async () => {
    expect(DEFAULT_MAX_SESSIONS).to.equal(1000);
    const handle = await opened.listen(createKernelApp());
    const ids: string[] = [];
    // 20 clients at a time, 50 rounds: every initialize of the 1,000 is answered 200.
    for (let round = 0; round < DEFAULT_MAX_SESSIONS / 20; round++) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await post(handle.url, { ...INITIALIZE, id: round * 20 + i });
          await res.text();
          expect(res.status).to.equal(200);
          return res.headers.get('mcp-session-id') as string;
        }),
      );
      ids.push(...batch);
    }
    expect(handle.handler.sessionCount).to.equal(1000);
    for (let extra = 0; extra < 3; extra++) {
      const refused = await post(handle.url, INITIALIZE);
      expect(refused.status).to.equal(503);
      expect(refused.headers.get('retry-after')).to.equal('5');
      expect(((await refused.json()) as { error: { message: string } }).error.message).to.match(/session limit/);
    }
    expect(handle.handler.sessionCount).to.equal(1000);
    // Live sessions keep being served at the cap.
    const ping = await post(handle.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, sessionHeaders(ids[0]));
    expect(ping.status).to.equal(200);
    await ping.text();
    const del = await fetch(handle.url, { method: 'DELETE', headers: sessionHeaders(ids[1]) });
    expect(del.status).to.equal(200);
    const again = await post(handle.url, INITIALIZE);
    expect(again.status).to.equal(200);
    await again.text();
  });
});
