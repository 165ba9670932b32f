import { expect } from 'chai';
import { with2026 } from '../../kernel/support/peer-2026';
import { StdioProcess } from '../../support/stdio-child';

export type { ChildMessage } from '../../support/stdio-child';

/** An Armature app fixture run as a real stdio child process (see `StdioProcess`). */
export class AppChild extends StdioProcess {
  /** Starts `fixture` (a compiled .js file) with extra environment variables. */
  static spawn(fixture: string, env: Record<string, string> = {}): AppChild {
    return new AppChild(fixture, env);
  }
}

/**
 * One child for the enclosing suite: spawned before its tests, stopped after them; an exit
 * code other than 0 or a message the schemas reject fails the suite. Returns the child.
 */
export function suiteAppChild(fixture: string, env: Record<string, string> = {}): () => AppChild {
  let child: AppChild | undefined;
  before(() => {
    child = AppChild.spawn(fixture, env);
  });
  after(async () => {
    const stopped = child!;
    expect((await stopped.stop()).code).to.equal(0);
    expect(stopped.violations).to.deep.equal([]);
  });
  return () => child!;
}

/** The two ways a stdio connection serves a request: 2026 envelope requests before initialize, then a 2025 session. */
export type Era = '2026 envelope request' | '2025 session request';

/**
 * Describes `body` once per era on the same child: first 2026 envelope requests (the
 * connection not initialized), then 2025 requests after `initialize`. `params` adds the 2026
 * envelope where the era needs it.
 */
export function forEachEra(
  child: () => AppChild,
  body: (era: Era, params: (p?: Record<string, unknown>) => Record<string, unknown>) => void,
): void {
  for (const era of ['2026 envelope request', '2025 session request'] as const) {
    describe(era, () => {
      if (era === '2025 session request') {
        before(async () => {
          await child().initialize();
        });
      }
      body(era, (p = {}) => (era === '2026 envelope request' ? with2026(p) : p));
    });
  }
}
