import { expect } from 'chai';
import { StdioChild } from '../support/stdio-child';
import { waitUntil } from '../support/wait';

/** Raw bytes at a real stdio child: every bad frame gets the exact code, then a fresh request is served. */
describe('stdio server against hostile frames', () => {
  let child: StdioChild;

  beforeEach(async () => {
    child = StdioChild.spawn({ FIXTURE_MAX_BYTES: String(64 * 1024) });
    await child.initialize();
  });

  afterEach(async () => {
    await child.close();
    expect(child.violations, 'every stdout line is a valid MCP message').to.deep.equal([]);
  });

  let fresh = 0;
  async function expectAnswer(frame: string | Buffer, code: number, id?: string | number): Promise<void> {
    const from = child.messages.length;
    child.write(frame);
    const answer = await child.next((m) => m.error !== undefined, `answer to ${String(frame).slice(0, 40)}`, from);
    expect(answer.error?.code, String(frame).slice(0, 60)).to.equal(code);
    expect(answer.id, String(frame).slice(0, 60)).to.equal(id);
    const pong = await child.request('ping', undefined, `fresh-${fresh++}`);
    expect(pong.result).to.deep.equal({});
  }

  it('answers a malformed line with -32700 and goes on serving', async () => {
    await expectAnswer('{"jsonrpc":"2.0","id":1,"method":\n', -32700);
    await expectAnswer('not json at all\n', -32700);
    const listed = await child.request('tools/list', undefined, 'after');
    expect(listed.result?.tools).to.be.an('array');
  });

  it('answers invalid UTF-8 with -32700', async () => {
    await expectAnswer(
      Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":"u","method":"ping","x":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]),
      -32700,
    );
    await expectAnswer(Buffer.from([0xff, 0xfe, 0x0a]), -32700);
  });

  it('accepts a byte-order mark, CRLF line ends and blank lines', async () => {
    const from = child.messages.length;
    child.write('\n\r\n   \n\ufeff{"jsonrpc":"2.0","id":"bom","method":"ping"}\r\n');
    const answer = await child.next((m) => m.id === 'bom', 'BOM ping', from);
    expect(answer.result).to.deep.equal({});
    expect(child.messages.slice(from).filter((m) => m.error !== undefined)).to.deep.equal([]);
  });

  it('answers arrays and non-objects with -32600 and no id', async () => {
    await expectAnswer('[{"jsonrpc":"2.0","id":1,"method":"ping"}]\n', -32600);
    await expectAnswer('[]\n', -32600);
    await expectAnswer('"ping"\n', -32600);
    await expectAnswer('null\n', -32600);
  });

  it('answers bad ids and a bad jsonrpc with -32600', async () => {
    await expectAnswer('{"jsonrpc":"2.0","id":null,"method":"ping"}\n', -32600);
    await expectAnswer('{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}\n', -32600);
    await expectAnswer('{"jsonrpc":"2.0","id":1.25,"method":"ping"}\n', -32600);
    await expectAnswer('{"jsonrpc":"1.0","id":5,"method":"ping"}\n', -32600, 5);
  });

  it('answers params of the wrong type with -32602 and unknown methods with -32601', async () => {
    await expectAnswer('{"jsonrpc":"2.0","id":6,"method":"tools/list","params":[1]}\n', -32602, 6);
    await expectAnswer('{"jsonrpc":"2.0","id":7,"method":"no/such"}\n', -32601, 7);
  });

  it('answers nesting deeper than 64 with -32600 (with its id) before parsing', async () => {
    await expectAnswer(`{"jsonrpc":"2.0","id":8,"method":"ping","params":{"a":${'['.repeat(70)}${']'.repeat(70)}}}\n`, -32600, 8);
    await expectAnswer(`{"a":${'['.repeat(30_000)}\n`, -32600);
  });

  it('answers an oversize line with one -32700, skips the rest of it, and stays in sync', async () => {
    const big = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"echo","arguments":{"text":"${'x'.repeat(200 * 1024)}"}}}\n`;
    const from = child.messages.length;
    // Written in pieces so the limit is hit while the line is still arriving.
    for (let i = 0; i < big.length; i += 16 * 1024) child.write(big.slice(i, i + 16 * 1024));
    const pong = await child.request('ping', undefined, 'after-big');
    expect(pong.result).to.deep.equal({});
    const errors = child.messages.slice(from).filter((m) => m.error !== undefined);
    expect(errors.map((m) => m.error?.code)).to.deep.equal([-32700]);
    expect(errors[0].id).to.equal(undefined);
  });

  it('answers a duplicate id in flight with an error for the duplicate only', async () => {
    child.send({ jsonrpc: '2.0', id: 'd', method: 'tools/call', params: { name: 'slow', arguments: {} } });
    await expectAnswer('{"jsonrpc":"2.0","id":"d","method":"ping"}\n', -32600, 'd');
    child.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'd' } });
    const pong = await child.request('ping', undefined, 'after-dup');
    expect(pong.result).to.deep.equal({});
    expect(child.messages.filter((m) => m.id === 'd')).to.have.length(1);
  });

  it('answers a circular result with -32603 instead of dropping the reply', async () => {
    const answer = await child.request('tools/call', { name: 'circular', arguments: {} }, 'circ');
    expect(answer.error?.code).to.equal(-32603);
  });

  it('finishes in-flight work after stdin EOF, then exits and disposes the session scope', async () => {
    child.send({ jsonrpc: '2.0', id: 'last', method: 'tools/call', params: { name: 'echo', arguments: { text: 'bye' } } });
    const code = await child.close();
    expect(code).to.equal(0);
    await waitUntil(() => child.messages.some((m) => m.id === 'last'), 'the last answer');
    expect(child.messages.find((m) => m.id === 'last')?.result?.content).to.deep.equal([{ type: 'text', text: 'bye' }]);
    expect(child.stderr).to.contain('scopes disposed: 1');
  });
});
