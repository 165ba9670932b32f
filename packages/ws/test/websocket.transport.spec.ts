import './support/global-websocket';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { listenWs, type WsServerHandle } from '../src';
import { within } from '@armature/transport-fixtures';
import { closed, inbox, initializeRequest, openRaw } from './support/raw-client';
import { sdkApp, type SdkApp } from './support/sdk-app';

describe('WebSocketServerTransport', () => {
  let app: SdkApp;
  let handle: WsServerHandle;

  beforeEach(async () => {
    app = sdkApp();
    handle = await listenWs(app, { port: 0, maxPayload: 1024 });
  });

  afterEach(async () => {
    await handle.close();
  });

  /** Sends `initialize` and expects it answered, proving the connection still serves. */
  async function expectServing(send: (text: string) => void, next: () => Promise<Record<string, unknown>>, id: number): Promise<void> {
    send(JSON.stringify({ ...initializeRequest, id }));
    const reply = await next();
    expect(reply).to.include({ jsonrpc: '2.0', id });
    expect(reply).to.have.property('result').that.has.property('serverInfo');
  }

  it('answers invalid JSON with -32700 (no id), then serves a fresh request', async () => {
    const socket = await openRaw(handle.url);
    const next = inbox(socket);
    socket.send('{"jsonrpc": "2.0", "id": 1, "method": ');
    const reply = await next();
    expect(reply).to.deep.equal({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: invalid JSON' } });
    await expectServing((text) => socket.send(text), next, 2);
    socket.close();
  });

  it('closes with 1007 and a reason on a text frame that is not UTF-8 (RFC 6455 §8.1)', async () => {
    const socket = await openRaw(handle.url);
    const next = inbox(socket);
    // A valid request first, so the session is live when the bad frame arrives.
    await expectServing((text) => socket.send(text), next, 3);
    const seen = closed(socket);
    socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await seen).to.deep.equal({ code: 1007, reason: 'Invalid UTF-8 in a text frame' });
    await within(app.firstSessionEnded, 'the session to end');
  });

  it('answers a batch array with -32600, then serves', async () => {
    const socket = await openRaw(handle.url);
    const next = inbox(socket);
    socket.send(JSON.stringify([initializeRequest]));
    expect(await next()).to.have.nested.property('error.code', -32600);
    await expectServing((text) => socket.send(text), next, 4);
    socket.close();
  });

  // Each class of bad input gets its spec-shaped answer on WebSocket too,
  // and the connection then serves a fresh request.
  const badInputs: { what: string; frame: string; code: number; id?: string | number }[] = [
    { what: 'a non-object message', frame: '42', code: -32600 },
    { what: 'a wrong "jsonrpc" version', frame: '{"jsonrpc":"1.0","id":7,"method":"ping"}', code: -32600, id: 7 },
    { what: 'a null id', frame: '{"jsonrpc":"2.0","id":null,"method":"ping"}', code: -32600 },
    { what: 'a fractional id', frame: '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', code: -32600 },
    { what: 'an object id', frame: '{"jsonrpc":"2.0","id":{},"method":"ping"}', code: -32600 },
    { what: 'params that are not an object', frame: '{"jsonrpc":"2.0","id":"p","method":"ping","params":[1]}', code: -32602, id: 'p' },
    {
      what: 'nesting deeper than 64',
      frame: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${'['.repeat(70)}${']'.repeat(70)}}}`,
      code: -32600,
      id: 1,
    },
  ];
  for (const { what, frame, code, id } of badInputs) {
    it(`answers ${what} with ${code}, then serves`, async () => {
      const socket = await openRaw(handle.url);
      const next = inbox(socket);
      socket.send(frame);
      const reply = await next();
      expect(reply).to.have.nested.property('error.code', code);
      if (id === undefined) expect(reply).not.to.have.property('id');
      else expect(reply).to.have.property('id', id);
      await expectServing((text) => socket.send(text), next, 9);
      socket.close();
    });
  }

  it('closes the connection with 1003 and a reason on a binary frame', async () => {
    const socket = await openRaw(handle.url);
    const seen = closed(socket);
    socket.send(Buffer.from(JSON.stringify(initializeRequest)), { binary: true });
    const { code, reason } = await seen;
    expect(code).to.equal(1003);
    expect(reason).to.contain('Binary frames are not supported');
  });

  it('closes the connection with 1009 and a reason on a frame over maxPayload', async () => {
    const socket = await openRaw(handle.url);
    const seen = closed(socket);
    socket.send('x'.repeat(1025));
    expect(await seen).to.deep.equal({ code: 1009, reason: 'Message too big: the limit is 1024 bytes' });
  });

  it('accepts a message of exactly maxPayload bytes', async () => {
    const socket = await openRaw(handle.url);
    const next = inbox(socket);
    const padded = JSON.stringify({ ...initializeRequest, id: 5, params: { ...initializeRequest.params, pad: '' } });
    const message = padded.replace('"pad":""', `"pad":"${'p'.repeat(1024 - padded.length)}"`);
    expect(Buffer.byteLength(message)).to.equal(1024);
    socket.send(message);
    expect(await next()).to.include({ id: 5 });
    socket.close();
  });

  it('ends the session and aborts the in-flight handler when the socket closes', async () => {
    const client = new Client({ name: 'abort-spec', version: '1.0.0' });
    await within(client.connect(new WebSocketClientTransport(new URL(handle.url))), 'connect');
    const call = client.callTool({ name: 'wait', arguments: {} }).then(
      () => 'answered',
      () => 'rejected',
    );
    await within(app.waitStarted, 'the handler to start');
    await client.close();
    await within(app.waitAborted, 'the handler signal to abort');
    expect(await within(call, 'the call to settle')).to.equal('rejected');
  });
});

describe('WebSocket default limits', () => {
  it('closes with 1009 on a message one byte over 4 MiB', async () => {
    const handle = await listenWs(sdkApp(), { port: 0 });
    try {
      const socket = await openRaw(handle.url);
      const seen = closed(socket);
      socket.send('x'.repeat(4 * 1024 * 1024 + 1));
      expect((await seen).code).to.equal(1009);
    } finally {
      await handle.close();
    }
  });
});
