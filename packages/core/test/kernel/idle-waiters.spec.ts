import { expect } from 'chai';
import { IdleWaiters } from '../../src/kernel/idle-waiters';

describe('kernel: IdleWaiters (the one way a drain waits)', () => {
  it('resolves true at once when already idle', async () => {
    expect(await new IdleWaiters().wait(true, 0)).to.equal(true);
  });

  it('wakes every waiter with true, once, when the owner says it is idle', async () => {
    const idle = new IdleWaiters();
    const first = idle.wait(false, 60_000);
    const second = idle.wait(false, 60_000);
    idle.wake();
    expect(await Promise.all([first, second])).to.deep.equal([true, true]);
    // A later waiter is not woken by the earlier wake: it waits for the next one.
    const later = idle.wait(false, 1);
    expect(await later).to.equal(false);
  });

  it('resolves false when its timeout passes first, and a later wake changes nothing', async () => {
    const idle = new IdleWaiters();
    const waiting = idle.wait(false, 1);
    expect(await waiting).to.equal(false);
    idle.wake();
    expect(await waiting).to.equal(false);
  });
});
