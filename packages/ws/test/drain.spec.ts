import './support/global-websocket';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { listenWs, type WsServerHandle } from '../src';
import { within } from '@armature/transport-fixtures';
import { refusal } from './support/raw-client';
import { sdkApp, type SdkApp } from './support/sdk-app';

describe('graceful close', () => {
  let app: SdkApp;
  let handle: WsServerHandle;
  let client: Client;
  let clientClosed: Promise<void>;

  beforeEach(async () => {
    app = sdkApp();
    handle = await listenWs(app, { port: 0 });
    client = new Client({ name: 'drain-spec', version: '1.0.0' });
    await within(client.connect(new WebSocketClientTransport(new URL(handle.url))), 'connect');
    clientClosed = new Promise((resolve) => (client.onclose = resolve));
  });

  afterEach(async () => {
    app.openGate();
    await client.close();
    await handle.close(0);
  });

  it('answers a request in flight before closing the session', async () => {
    const call = client.callTool({ name: 'gate', arguments: {} });
    await within(app.gateStarted, 'the handler to start');
    const closing = handle.close(5000);
    // While draining, new connections are refused.
    expect((await refusal(handle.url)).status).to.equal(503);
    app.openGate();
    const result = await within(call, 'the drained call');
    expect(result.content).to.deep.equal([{ type: 'text', text: 'through the gate' }]);
    await within(closing, 'close() to finish');
    await within(clientClosed, 'the client to see the close');
  });

  it('gives up waiting after drainMs, closes the session and aborts the handler', async () => {
    const call = client.callTool({ name: 'wait', arguments: {} }).then(
      () => 'answered',
      () => 'rejected',
    );
    await within(app.waitStarted, 'the handler to start');
    await within(handle.close(50), 'close() to finish');
    await within(app.waitAborted, 'the handler signal to abort');
    expect(await within(call, 'the call to settle')).to.equal('rejected');
  });

  it('does not wait for a request the client cancelled', async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal }).then(
      () => 'answered',
      () => 'cancelled',
    );
    await within(app.waitStarted, 'the handler to start');
    controller.abort('stop');
    expect(await within(call, 'the call to settle')).to.equal('cancelled');
    // Bounded by the test timeout: a cancelled request must not hold the 10 s default drain.
    await within(handle.close(), 'close() to finish', 5000);
  });
});
