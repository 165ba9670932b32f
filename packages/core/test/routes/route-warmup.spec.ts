import { expect } from 'chai';
import { type Preparable, RouteWarmup } from '../../src/routes/route-warmup';

/** Routes that count their preparations. */
function routes(n: number): { list: Preparable[]; prepared: number[] } {
  const prepared = new Array<number>(n).fill(0);
  const list = prepared.map((_, i) => ({ prepare: () => void prepared[i]!++ }));
  return { list, prepared };
}

/** Waits in 5 ms steps until `done()` (at most `max` steps: bounded). */
async function turnsUntil(done: () => boolean, max = 1000): Promise<number> {
  let turns = 0;
  while (!done() && turns < max) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    turns++;
  }
  return turns;
}

describe('RouteWarmup', () => {
  it('prepares every route once, in idle turns after the lists went quiet, not in the turn that started it', async () => {
    const { list, prepared } = routes(2000);
    const warmup = new RouteWarmup();
    warmup.start(list);
    expect(prepared.every((n) => n === 0)).to.equal(true);
    warmup.start(list); // the same list again: continues, does not start over
    await turnsUntil(() => prepared.every((n) => n > 0));
    expect(prepared.every((n) => n === 1)).to.equal(true);
    warmup.stop();
  });

  it('starts over on a new list, and stop() ends it for good', async () => {
    const first = routes(10);
    const second = routes(10);
    const warmup = new RouteWarmup();
    warmup.start(first.list);
    warmup.start(second.list);
    await turnsUntil(() => second.prepared.every((n) => n > 0));
    expect(second.prepared.every((n) => n === 1)).to.equal(true);
    const third = routes(10);
    warmup.stop();
    warmup.start(third.list);
    await turnsUntil(() => false, 20);
    expect(third.prepared.every((n) => n === 0)).to.equal(true);
  });
});
