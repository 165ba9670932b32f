import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { until } from '@armature/testing';
import type { SessionStateStore, StoredSession } from '../src';
import { createKernelApp } from './support/kernel-app';
import { INITIALIZE, post } from './support/raw-http';
import { Opened } from './support/servers';

/**
 * A shared session store that cannot take a new session: `create` rejects. With `lands`, the
 * write reaches the store before the rejection (a write that timed out yet was applied).
 */
class RefusingStore implements SessionStateStore {
  readonly shared = true;
  readonly sessions = new Map<string, StoredSession>();
  deletes = 0;
  constructor(private readonly lands: boolean) {}
  create(session: StoredSession): Promise<void> {
    if (this.lands) this.sessions.set(session.id, session);
    return Promise.reject(new Error('the session store is down'));
  }
  get(id: string): StoredSession | undefined {
    return this.sessions.get(id);
  }
  touch(id: string): boolean {
    return this.sessions.has(id);
  }
  change(): void {}
  delete(id: string): void {
    this.deletes += 1;
    this.sessions.delete(id);
  }
}

describe('a failed initialize opens nothing (Streamable HTTP, 2025-11-25)', () => {
  const opened = new Opened();
  afterEach(() => opened.closeAll());

  for (const lands of [false, true]) {
    it(`the session store refuses the new session${lands ? ' after the write landed' : ''}: no Mcp-Session-Id, no live session, nothing left stored`, async () => {
      const store = new RefusingStore(lands);
      const handle = await opened.listen(createKernelApp(), { sessionStore: store, onError: () => undefined });
      const res = await post(handle.url, INITIALIZE);
      expect(res.headers.get('mcp-session-id')).to.equal(null);
      const body = (await res.json()) as { error?: { code: number; message: string } };
      expect(body.error?.code).to.equal(-32603);
      expect(body.error?.message).to.match(/session store is unavailable right now/);
      await until(() => handle.handler.sessionCount === 0 && store.sessions.size === 0, 'nothing left of the session', 3_000);
      expect(store.deletes).to.equal(1);
    });
  }

  it('the official SDK v1 client: connect fails and its transport holds no session id', async () => {
    const handle = await opened.listen(createKernelApp(), { sessionStore: new RefusingStore(false), onError: () => undefined });
    const transport = new StreamableHTTPClientTransport(new URL(handle.url));
    const client = new Client({ name: 'refused', version: '1.0.0' });
    let failed: unknown;
    await client.connect(transport).catch((error: unknown) => (failed = error));
    expect(String(failed)).to.match(/session store is unavailable/);
    expect(transport.sessionId).to.equal(undefined);
    await client.close();
  });

  it('an initialize the server refuses (invalid params) names no session either', async () => {
    const handle = await opened.listen(createKernelApp());
    const res = await post(handle.url, { ...INITIALIZE, params: { capabilities: {} } });
    expect(res.headers.get('mcp-session-id')).to.equal(null);
    const body = (await res.json()) as { error?: { code: number } };
    expect(body.error?.code).to.equal(-32602);
    await until(() => handle.handler.sessionCount === 0, 'no live session', 3_000);
  });

  it('a successful initialize still names its session', async () => {
    const handle = await opened.listen(createKernelApp());
    const res = await post(handle.url, INITIALIZE);
    expect(res.headers.get('mcp-session-id')).to.match(/^[\x21-\x7e]{32}$/);
    await res.text();
  });
});
