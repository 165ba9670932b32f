import { expect } from 'chai';
import fc from 'fast-check';
import { decodeJsonRpc, type DecodeResult } from '../../src/jsonrpc/json-rpc-decoder';
import { checkJsonRpcShape } from '../../src/jsonrpc/json-rpc-shape';
import { schemaErrors } from '../support/wire-schema';
import { fuzzRuns, fuzzSeed, fuzzTimeout } from './support/fuzz-runs';

const RUNS = fuzzRuns(400);
const params = { numRuns: RUNS, ...fuzzSeed() };

/** The invariants of every outcome: a shape-checked message, or a well-formed error response (or none). */
function expectWellFormed(outcome: DecodeResult): void {
  if (outcome.ok) {
    expect(checkJsonRpcShape(outcome.message)).to.equal(undefined);
    return;
  }
  expect(outcome.reason).to.be.a('string');
  if (outcome.response === undefined) return;
  expect(schemaErrors('JSONRPCErrorResponse', outcome.response)).to.deep.equal([]);
  expect([-32700, -32600, -32602]).to.include(outcome.response.error.code);
  const id = (outcome.response as { id?: unknown }).id;
  expect(id === undefined || typeof id === 'string' || Number.isInteger(id)).to.equal(true);
}

/** Values that look like JSON-RPC messages, often almost right. */
const idLike = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(true),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);
const messageLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.constant(2), fc.string({ maxLength: 4 })),
    id: idLike,
    method: fc.oneof(fc.constantFrom('ping', 'tools/call', 'initialize', '__proto__', 'constructor'), fc.string(), fc.integer()),
    params: fc.oneof(fc.object({ maxDepth: 3 }), fc.array(fc.anything({ maxDepth: 2 })), fc.string(), fc.constant(null)),
    result: fc.oneof(fc.object({ maxDepth: 2 }), fc.string()),
    error: fc.oneof(fc.record({ code: fc.oneof(fc.integer(), fc.double()), message: fc.oneof(fc.string(), fc.integer()) }), fc.string()),
  },
  { requiredKeys: [] },
);

function nested(depth: number, leaf: string, kinds: readonly ('a' | 'o')[]): string {
  let text = leaf;
  for (let i = 0; i < depth; i++) text = kinds[i % kinds.length] === 'a' ? `[${text}]` : `{"k":${text}}`;
  return text;
}

describe('fuzz: decodeJsonRpc', function () {
  this.timeout(fuzzTimeout(RUNS, 2));

  it('never throws on arbitrary text, and every outcome is a message or a well-formed error', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => expectWellFormed(decodeJsonRpc(text))),
      params,
    );
  });

  it('never throws on arbitrary bytes (invalid UTF-8 included)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const outcome = decodeJsonRpc(bytes);
        expectWellFormed(outcome);
        if (!Buffer.from(bytes).toString('utf8').includes('\ufffd') || outcome.ok) return;
        expect(outcome.response?.error.code ?? -32700).to.be.oneOf([-32700, -32600]);
      }),
      params,
    );
  });

  it('classifies arbitrary JSON values and near-miss messages correctly', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 6 }), messageLike), (value) => {
        const text = JSON.stringify(value);
        const outcome = decodeJsonRpc(text);
        expectWellFormed(outcome);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          expect(outcome.ok).to.equal(false);
          if (!outcome.ok) expect(outcome.response?.error.code).to.equal(-32600);
        }
      }),
      params,
    );
  });

  it('never throws on near-miss JSON: valid-looking messages cut, spliced and corrupted', () => {
    const corrupted = fc
      .tuple(
        messageLike,
        fc.nat(),
        fc.nat(),
        fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', '\u0000', '\ud800', 'é', ' ', '\n'), maxLength: 6 }),
      )
      .map(([message, at, cut, insert]) => {
        const text = JSON.stringify(message);
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(Math.min(text.length, i + (cut % 4)));
      });
    fc.assert(
      fc.property(corrupted, (text) => expectWellFormed(decodeJsonRpc(text))),
      params,
    );
  });

  it('answers exactly the messages nested deeper than the limit with -32600, before parsing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 140 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.constantFrom<'a' | 'o'>('a', 'o'), { minLength: 1, maxLength: 4 }),
        (depth, maxDepth, kinds) => {
          // The envelope and params add two levels around the payload.
          const text = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"v":${nested(depth, '"\\"[{"', kinds)}}}`;
          const outcome = decodeJsonRpc(text, { maxBytes: 1 << 20, maxDepth });
          if (depth + 2 > maxDepth) {
            expect(outcome.ok).to.equal(false);
            if (!outcome.ok) {
              expect(outcome.reason).to.equal('nesting too deep');
              expect(outcome.response?.error.code).to.equal(-32600);
            }
          } else {
            expect(outcome.ok, `depth ${depth + 2} within ${maxDepth}`).to.equal(true);
          }
        },
      ),
      params,
    );
  });

  it('refuses every message over maxBytes (UTF-8 bytes, not characters) and no message within it for size', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.integer({ min: 8, max: 120 }), (payload, maxBytes) => {
        const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { p: payload } });
        const bytes = Buffer.byteLength(text, 'utf8');
        for (const input of [text, Buffer.from(text, 'utf8')]) {
          const outcome = decodeJsonRpc(input, { maxBytes, maxDepth: 64 });
          if (bytes > maxBytes) expect(!outcome.ok && outcome.reason === 'message too large').to.equal(true);
          else expect(outcome.ok || outcome.reason !== 'message too large').to.equal(true);
        }
      }),
      params,
    );
  });

  it('never changes a prototype, whatever keys arrive', () => {
    fc.assert(
      fc.property(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.jsonValue({ maxDepth: 2 }), (key, value) => {
        const text = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"${key}":{"polluted":${JSON.stringify(value)}},"x":{"${key}":{"prototype":{"polluted":1}}}}}`;
        decodeJsonRpc(text);
        expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
        expect((Object.prototype as { polluted?: unknown }).polluted).to.equal(undefined);
      }),
      params,
    );
  });
});
