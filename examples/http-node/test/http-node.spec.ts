import { expect } from 'chai';
import { expectGreeterTools, startForEachTest } from '@armature-examples/greeter/testing';
import { startServer } from '../src/server';

describe('examples/http-node', () => {
  const running = startForEachTest(startServer);

  it('serves the official SDK client on /mcp: list, call, progress', () => expectGreeterTools(running.client));

  it('answers other paths with 404', async () => {
    const res = await fetch(running.server.url.replace('/mcp', '/'));
    expect(res.status).to.equal(404);
    await res.text();
  });
});
