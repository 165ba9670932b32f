import { expect } from 'chai';
import { appendsSettled, collectingAppends, noteAppend } from '../src/events/answer-appends';
import { DEFAULT_APPEND_WAIT_MS, resolveOptions } from '../src/options/resolved-options';

/** A promise and its resolver. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('an answer waits for the event-store appends its handler started', () => {
  it('collects the appends a handler starts, before and after its awaits, and none started outside it', async () => {
    const appends = new Set<Promise<unknown>>();
    const outside = deferred();
    noteAppend(outside.promise);
    const first = deferred();
    const second = deferred();
    const handled = collectingAppends(appends, async () => {
      noteAppend(first.promise);
      await new Promise((resolve) => setImmediate(resolve));
      noteAppend(second.promise);
    });
    await handled;
    expect([...appends]).to.deep.equal([first.promise, second.promise]);
    let settled = false;
    const waiting = appendsSettled(appends, 60_000).then(() => (settled = true));
    first.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled, 'one append is still under way').to.equal(false);
    second.resolve();
    await waiting;
    expect(appends.size).to.equal(0);
    outside.resolve();
  });

  it('waits for an append started by another one (a fan-out), and a failed append does not fail the answer', async () => {
    const appends = new Set<Promise<unknown>>();
    const late = deferred();
    let lateSettled = false;
    collectingAppends(appends, () => {
      noteAppend(
        Promise.reject(new Error('the store failed')).catch(() => {
          noteAppend(late.promise.then(() => void (lateSettled = true)));
        }),
      );
      noteAppend(Promise.reject(new Error('reported where it failed'))).catch(() => undefined);
    });
    const waiting = appendsSettled(appends, 60_000);
    setImmediate(() => late.resolve());
    await waiting;
    expect(lateSettled).to.equal(true);
  });

  it('gives up after waitMs: a stalled store delays an answer by no more than the bound', async () => {
    const appends = new Set<Promise<unknown>>();
    const never = new Promise<void>(() => undefined);
    collectingAppends(appends, () => noteAppend(never));
    await appendsSettled(appends, 20);
    // Still under way, not forgotten: a graceful stop waits for it elsewhere.
    expect(appends.size).to.equal(1);
    // 0: no wait at all.
    await appendsSettled(appends, 0);
  });

  it('appendWaitMs defaults to 5 s, accepts 0 and refuses a negative or non-finite value', () => {
    expect(DEFAULT_APPEND_WAIT_MS).to.equal(5_000);
    expect(resolveOptions({}).appendWaitMs).to.equal(5_000);
    expect(resolveOptions({ appendWaitMs: 0 }).appendWaitMs).to.equal(0);
    expect(() => resolveOptions({ appendWaitMs: -1 })).to.throw(RangeError, /appendWaitMs/);
    expect(() => resolveOptions({ appendWaitMs: Number.NaN })).to.throw(RangeError, /appendWaitMs/);
  });
});
