import { expect } from 'chai';
import { bearerChallenge, scopeTokens } from '../../../src/transport/auth/bearer-challenge';

describe('bearerChallenge (RFC 6750 §3)', () => {
  it('is a bare Bearer without parameters, and orders the ones it has', () => {
    expect(bearerChallenge({})).to.equal('Bearer');
    expect(
      bearerChallenge({
        resourceMetadataUrl: 'https://m.example/prm',
        scope: 'a b',
        error: 'insufficient_scope',
        description: 'More, please.',
      }),
    ).to.equal(
      'Bearer error="insufficient_scope", scope="a b", resource_metadata="https://m.example/prm", error_description="More, please."',
    );
  });

  it('keeps only characters RFC 6750 allows in quoted values, so nothing can break the header', () => {
    const header = bearerChallenge({
      description: 'tool "x" \\ needs\r\nSet-Cookie: y; ünïcode',
      scope: 'ok "bad" b\\c fine',
      resourceMetadataUrl: 'https://m.example/"x"',
    });
    expect(header).to.equal(
      `Bearer scope="ok fine", resource_metadata="https://m.example/x", error_description="tool 'x'  needsSet-Cookie: y; ncode"`,
    );
    expect(header).to.not.match(/[\r\n\\]/);
  });

  it('splits, filters and de-duplicates scope tokens', () => {
    expect(scopeTokens('a  b a "c" d')).to.deep.equal(['a', 'b', 'd']);
  });
});
