import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { McpWireError } from '../../src/errors/wire-error';
import { digest, MAX_REQUEST_STATE_CHARS, RequestStateSealer, type RequestStatePayload } from '../../src/kernel/request-state';
import { InMemoryRequestStateNonces } from '../../src/kernel/request-state-nonces';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);

function payload(overrides: Partial<RequestStatePayload> = {}): RequestStatePayload {
  return {
    v: 1,
    m: 'tools/call',
    t: 'ask',
    h: digest({ a: 1 }),
    s: '',
    e: Date.now() + 60_000,
    a: { 'elicit-1': { action: 'accept', content: { name: 'Ada' } } },
    p: ['elicit-2'],
    ...overrides,
  };
}

/** The -32602 that `open` throws (fails when it opens). */
function refusal(sealer: RequestStateSealer, state: unknown, now?: number): McpWireError {
  try {
    sealer.open(state, now);
  } catch (error) {
    expect(error).to.be.instanceOf(McpWireError);
    expect((error as McpWireError).code).to.equal(-32602);
    return error as McpWireError;
  }
  throw new Error(`open accepted ${String(state).slice(0, 120)}`);
}

function b64(text: string): string {
  return Buffer.from(text).toString('base64url');
}

describe('kernel: RequestStateSealer', () => {
  const sealer = new RequestStateSealer(KEY);

  it('round-trips a payload: v1.<body>.<mac>, opaque to the client', () => {
    const original = payload();
    const state = sealer.seal(original);
    expect(state).to.match(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealer.open(state)).to.deep.equal(original);
  });

  it('opens with another sealer holding the same key (a fleet shares the key)', () => {
    const original = payload();
    const state = sealer.seal(original);
    expect(new RequestStateSealer(Buffer.from(KEY)).open(state)).to.deep.equal(original);
  });

  it('refuses a state sealed with another key', () => {
    const foreign = new RequestStateSealer(OTHER_KEY).seal(payload());
    expect(refusal(sealer, foreign).message).to.match(/integrity check/);
  });

  it('a random sealer refuses states of another random sealer (per-process keys)', () => {
    const a = RequestStateSealer.random();
    const b = RequestStateSealer.random();
    const state = a.seal(payload());
    expect(a.open(state).t).to.equal('ask');
    refusal(b, state);
  });

  it('refuses a tampered body: answers rewritten, the mac kept', () => {
    const state = sealer.seal(payload());
    const [version, , mac] = state.split('.');
    const forged = payload({ a: { 'elicit-1': { action: 'accept', content: { name: 'Mallory' } } } });
    expect(refusal(sealer, `${version}.${b64(JSON.stringify(forged))}.${mac}`).message).to.match(/integrity check/);
  });

  it('refuses a body with one character changed', () => {
    const state = sealer.seal(payload());
    const [version, body, mac] = state.split('.') as [string, string, string];
    const flipped = body.slice(0, 10) + (body[10] === 'A' ? 'B' : 'A') + body.slice(11);
    refusal(sealer, `${version}.${flipped}.${mac}`);
  });

  it('refuses a tampered mac, a truncated mac and a missing mac', () => {
    const state = sealer.seal(payload());
    const [version, body, mac] = state.split('.') as [string, string, string];
    const flipped = (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1);
    refusal(sealer, `${version}.${body}.${flipped}`);
    refusal(sealer, `${version}.${body}.${mac.slice(0, -2)}`);
    refusal(sealer, `${version}.${body}.`);
    refusal(sealer, `${version}.${body}`);
  });

  it('refuses an expired state, even one correctly sealed', () => {
    const state = sealer.seal(payload({ e: 1_000 }));
    expect(refusal(sealer, state).message).to.match(/expired/);
    // `now` is the clock: the same state opens before its expiry.
    expect(sealer.open(sealer.seal(payload({ e: 5_000 })), 4_999).e).to.equal(5_000);
    expect(refusal(sealer, sealer.seal(payload({ e: 5_000 })), 5_001).message).to.match(/expired/);
  });

  for (const [what, state] of [
    ['a number', 42],
    ['null', null],
    ['an object', { state: 'v1.a.b' }],
    ['an empty string', ''],
    ['a string without dots', 'garbage'],
    ['four parts', 'v1.a.b.c'],
    ['another format version', 'v2.a.b'],
  ] as [string, unknown][]) {
    it(`refuses ${what} as not issued by this server`, () => {
      expect(refusal(sealer, state).message).to.match(/not a state this server issued/);
    });
  }

  it('refuses a correctly signed body that is not a payload (not JSON, wrong version, no expiry)', () => {
    // A body MACed with the real key (HMAC-SHA256 of the base64url text), as only the server could produce.
    const signed = (body: string): string => `v1.${body}.${createHmac('sha256', KEY).update(body).digest('base64url')}`;
    expect(sealer.open(signed(b64(JSON.stringify(payload())))).t).to.equal('ask');
    expect(refusal(sealer, signed(b64('not json'))).message).to.match(/malformed/);
    expect(refusal(sealer, signed(b64('null'))).message).to.match(/malformed/);
    expect(refusal(sealer, signed(b64('"a string"'))).message).to.match(/malformed/);
    expect(refusal(sealer, signed(b64(JSON.stringify({ ...payload(), v: 2 })))).message).to.match(/malformed/);
    expect(refusal(sealer, signed(b64(JSON.stringify({ ...payload(), e: 'later' })))).message).to.match(/malformed/);
  });

  it('refuses an oversize state before computing any MAC', () => {
    const big = `v1.${'A'.repeat(MAX_REQUEST_STATE_CHARS)}.x`;
    expect(big.length).to.be.above(MAX_REQUEST_STATE_CHARS);
    expect(refusal(sealer, big).message).to.match(/not a state this server issued/);
  });

  it('tells the client to start over in every refusal', () => {
    expect(refusal(sealer, 'garbage').message).to.match(/start over/);
  });

  it('never issues a state it would refuse back: over MAX_REQUEST_STATE_CHARS, seal() throws -32602 naming the limit, echoing nothing', () => {
    const sealer = new RequestStateSealer(KEY);
    const big = payload({ a: { 'elicit-1': { action: 'accept', content: { note: 'q'.repeat(MAX_REQUEST_STATE_CHARS) } } } });
    let error: unknown;
    try {
      sealer.seal(big);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).to.be.instanceOf(McpWireError);
    expect((error as McpWireError).code).to.equal(-32602);
    expect((error as McpWireError).message)
      .to.contain(`${MAX_REQUEST_STATE_CHARS} characters`)
      .and.not.contain('qqqq');
    const fits = sealer.seal(payload({ a: { 'elicit-1': { action: 'accept', content: { note: 'q'.repeat(1000) } } } }));
    expect(sealer.open(fits).a).to.have.key('elicit-1');
  });

  it('consume(): a state without a nonce any number of times; a nonce once, then -32602 "already used"', async () => {
    const sealer = new RequestStateSealer(KEY);
    await sealer.consume(payload());
    await sealer.consume(payload());
    const once = payload({ n: RequestStateSealer.nonce() });
    await sealer.consume(once);
    const error = await sealer.consume(once).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect((error as McpWireError).code).to.equal(-32602);
    expect((error as McpWireError).message).to.contain('already used');
  });

  it('InMemoryRequestStateNonces: forgets a nonce once its state expired, and refuses (-32004) rather than forget one early when full', async () => {
    const nonces = new InMemoryRequestStateNonces(2);
    const now = Date.now();
    expect(nonces.consume('a', now + 1000, now)).to.equal(true);
    expect(nonces.consume('a', now + 1000, now)).to.equal(false);
    expect(nonces.consume('b', now + 5000, now)).to.equal(true);
    expect(() => nonces.consume('c', now + 5000, now)).to.throw(RangeError);
    // Once "a" expired it is pruned, and there is room again.
    expect(nonces.consume('c', now + 5000, now + 2000)).to.equal(true);
    expect(nonces.size).to.equal(2);
    const sealer = new RequestStateSealer(KEY, undefined, new InMemoryRequestStateNonces(1));
    await sealer.consume(payload({ n: 'first' }));
    const full = await sealer.consume(payload({ n: 'second' })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect((full as McpWireError).code).to.equal(-32004);
  });

  it('calls onFirstSeal once, on the first seal only', () => {
    let calls = 0;
    const warned = RequestStateSealer.random(() => calls++);
    expect(calls).to.equal(0);
    warned.seal(payload());
    warned.seal(payload());
    expect(calls).to.equal(1);
  });

  it('digest: equal for equal values whatever the key order, different otherwise, 22 url-safe characters', () => {
    expect(digest({ a: 1, b: [1, { c: 2, d: 3 }] })).to.equal(digest({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(digest({ a: 1 })).to.not.equal(digest({ a: 2 }));
    expect(digest({ a: 1 })).to.not.equal(digest({ a: '1' }));
    expect(digest([1, 2])).to.not.equal(digest([2, 1]));
    expect(digest({ a: 1, b: undefined })).to.equal(digest({ a: 1 }));
    expect(digest(null)).to.match(/^[A-Za-z0-9_-]{22}$/);
  });
});
