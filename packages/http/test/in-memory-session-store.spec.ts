import { expect } from 'chai';
import { InMemorySessionStore } from '../src/session-state/in-memory-session-store';
import type { StoredSession } from '../src/session-state/session-state-store';

const session: StoredSession = {
  id: 's1',
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  subscriptions: [],
  streamPrefix: 'abc',
  createdAt: 1,
  lastSeenAt: 1,
};

describe('InMemorySessionStore (the default SessionStateStore)', () => {
  it('keeps a session, applies changes, forgets it on delete, and is not shared', () => {
    const store = new InMemorySessionStore();
    expect(store.shared).to.equal(false);
    store.create(session, 60_000);
    store.change('s1', { logLevel: 'debug' }, 60_000);
    store.change('s1', { subscribe: 'a://1' }, 60_000);
    store.change('s1', { subscribe: 'a://1' }, 60_000);
    store.change('s1', { subscribe: 'a://2' }, 60_000);
    store.change('s1', { unsubscribe: 'a://1' }, 60_000);
    const changed = store.get('s1')!;
    expect({ ...changed, lastSeenAt: 1 }).to.deep.equal({ ...session, logLevel: 'debug', subscriptions: ['a://2'] });
    expect(changed.lastSeenAt).to.be.greaterThan(1);
    expect(store.touch('s1', 60_000)).to.equal(true);
    store.delete('s1');
    expect(store.get('s1')).to.equal(undefined);
    expect(store.touch('s1', 60_000)).to.equal(false);
    store.change('s1', { subscribe: 'a://3' }, 60_000);
    expect(store.size).to.equal(0);
  });

  it('treats a session past its TTL as gone; 0 means no expiry', async () => {
    const store = new InMemorySessionStore();
    store.create(session, 1);
    store.create({ ...session, id: 's2' }, 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.get('s1')).to.equal(undefined);
    expect(store.get('s2')?.id).to.equal('s2');
  });

  it('names the subscribers of a URI (its subscription index), expired ones left out, at most maxFanOut', async () => {
    const store = new InMemorySessionStore({ maxFanOut: 2 });
    store.create({ ...session, key: 'k1', subscriptions: ['a://1'] }, 60_000);
    store.create({ ...session, id: 's2', streamPrefix: 'def', subscriptions: ['a://1'] }, 60_000);
    store.create({ ...session, id: 's3', streamPrefix: 'ghi', subscriptions: ['a://1'] }, 1);
    store.create({ ...session, id: 's4', streamPrefix: 'jkl', subscriptions: ['a://2'] }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.subscribersOf('a://1')).to.deep.equal([
      { key: 'k1', streamPrefix: 'abc' },
      { key: '', streamPrefix: 'def' },
    ]);
    store.change('s2', { unsubscribe: 'a://1' }, 60_000);
    store.change('s4', { subscribe: 'a://1' }, 60_000);
    expect(store.subscribersOf('a://1').map((s) => s.streamPrefix)).to.deep.equal(['abc', 'jkl']);
    store.delete('s1');
    expect(store.subscribersOf('a://1').map((s) => s.streamPrefix)).to.deep.equal(['jkl']);
    expect(new InMemorySessionStore({ maxFanOut: 0 }).subscribersOf('a://1')).to.deep.equal([]);
  });

  it('names every stored session told a list’s changes (the index of all sessions), expired and deleted ones left out, at most maxFanOut', async () => {
    const store = new InMemorySessionStore({ maxFanOut: 2 });
    store.create({ ...session, key: 'k1', lists: ['tools', 'resources'] }, 60_000);
    store.create({ ...session, id: 's2', streamPrefix: 'def', lists: ['tools'] }, 60_000);
    store.create({ ...session, id: 's3', streamPrefix: 'ghi', lists: ['tools'] }, 1);
    store.create({ ...session, id: 's4', streamPrefix: 'jkl' }, 60_000);
    store.create({ ...session, id: 's5', streamPrefix: 'mno', lists: ['tools', 'prompts'] }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.sessionsServed('tools')).to.deep.equal([
      { key: 'k1', streamPrefix: 'abc' },
      { key: '', streamPrefix: 'def' },
    ]);
    expect(store.sessionsServed('resources')).to.deep.equal([{ key: 'k1', streamPrefix: 'abc' }]);
    expect(store.sessionsServed('prompts').map((s) => s.streamPrefix)).to.deep.equal(['mno']);
    store.delete('s1');
    expect(store.sessionsServed('tools').map((s) => s.streamPrefix)).to.deep.equal(['def', 'mno']);
    expect(store.sessionsServed('resources')).to.deep.equal([]);
    expect(new InMemorySessionStore({ maxFanOut: 0 }).sessionsServed('tools')).to.deep.equal([]);
  });

  it('gives a session stored without lists (an older version) its lists once, which joins it to the index; never overwrites', () => {
    const store = new InMemorySessionStore();
    store.create({ ...session }, 60_000);
    store.create({ ...session, id: 's2', streamPrefix: 'def', lists: ['prompts'] }, 60_000);
    expect(store.sessionsServed('tools')).to.deep.equal([]);
    store.indexLists('s1', ['tools', 'resources'], 60_000);
    store.indexLists('s1', ['prompts'], 60_000);
    store.indexLists('s2', ['tools'], 60_000);
    store.indexLists('gone', ['tools'], 60_000);
    expect(store.get('s1')?.lists).to.deep.equal(['tools', 'resources']);
    expect(store.sessionsServed('tools')).to.deep.equal([{ key: '', streamPrefix: 'abc' }]);
    expect(store.sessionsServed('prompts')).to.deep.equal([{ key: '', streamPrefix: 'def' }]);
    expect(store.size).to.equal(2);
  });
});
