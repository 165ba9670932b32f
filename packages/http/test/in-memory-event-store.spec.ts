import { expect } from 'chai';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { InMemoryEventStore } from '../src';

const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n } });

function replay(store: InMemoryEventStore, after: string): unknown[] {
  const seen: unknown[] = [];
  store.replayAfter(after, (_id, message) => seen.push((message as unknown as { params: { data: unknown } }).params.data));
  return seen;
}

describe('InMemoryEventStore', () => {
  it('replays, in order, only the events of the stream an id belongs to', () => {
    const store = new InMemoryEventStore();
    const start = store.position('a');
    const a1 = store.append('a', note(1));
    store.append('b', note(100));
    store.append('a', note(2));
    store.append('a', note(3));
    expect(store.streamOf(a1)).to.equal('a');
    expect(replay(store, start)).to.deep.equal([1, 2, 3]);
    expect(replay(store, a1)).to.deep.equal([2, 3]);
  });

  it('keeps a bounded number of events per stream and forgets ids it can no longer honour', () => {
    const store = new InMemoryEventStore({ maxEventsPerStream: 2 });
    const first = store.append('s', note(1));
    const second = store.append('s', note(2));
    store.append('s', note(3));
    store.append('s', note(4));
    expect(store.streamOf(first)).to.equal(undefined);
    expect(store.streamOf(second)).to.equal('s');
    expect(replay(store, second)).to.deep.equal([3, 4]);
  });

  it('keeps a bounded number of streams, dropping the least recently written', () => {
    const store = new InMemoryEventStore({ maxStreams: 2 });
    const old = store.append('x', note(1));
    store.append('y', note(1));
    store.append('z', note(1));
    expect(store.size).to.equal(2);
    expect(store.streamOf(old)).to.equal(undefined);
  });

  it('drops ended streams after their time to live', async () => {
    const store = new InMemoryEventStore({ endedStreamTtlMs: 1 });
    const id = store.append('done', note(1));
    store.endStream('done');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.streamOf(id)).to.equal(undefined);
  });

  it('rejects malformed and future ids', () => {
    const store = new InMemoryEventStore();
    store.append('s', note(1));
    for (const id of ['', 'nounderscore', 's_', 's_x', 's_-1', 's_99', 'other_1']) expect(store.streamOf(id), id).to.equal(undefined);
    expect(replay(store, 's_99x')).to.deep.equal([]);
  });

  it('appendOnce keeps one event per key and stream, remembering at most onceKeysPerStream keys', () => {
    const store = new InMemoryEventStore({ onceKeysPerStream: 2 });
    const start = store.position('a');
    expect(store.appendOnce('a', 'k1', note(1))).to.be.a('string');
    expect(store.appendOnce('a', 'k1', note(1))).to.equal(undefined);
    expect(store.appendOnce('b', 'k1', note(100))).to.be.a('string');
    store.appendOnce('a', 'k2', note(2));
    store.appendOnce('a', 'k3', note(3));
    // k1 is the oldest of three keys: forgotten, so it appends again.
    expect(store.appendOnce('a', 'k1', note(4))).to.be.a('string');
    expect(store.appendOnce('a', 'k3', note(5))).to.equal(undefined);
    expect(replay(store, start)).to.deep.equal([1, 2, 3, 4]);
  });
});
