import { expect } from 'chai';
import { principalKey, type AuthInfo } from '../../src';

const base: AuthInfo = { token: 't', clientId: 'app-1', scopes: [], extra: { iss: 'https://idp.example', sub: 'alice' } };

describe('principalKey', () => {
  it('is undefined without authentication and the same for the same issuer, subject and client id', () => {
    expect(principalKey(undefined)).to.equal(undefined);
    expect(principalKey(base)).to.equal(principalKey({ ...base, token: 'another token', scopes: ['x'] }));
    expect(principalKey(base)).to.match(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs when any of issuer, subject or client id differs, and cannot be spliced across them', () => {
    const keys = [
      base,
      { ...base, extra: { iss: 'https://idp.example', sub: 'eve' } },
      { ...base, extra: { iss: 'https://other.example', sub: 'alice' } },
      { ...base, clientId: 'app-2' },
      { ...base, extra: { sub: 'alice' } },
      { ...base, extra: {} },
      // The parts are encoded, not concatenated: moving text between them names someone else.
      { ...base, clientId: 'alice', extra: { iss: 'https://idp.example', sub: 'app-1' } },
      { ...base, clientId: '1', extra: { iss: 'https://idp.example', sub: 'alice\u0000app-' } },
    ].map((info) => principalKey(info as AuthInfo));
    expect(new Set(keys).size).to.equal(keys.length);
  });

  it('holds no readable identifier (a store keeping it keeps no subject)', () => {
    expect(principalKey(base)).not.to.contain('alice');
    expect(principalKey(base)).not.to.contain('app-1');
  });
});
