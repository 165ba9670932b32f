import type { ObservedRequest, RequestObservation, RequestObserver } from './request-observer';

function both(first: RequestObservation, second: RequestObservation): RequestObservation {
  const enterFirst = first.enter?.bind(first);
  const enterSecond = second.enter?.bind(second);
  return {
    ...(enterFirst === undefined && enterSecond === undefined
      ? {}
      : {
          enter: <T>(run: () => T): T => {
            const inner = enterSecond === undefined ? run : () => enterSecond(run);
            return enterFirst === undefined ? inner() : enterFirst(inner);
          },
        }),
    answered: (response) => {
      try {
        first.answered(response);
      } finally {
        second.answered(response);
      }
    },
    aborted: (reason) => {
      try {
        first.aborted(reason);
      } finally {
        second.aborted(reason);
      }
    },
  };
}

/**
 * Two observers as one (the app's `requestObserver` and its audit stream): each may decline a
 * request; when both watch it, the first's `enter` runs outside the second's.
 */
export function observerPair(first: RequestObserver, second: RequestObserver): RequestObserver {
  return {
    start(request: ObservedRequest): RequestObservation | undefined {
      const a = first.start(request);
      let b: RequestObservation | undefined;
      try {
        b = second.start(request);
      } catch (error) {
        if (a === undefined) throw error;
        // The first watches already: the second's failure must not drop it.
        return a;
      }
      if (a === undefined) return b;
      return b === undefined ? a : both(a, b);
    },
  };
}
