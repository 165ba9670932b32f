import { expect } from 'chai';
import { observerPair } from '../../src/kernel/observer-pair';
import type { ObservedRequest, RequestObservation, RequestObserver } from '../../src/kernel/request-observer';

const REQUEST: ObservedRequest = {
  id: 1,
  method: 'tools/call',
  params: {},
  protocolVersion: undefined,
  sessionId: undefined,
  authInfo: undefined,
  header: () => undefined,
};

function watching(name: string, log: string[], withEnter: boolean): RequestObserver {
  const observation: RequestObservation = {
    answered: () => void log.push(`${name} answered`),
    aborted: () => void log.push(`${name} aborted`),
  };
  if (withEnter)
    observation.enter = <T>(run: () => T): T => {
      log.push(`${name} enter`);
      return run();
    };
  return { start: () => observation };
}

describe('observerPair', () => {
  it('runs the first enter outside the second, and tells both how the request ended', () => {
    const log: string[] = [];
    const observation = observerPair(watching('a', log, true), watching('b', log, true)).start(REQUEST) as RequestObservation;
    expect(observation.enter?.(() => 'ran')).to.equal('ran');
    observation.answered({ jsonrpc: '2.0', id: 1, result: {} });
    observation.aborted(undefined);
    expect(log).to.deep.equal(['a enter', 'b enter', 'a answered', 'b answered', 'a aborted', 'b aborted']);
  });

  it('is either observer alone when the other declines, and has no enter when neither does', () => {
    const log: string[] = [];
    const declining: RequestObserver = { start: () => undefined };
    expect(observerPair(declining, declining).start(REQUEST)).to.equal(undefined);
    const alone = observerPair(declining, watching('b', log, false)).start(REQUEST) as RequestObservation;
    expect(alone.enter).to.equal(undefined);
    alone.answered({ jsonrpc: '2.0', id: 1, result: {} });
    expect(log).to.deep.equal(['b answered']);
  });

  it('keeps the first watching when the second fails to start', () => {
    const log: string[] = [];
    const failing: RequestObserver = {
      start: () => {
        throw new Error('down');
      },
    };
    const observation = observerPair(watching('a', log, false), failing).start(REQUEST) as RequestObservation;
    observation.answered({ jsonrpc: '2.0', id: 1, result: {} });
    expect(log).to.deep.equal(['a answered']);
  });
});
