import { expect } from 'chai';
import { SessionStore } from '../src/session/session-store';
import type { HttpSessionTransport } from '../src/session/http-session.transport';

/** A stand-in with just what the store reads. */
function fakeSession(id: string, busy: boolean, lastActivity: number): HttpSessionTransport {
  return { sessionId: id, busy, lastActivity } as unknown as HttpSessionTransport;
}

describe('SessionStore', () => {
  it('finds a session only by its exact id', () => {
    const store = new SessionStore(10, 0);
    const id = store.newId();
    const session = fakeSession(id, false, 0);
    store.add(session);
    expect(store.find(id)).to.equal(session);
    expect(store.find(`${id.slice(0, 31)}${id[31] === 'A' ? 'B' : 'A'}`)).to.equal(undefined);
    expect(store.find(id.slice(0, 10))).to.equal(undefined);
    expect(store.find('')).to.equal(undefined);
    store.remove(session);
    expect(store.find(id)).to.equal(undefined);
  });

  it('finds no session for an id that differs in any one character of its secret part', () => {
    const store = new SessionStore(10, 0);
    const id = store.newId();
    const session = fakeSession(id, false, 0);
    store.add(session);
    for (let i = 10; i < id.length; i++) {
      const other = id[i] === 'A' ? 'B' : 'A';
      expect(store.find(`${id.slice(0, i)}${other}${id.slice(i + 1)}`), `position ${i}`).to.equal(undefined);
    }
    // A character outside base64url (the comparison reads UTF-16 code units, not bytes).
    expect(store.find(`${id.slice(0, 31)}\u0141`)).to.equal(undefined);
    expect(store.find(`${id}x`)).to.equal(undefined);
    expect(store.find(id)).to.equal(session);
  });

  it('never expires a busy session, however long ago it was last touched', () => {
    const store = new SessionStore(10, 1000);
    const busy = fakeSession(store.newId(), true, 0);
    const idle = fakeSession(store.newId(), false, 0);
    const recent = fakeSession(store.newId(), false, 9_500);
    [busy, idle, recent].forEach((s) => store.add(s));
    expect(store.idle(10_000)).to.deep.equal([idle]);
    expect(busy.lastActivity).to.equal(10_000);
    store.stopSweeper();
  });

  it('reports when the cap is reached', () => {
    const store = new SessionStore(2, 0);
    store.add(fakeSession(store.newId(), false, 0));
    expect(store.full).to.equal(false);
    store.add(fakeSession(store.newId(), false, 0));
    expect(store.full).to.equal(true);
  });
});
