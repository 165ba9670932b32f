import { expect } from 'chai';
import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';
import { DEFAULT_CLIENT_ANSWER_TIMEOUT_MS, resolveOptions } from '../src/options/resolved-options';
import { ClientAnswerTimers } from '../src/session/client-answer-timers';

const ASK: JSONRPCMessage = { jsonrpc: '2.0', id: 'i-1', method: 'elicitation/create', params: { message: 'Go on?' } };

/** Resolves after `ms`. */
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the wait for a client answer on the GET stream (clientAnswerTimeoutMs)', () => {
  it('defaults to 10 min, accepts 0 and refuses a negative or non-finite value', () => {
    expect(DEFAULT_CLIENT_ANSWER_TIMEOUT_MS).to.equal(600_000);
    expect(resolveOptions({}).clientAnswerTimeoutMs).to.equal(600_000);
    expect(resolveOptions({ clientAnswerTimeoutMs: 0 }).clientAnswerTimeoutMs).to.equal(0);
    expect(() => resolveOptions({ clientAnswerTimeoutMs: -1 })).to.throw(RangeError, /clientAnswerTimeoutMs/);
    expect(() => resolveOptions({ clientAnswerTimeoutMs: Number.POSITIVE_INFINITY })).to.throw(RangeError, /clientAnswerTimeoutMs/);
  });

  it('an unanswered request gets a -32001 error in its place and a cancellation for the client; an answered one nothing', async () => {
    const expired: [JSONRPCMessage, JSONRPCMessage][] = [];
    const timers = new ClientAnswerTimers(20, (answer, cancel) => void expired.push([answer, cancel]));
    timers.asked(ASK);
    timers.asked({ ...ASK, id: 'i-2' });
    expect(timers.size).to.equal(2);
    timers.answered('i-2');
    for (let i = 0; i < 200 && expired.length === 0; i++) await pause(5);
    expect(expired).to.deep.equal([
      [
        { jsonrpc: '2.0', id: 'i-1', error: { code: -32001, message: 'No answer from the client to elicitation/create within 20 ms' } },
        {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: 'i-1', reason: 'No answer from the client to elicitation/create within 20 ms' },
        },
      ],
    ]);
    expect(timers.size).to.equal(0);
  });

  it('0 awaits nothing; clear() (the copy closed) drops every wait', async () => {
    let expiredCount = 0;
    const none = new ClientAnswerTimers(0, () => void expiredCount++);
    none.asked(ASK);
    expect(none.size).to.equal(0);
    const cleared = new ClientAnswerTimers(10, () => void expiredCount++);
    cleared.asked(ASK);
    cleared.clear();
    await pause(40);
    expect(expiredCount).to.equal(0);
  });
});
