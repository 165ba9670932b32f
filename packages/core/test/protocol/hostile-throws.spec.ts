import { expect } from 'chai';
import { McpWireError } from '../../src/errors/wire-error';
import { toErrorResponse } from '../../src/protocol/error-responses';
import type { ServerFeatures } from '../../src/protocol/server-features';
import type { ServerLogger } from '../../src/logging/server-logger';
import { RawPeer } from '../support/connect';

/** A value every inspection of which throws: `instanceof`, property reads, `util.inspect`. */
function hostile(): object {
  const trap = (): never => {
    throw new Error('trap');
  };
  return new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** An McpWireError whose message getter throws. */
class BrokenWireError extends McpWireError {
  constructor() {
    super(-32602, 'placeholder');
    Object.defineProperty(this, 'message', {
      get() {
        throw new Error('no message for you');
      },
    });
  }
}

/** Plain ServerFeatures (no application layer) whose handlers throw or return hostile values. */
const features: ServerFeatures = {
  tools: {
    list: () => [{ name: 'boom', inputSchema: { type: 'object' } }],
    call(name) {
      if (name === 'sync') throw hostile();
      if (name === 'then-getter') return hostile() as never;
      if (name === 'broken-wire') return Promise.reject(new BrokenWireError());
      return Promise.reject(hostile());
    },
  },
  resources: {
    subscribe: false,
    list: () => [],
    templates: () => [],
    read: () => Promise.resolve(revoked() as never),
  },
};

const throwingLogger: ServerLogger = {
  error: () => {
    throw new Error('logger down');
  },
  warn: () => undefined,
  debug: () => {
    throw new Error('logger down');
  },
};

describe('ServerSession with hostile thrown values (plain ServerFeatures)', () => {
  for (const logger of [undefined, throwingLogger]) {
    describe(logger === undefined ? 'with the quiet test logger' : 'with a logger that throws', () => {
      let peer: RawPeer;

      beforeEach(async () => {
        peer = await RawPeer.open(features, logger === undefined ? {} : { logger });
        await peer.initialize();
      });

      afterEach(() => peer.close());

      const cases: readonly [string, string, Record<string, unknown>][] = [
        ['a Proxy whose traps throw, rejected', 'tools/call', { name: 'async' }],
        ['a Proxy whose traps throw, thrown synchronously', 'tools/call', { name: 'sync' }],
        ['a result whose `then` getter throws', 'tools/call', { name: 'then-getter' }],
        ['an McpWireError whose message getter throws', 'tools/call', { name: 'broken-wire' }],
        ['a revoked Proxy as a result', 'resources/read', { uri: 'fixture://x' }],
      ];
      for (const [what, method, params] of cases) {
        it(`answers ${what} with -32603 and keeps serving`, async () => {
          const answer = await peer.request(method, params, what);
          expect(answer.error?.code).to.equal(-32603);
          // Generic text only: "Internal error", or its variant for a result that cannot be serialized.
          expect(answer.error?.message).to.match(/^Internal error(: the response could not be serialized)?$/);
          expect((await peer.request('ping', undefined, `${what}-ping`)).result).to.deep.equal({});
        });
      }
    });
  }

  it('toErrorResponse never throws, whatever it is given', () => {
    for (const value of [hostile(), revoked(), new BrokenWireError(), undefined, null, Symbol('s')]) {
      const response = toErrorResponse(7, 'tools/call', value, throwingLogger);
      expect(response).to.deep.equal({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } });
    }
  });
});
