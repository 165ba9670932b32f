import { expect } from 'chai';
import { checkServerMessage } from '@armature/testing';
import { createApp2026 } from './support/app-2026';
import { post } from './support/raw-http';
import { type Body2026, headersFor2026, request2026 } from './support/raw-2026';
import { Opened } from './support/servers';
import { SseReader } from './support/sse-reader';

let nextId = 0;

/** One open 2026 `subscriptions/listen` stream, read up to its acknowledgement. */
interface OpenListen {
  readonly reader: SseReader;
  readonly body: Body2026;
}

async function openListen(url: string): Promise<OpenListen | { status: number; retryAfter: string | null; answer: Body2026 }> {
  const body = request2026(`listen-${++nextId}`, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
  const res = await post(url, body, headersFor2026(body));
  if (res.headers.get('content-type') !== 'text/event-stream') {
    const answer = (await res.json()) as Body2026;
    expect(checkServerMessage(answer, body), JSON.stringify(answer)).to.deep.equal([]);
    return { status: res.status, retryAfter: res.headers.get('retry-after'), answer };
  }
  const reader = new SseReader(res);
  const ack = (await reader.nextMessage())!.message;
  expect(ack.method).to.equal('notifications/subscriptions/acknowledged');
  expect(checkServerMessage(ack, body)).to.deep.equal([]);
  return { reader, body };
}

function isOpen(value: Awaited<ReturnType<typeof openListen>>): value is OpenListen {
  return 'reader' in value;
}

/** A 2026 `tools/call` of `echo`: 200 with its text, schema-checked. */
async function echo(url: string, text: string): Promise<void> {
  const body = request2026(`echo-${++nextId}`, 'tools/call', { name: 'echo', arguments: { text } });
  const res = await post(url, body, headersFor2026(body));
  const answer = (await res.json()) as Body2026;
  expect(checkServerMessage(answer, body)).to.deep.equal([]);
  expect([res.status, answer.result?.content]).to.deep.equal([200, [{ type: 'text', text }]]);
}

/**
 * Caps on open MCP 2026-07-28 `subscriptions/listen` streams over Streamable HTTP: per client
 * (anonymous: per client address) and per server, refused with 503 + Retry-After and -32004,
 * counted apart from requests (open streams never keep a request from running).
 */
describe('Streamable HTTP: limits on open subscriptions/listen streams', () => {
  const opened = new Opened();
  const streams: SseReader[] = [];
  afterEach(async () => {
    for (const reader of streams.splice(0)) await reader.cancel();
    await opened.closeAll();
  });

  async function fill(url: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const listen = await openListen(url);
      if (!isOpen(listen)) throw new Error(`listen ${i} refused: ${JSON.stringify(listen)}`);
      streams.push(listen.reader);
    }
  }

  it('maxListensPerPrincipal: one client address gets that many streams, the next is 503 -32004; requests still run', async () => {
    const app = await createApp2026({ maxListensPerPrincipal: 3, maxInflightRequests: 1 });
    const { url } = await opened.listen(app, { maxStatelessInflight: 2 });
    await fill(url, 3);
    const refused = await openListen(url);
    expect(isOpen(refused)).to.equal(false);
    if (isOpen(refused)) return;
    expect([refused.status, refused.retryAfter, refused.answer.error?.code]).to.deep.equal([503, '1', -32004]);
    expect(refused.answer.error?.data).to.deep.equal({ maxListensPerPrincipal: 3 });
    // Open streams are not requests in flight: with a limit of 2 stateless requests, calls still run.
    for (let i = 0; i < 3; i++) await echo(url, `still serving ${i}`);
    // A stream that ends frees its place.
    await streams.shift()!.cancel();
    // The server sees the closed stream shortly after: bounded retries, 20 ms apart.
    let accepted = false;
    for (let attempt = 0; attempt < 100 && !accepted; attempt++) {
      accepted = isOpen(await reopen(url));
      if (!accepted) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(accepted, 'a listen accepted again once a stream closed').to.equal(true);
  });

  it('maxListens: the server as a whole gets that many, whoever asks', async () => {
    const app = await createApp2026({ maxListens: 2 });
    const { url } = await opened.listen(app);
    await fill(url, 2);
    const refused = await openListen(url);
    if (isOpen(refused)) throw new Error('a third listen was accepted');
    expect([refused.status, refused.answer.error?.code, refused.answer.error?.data]).to.deep.equal([503, -32004, { maxListens: 2 }]);
    await echo(url, 'requests are unaffected');
  });

  /** Tries one more listen; keeps it open (for cleanup) when accepted. */
  async function reopen(url: string): Promise<Awaited<ReturnType<typeof openListen>>> {
    const listen = await openListen(url);
    if (isOpen(listen)) streams.push(listen.reader);
    return listen;
  }
});
