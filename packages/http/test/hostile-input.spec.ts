import { expect } from 'chai';
import { createKernelApp } from './support/kernel-app';
import { openSession, post, POST_HEADERS, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

type Reply = { id?: unknown; result?: { content?: { text: string }[] }; error?: { code: number; message: string } };

/** Hostile input over HTTP: each is answered as the spec says, then the server still serves. */
describe('Streamable HTTP against hostile input', () => {
  const opened = new Opened();
  let url: string;
  let session: string;
  let fresh = 1000;

  beforeEach(async () => {
    // 1,000 requests in flight at once are one of the cases: the default limit is 100.
    url = (await opened.listen(createKernelApp({ maxInflightRequests: 1000 }))).url;
    session = await openSession(url);
  });
  afterEach(() => opened.closeAll());

  async function send(body: unknown): Promise<{ status: number; reply: Reply }> {
    const res = await post(url, body, sessionHeaders(session));
    const text = await res.text();
    return { status: res.status, reply: text === '' ? {} : (JSON.parse(text) as Reply) };
  }

  async function stillServes(): Promise<void> {
    const id = ++fresh;
    const { status, reply } = await send({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: `alive ${id}` } },
    });
    expect(status).to.equal(200);
    expect(reply.id).to.equal(id);
    expect(reply.result?.content?.[0]?.text).to.equal(`alive ${id}`);
  }

  const cases: [string, unknown, number, number][] = [
    ['invalid JSON', '{"jsonrpc":"2.0","id":1,', 400, -32700],
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'ping' }], 400, -32600],
    ['a string', '"ping"', 400, -32600],
    ['a wrong jsonrpc', { jsonrpc: '1.0', id: 1, method: 'ping' }, 400, -32600],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }, 400, -32600],
    ['an object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, 400, -32600],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, 400, -32600],
    ['params that are not an object', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }, 400, -32602],
    [
      'nesting deeper than 64',
      { jsonrpc: '2.0', id: 1, method: 'ping', params: { deep: JSON.parse('['.repeat(70) + ']'.repeat(70)) as unknown } },
      400,
      -32600,
    ],
    ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'no/such/method' }, 200, -32601],
    [
      'a second initialize',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      },
      400,
      -32600,
    ],
  ];

  for (const [what, body, status, code] of cases) {
    it(`answers ${what} with ${status} / ${code}, then serves`, async () => {
      const answer = await send(body);
      expect(answer.status).to.equal(status);
      expect(answer.reply.error?.code).to.equal(code);
      await stillServes();
    });
  }

  it('answers invalid UTF-8 with 400 / -32700, then serves', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...sessionHeaders(session) },
      body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    });
    expect(res.status).to.equal(400);
    expect(((await res.json()) as Reply).error?.code).to.equal(-32700);
    await stillServes();
  });

  it('treats __proto__ and constructor keys as plain data', async () => {
    const body =
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}}';
    const answer = await send(body);
    expect(answer.status).to.equal(200);
    expect(({} as { polluted?: boolean }).polluted).to.equal(undefined);
    await stillServes();
  });

  it('refuses a body over 4 MiB with 413, then serves', async () => {
    const answer = await send({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024) } });
    expect(answer.status).to.equal(413);
    await stillServes();
  });

  it('survives a client that disconnects mid-request', async () => {
    const controller = new AbortController();
    const call = fetch(url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...sessionHeaders(session) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'barrier', arguments: { n: 2, tag: 'left' } } }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    expect(await call).to.be.instanceOf(Error);
    // The abandoned call is still running (disconnection is not cancellation); a second one frees it.
    const { reply } = await send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'barrier', arguments: { n: 2, tag: 'second' } },
    });
    expect(reply.result?.content?.[0]?.text).to.equal('second@2');
    await stillServes();
  });

  it('answers 1,000 requests in flight at once, each with its own answer', async function () {
    this.timeout(60_000);
    const n = 1000;
    const calls = Array.from({ length: n }, (_, i) =>
      send({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'barrier', arguments: { n, tag: `t${i + 1}` } } }),
    );
    const answers = await Promise.all(calls);
    answers.forEach(({ status, reply }, i) => {
      expect(status).to.equal(200);
      expect(reply.id).to.equal(i + 1);
      expect(reply.result?.content?.[0]?.text).to.equal(`t${i + 1}@${i + 1}`);
    });
    await stillServes();
  });
});
