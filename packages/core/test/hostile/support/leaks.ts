import { expect } from 'chai';

/** What must never reach a client: absolute paths, source locations, stack frames, raw exception text. */
const LEAK =
  /\/(srv|home|etc|opt|var|usr|tmp|root)\/|[A-Za-z]:\\|\.(ts|js):\d|\bat \S+ \(|node:internal|ENOENT|ECONNREFUSED|id_rsa|shadow|is locked|exploded/;

/** Asserts that nothing in `value` (serialized) looks like a leaked internal detail. */
export function expectNoLeak(value: unknown, what = 'the response'): void {
  const text = JSON.stringify(value) ?? '';
  expect(LEAK.test(text), `${what} leaks internals: ${text.slice(0, 300)}`).to.equal(false);
}
