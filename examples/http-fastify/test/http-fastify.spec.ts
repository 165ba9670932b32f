import { expect } from 'chai';
import { expectGreeterTools, startForEachTest } from '@armature-examples/greeter/testing';
import { startServer } from '../src/server';

describe('examples/http-fastify', () => {
  const running = startForEachTest(startServer);

  it('serves the official SDK client on /mcp: list, call, progress over SSE', () => expectGreeterTools(running.client));

  it('keeps the rest of the fastify app working', async () => {
    const res = await fetch(running.server.url.replace('/mcp', '/health'));
    expect(await res.json()).to.deep.equal({ ok: true, sessions: 1 });
  });

  it('closes with a session open: fastify.close() ends it first, and the client sees the server gone', async () => {
    await running.closeServer();
    const after = await running.client.ping().then(
      () => 'answered',
      () => 'refused',
    );
    expect(after).to.equal('refused');
  });
});
