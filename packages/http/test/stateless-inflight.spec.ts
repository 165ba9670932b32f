import { expect } from 'chai';
import type { ClientRequest } from 'node:http';
import type { Armature } from '@armature/core';
import { checkServerMessage, until } from '@armature/testing';
import { DEFAULT_MAX_STATELESS_INFLIGHT } from '../src';
import { createApp2026, probe2026 } from './support/app-2026';
import { type Body2026, headersFor2026, holdOpen, request2026 } from './support/raw-2026';
import { post } from './support/raw-http';
import { Opened } from './support/servers';

/** Holds `count` more 2026 `wait` calls open, each on its own socket, until `runningAfter` calls run. */
async function holdWaits2026(url: string, count: number, tag: string, runningAfter = count): Promise<ClientRequest[]> {
  const held = Array.from({ length: count }, (_, i) => {
    const body = request2026(`${tag}${i}`, 'tools/call', { name: 'wait', arguments: { tag: `${tag}${i}` } });
    return holdOpen(url, JSON.stringify(body), headersFor2026(body));
  });
  await until(() => probe2026.running === runningAfter, `${runningAfter} calls running`, 15_000);
  return held;
}

/** POSTs a 2026 request and reads its JSON answer, checked against the 2026 schema. */
async function send2026(url: string, body: Body2026): Promise<{ status: number; retryAfter: string | null; body: Body2026 }> {
  const res = await post(url, body, headersFor2026(body));
  const parsed = JSON.parse(await res.text()) as Body2026;
  expect(checkServerMessage(parsed, body)).to.deep.equal([]);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: parsed };
}

function expectRefused(answer: { status: number; retryAfter: string | null; body: Body2026 }, id: string | number, limit: number): void {
  expect(answer.status).to.equal(503);
  expect(answer.retryAfter).to.equal('1');
  expect(answer.body.id).to.equal(id);
  expect(answer.body.error?.code).to.equal(-32004);
  expect(answer.body.error?.data).to.deep.equal({ maxStatelessInflight: limit });
  expect(answer.body.error?.message).to.match(/at most \d+ stateless requests run at once/);
}

/**
 * Stateless requests (MCP 2026-07-28 POSTs without a session, and `stateless: true`)
 * had no in-flight cap. `maxStatelessInflight` bounds how many run at once on the endpoint;
 * one more gets 503 + Retry-After with -32004 under its id, through real sockets.
 */
describe('Streamable HTTP: the stateless in-flight cap', function () {
  this.timeout(60_000);
  const opened = new Opened();
  const held: ClientRequest[] = [];
  const apps: Armature[] = [];
  afterEach(async () => {
    for (const req of held.splice(0)) req.destroy();
    await opened.closeAll();
    // Ends whatever still runs (a stateless 2025 call is not cancelled by its socket closing).
    await Promise.all(apps.splice(0).map((app) => app.close({ drainMs: 0 })));
  });

  async function app(options: Parameters<typeof createApp2026>[0] = {}): Promise<Armature> {
    const created = await createApp2026(options);
    apps.push(created);
    return created;
  }

  it('refuses a 2026 request beyond the cap with 503 + -32004, and takes work again once a stream closes', async () => {
    const url = (await opened.listen(await app(), { maxStatelessInflight: 5 })).url;
    held.push(...(await holdWaits2026(url, 5, 'w')));
    expectRefused(await send2026(url, request2026('over', 'tools/call', { name: 'echo', arguments: { text: 'x' } })), 'over', 5);
    // Requests the server would answer at once are refused too: the cap is checked before dispatch.
    expectRefused(await send2026(url, request2026(7, 'server/discover')), 7, 5);
    expect(probe2026.running).to.equal(5);
    // Closing a 2026 request's stream cancels it (MCP 2026-07-28) and frees its place.
    held.shift()!.destroy();
    await until(() => probe2026.running === 4, 'the cancelled call to end', 15_000);
    const after = await send2026(url, request2026('after', 'tools/call', { name: 'echo', arguments: { text: 'back' } }));
    expect(after.status).to.equal(200);
    expect(after.body.result?.content).to.deep.equal([{ type: 'text', text: 'back' }]);
    // The place freed holds a running call again; the next one is refused.
    held.push(...(await holdWaits2026(url, 1, 'again', 5)));
    expectRefused(await send2026(url, request2026('over2', 'tools/call', { name: 'echo', arguments: { text: 'x' } })), 'over2', 5);
  });

  it(`holds the default (${DEFAULT_MAX_STATELESS_INFLIGHT}) under 1,100 concurrent 2026 calls on their own sockets`, async () => {
    expect(DEFAULT_MAX_STATELESS_INFLIGHT).to.equal(1000);
    const url = (await opened.listen(await app())).url;
    held.push(...(await holdWaits2026(url, 1000, 'd')));
    const refused = await Promise.all(
      Array.from({ length: 100 }, (_, i) => send2026(url, request2026(`x${i}`, 'tools/call', { name: 'echo', arguments: { text: 'x' } }))),
    );
    refused.forEach((answer, i) => expectRefused(answer, `x${i}`, 1000));
    expect(probe2026.peak).to.equal(1000);
    for (const req of held.splice(0)) req.destroy();
    await until(() => probe2026.running === 0, 'every held call to end', 15_000);
    const after = await send2026(url, request2026('after', 'tools/call', { name: 'echo', arguments: { text: 'back' } }));
    expect(after.status).to.equal(200);
  });

  it('caps `stateless: true` 2025 POSTs the same way', async () => {
    const url = (await opened.listen(await app(), { stateless: true, maxStatelessInflight: 3 })).url;
    const headers = { 'mcp-protocol-version': '2025-11-25' };
    held.push(
      ...Array.from({ length: 3 }, (_, i) =>
        holdOpen(
          url,
          JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'wait', arguments: { tag: `s${i}` } } }),
          headers,
        ),
      ),
    );
    await until(() => probe2026.running === 3, 'three stateless calls running', 15_000);
    const res = await post(
      url,
      { jsonrpc: '2.0', id: 'over', method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } },
      headers,
    );
    expect(res.status).to.equal(503);
    expect(res.headers.get('retry-after')).to.equal('1');
    const body = (await res.json()) as Body2026;
    expect(body.id).to.equal('over');
    expect(body.error?.code).to.equal(-32004);
    expect(body.error?.data).to.deep.equal({ maxStatelessInflight: 3 });
  });

  it('refuses nonsense values of the option', async () => {
    const served = await app();
    for (const bad of [0, -1, Number.NaN]) {
      let error: unknown;
      try {
        await opened.listen(served, { maxStatelessInflight: bad });
      } catch (caught) {
        error = caught;
      }
      expect(String(error)).to.match(/maxStatelessInflight must be a positive number/);
    }
  });
});
