import { expect } from 'chai';
import { TOKEN_CLOCK_SKEW_SEC, watchToken, type TokenEnd } from '../../../src/internal';

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchToken', () => {
  it('does not end a connection whose token expires past the longest timer (30 days away)', async () => {
    const ends: TokenEnd[] = [];
    const stop = watchToken({
      authInfo: { token: 't', clientId: 'c', scopes: [], expiresAt: Date.now() / 1000 + 30 * 86_400 },
      reverify: undefined,
      reverifyEveryMs: 0,
      onEnd: (why) => void ends.push(why),
    });
    await settle(50);
    stop();
    expect(ends).to.deep.equal([]);
  });

  it('ends an already expired token through a timer, never inside the call, and once', async () => {
    const ends: TokenEnd[] = [];
    watchToken({
      authInfo: { token: 't', clientId: 'c', scopes: [], expiresAt: Date.now() / 1000 - TOKEN_CLOCK_SKEW_SEC - 1 },
      reverify: undefined,
      reverifyEveryMs: 0,
      onEnd: (why) => void ends.push(why),
    });
    expect(ends).to.deep.equal([]);
    await settle(20);
    expect(ends).to.deep.equal(['expired']);
  });

  it('re-verifies a token without expiresAt until refused; a stopped watch verifies no more', async () => {
    let checks = 0;
    const ends: TokenEnd[] = [];
    watchToken({
      authInfo: { token: 't', clientId: 'c', scopes: [] },
      reverify: () => Promise.resolve(++checks < 3),
      reverifyEveryMs: 5,
      onEnd: (why) => void ends.push(why),
    });
    for (let i = 0; i < 200 && ends.length === 0; i++) await settle(5);
    expect(ends).to.deep.equal(['rejected']);
    expect(checks).to.equal(3);
    let later = 0;
    const stop = watchToken({
      authInfo: { token: 't', clientId: 'c', scopes: [] },
      reverify: () => Promise.resolve(++later > 0),
      reverifyEveryMs: 5,
      onEnd: () => undefined,
    });
    stop();
    await settle(30);
    expect(later).to.equal(0);
  });
});
