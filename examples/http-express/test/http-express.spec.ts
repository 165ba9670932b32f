import { expect } from 'chai';
import { expectGreeterTools, startForEachTest } from '@armature-examples/greeter/testing';
import { startServer } from '../src/server';

describe('examples/http-express', () => {
  const running = startForEachTest(startServer);

  it('serves the official SDK client on /mcp: list, call, progress', () => expectGreeterTools(running.client));

  it('keeps the rest of the express app working', async () => {
    const res = await fetch(running.server.url.replace('/mcp', '/health'));
    expect(await res.json()).to.deep.equal({ ok: true, sessions: 1 });
  });
});
