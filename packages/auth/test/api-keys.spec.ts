import { expect } from 'chai';
import { apiKeyVerifier, AuthError, generateApiKey, hashApiKey } from '../src';
import { REQUEST } from './support/request';

describe('apiKeyVerifier', () => {
  const ci = generateApiKey();
  const ops = generateApiKey();
  const verify = apiKeyVerifier({
    keys: [
      { sha256: ci.sha256, clientId: 'ci', scopes: ['notes:read'] },
      { sha256: ops.sha256, clientId: 'ops', scopes: ['notes:read', 'notes:admin'], extra: { team: 'ops' } },
    ],
  });

  it('the right key gives its principal', async () => {
    expect(await verify(ops.key, REQUEST)).to.deep.equal({
      token: ops.key,
      clientId: 'ops',
      scopes: ['notes:read', 'notes:admin'],
      extra: { team: 'ops' },
    });
    expect(await verify(ci.key, REQUEST)).to.deep.include({ clientId: 'ci' });
  });

  it('a wrong key (one character off, a prefix, another key, empty) gives undefined', async () => {
    const off = `${ci.key.slice(0, -1)}${ci.key.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [off, ci.key.slice(0, 10), generateApiKey().key, ''])
      expect(await verify(wrong, REQUEST), wrong).to.equal(undefined);
  });

  it('compares with crypto.timingSafeEqual, against every configured hash, whether or not one matches', async () => {
    // The module object itself (not an interop copy), which the verifier calls through.
    const crypto = require('node:crypto') as { timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => boolean };
    const original = crypto.timingSafeEqual;
    const lengths: number[] = [];
    const spy = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView): boolean => {
      lengths.push(a.byteLength, b.byteLength);
      return original(a, b);
    };
    crypto.timingSafeEqual = spy;
    try {
      await verify(ci.key, REQUEST); // matches the first entry: the second is still compared
      await verify('nope', REQUEST);
    } finally {
      crypto.timingSafeEqual = original;
    }
    expect(lengths).to.deep.equal(new Array(8).fill(32)); // 2 entries × 2 calls, 32-byte digests on both sides
  });

  it('holds hashes only, and refuses bad configuration', () => {
    expect(hashApiKey('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(() => apiKeyVerifier({ keys: [{ sha256: 'plain-key', clientId: 'x' }] })).to.throw(AuthError, /64 hex/);
    expect(() =>
      apiKeyVerifier({
        keys: [
          { sha256: ci.sha256, clientId: 'a' },
          { sha256: ci.sha256.toUpperCase(), clientId: 'b' },
        ],
      }),
    ).to.throw(AuthError, /twice/);
    expect(() => apiKeyVerifier({ keys: [] })).to.throw(AuthError, /at least one/);
  });
});
