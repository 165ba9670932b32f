import { expect } from 'chai';
import type { Armature } from '../../src/app/armature.app';
import { createKernelApp } from './support/kernel-app';
import { assert2026, Peer2026 } from './support/peer-2026';

describe('MCP 2026-07-28 cache hints set by the author', () => {
  let app: Armature;
  let peer: Peer2026;

  beforeEach(async () => {
    app = await createKernelApp({
      cache: {
        lists: { ttlMs: 60_000, scope: 'public' },
        resources: { ttlMs: 5_000, scope: 'private' },
        discover: { ttlMs: 300_000, scope: 'public' },
      },
    });
    app.resources.register({
      uri: 'kernel://cached',
      name: 'cached',
      mimeType: 'text/plain',
      cache: { ttlMs: 86_400_000, scope: 'public' },
      handler: () => 'stable text',
    });
    app.resources.register({
      uriTemplate: 'docs://{page}',
      name: 'doc',
      mimeType: 'text/plain',
      cache: { ttlMs: 1_000, scope: 'public' },
      handler: (vars) => `page ${String(vars.page)}`,
    });
    peer = await Peer2026.open(app);
  });

  afterEach(async () => {
    await peer.close();
    await app.close();
  });

  it('lists and discover carry the app defaults', async () => {
    const list = await peer.request('tools/list', {}, 'l');
    assert2026(list, 'tools/list');
    expect(list.result).to.include({ ttlMs: 60_000, cacheScope: 'public' });
    const discover = await peer.request('server/discover', {}, 'd');
    assert2026(discover, 'server/discover');
    expect(discover.result).to.include({ ttlMs: 300_000, cacheScope: 'public' });
  });

  it('a resource without its own hint gets cache.resources; one with a hint keeps it', async () => {
    const plain = await peer.request('resources/read', { uri: 'kernel://static' }, 'p');
    assert2026(plain, 'resources/read');
    expect(plain.result).to.include({ ttlMs: 5_000, cacheScope: 'private' });
    const cached = await peer.request('resources/read', { uri: 'kernel://cached' }, 'c');
    assert2026(cached, 'resources/read');
    expect(cached.result).to.include({ ttlMs: 86_400_000, cacheScope: 'public' });
  });

  it('a template hint applies to every URI it serves', async () => {
    const page = await peer.request('resources/read', { uri: 'docs://intro' }, 't');
    assert2026(page, 'resources/read');
    expect(page.result).to.include({ ttlMs: 1_000, cacheScope: 'public' });
  });

  it('refuses a malformed hint when the resource is registered', () => {
    expect(() =>
      app.resources.register({ uri: 'kernel://bad', name: 'bad', cache: { ttlMs: -1, scope: 'public' }, handler: () => 'x' }),
    ).to.throw(/"cache" must be/);
    expect(() =>
      app.resources.register({
        uri: 'kernel://bad2',
        name: 'bad2',
        cache: { ttlMs: 10, scope: 'everyone' as 'public' },
        handler: () => 'x',
      }),
    ).to.throw(/"cache" must be/);
  });
});
