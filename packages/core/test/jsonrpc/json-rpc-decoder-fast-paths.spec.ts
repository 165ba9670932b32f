import { expect } from 'chai';
import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import { decodeJsonRpc } from '../../src/jsonrpc/json-rpc-decoder';
import { exceedsNestingDepth } from '../../src/jsonrpc/nesting-depth';

/** The shortcuts the decoder takes for speed must not change a verdict on well-formed input. */
describe('decodeJsonRpc fast paths', () => {
  it('refuses bytes as invalid UTF-8 exactly when isUtf8 does', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc
        .string({ unit: 'binary', maxLength: 32 })
        .map((s) => new Uint8Array(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: s }), 'utf8'))),
    );
    fc.assert(
      fc.property(bytes, fc.nat(70), (input, cut) => {
        const view = input.subarray(0, Math.min(cut, input.length));
        const outcome = decodeJsonRpc(view);
        expect(!outcome.ok && outcome.reason === 'invalid UTF-8').to.equal(!isUtf8(view));
      }),
      { numRuns: 3000 },
    );
  });

  it('drops one leading BOM from bytes, as from text, and no more', () => {
    const message = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(decodeJsonRpc(Buffer.concat([bom, Buffer.from(message)])).ok).to.equal(true);
    expect(decodeJsonRpc(`\ufeff${message}`).ok).to.equal(true);
    const twice = decodeJsonRpc(Buffer.concat([bom, bom, Buffer.from(message)]));
    expect(twice.ok).to.equal(false);
    expect(decodeJsonRpc(`\ufeff\ufeff${message}`)).to.deep.equal(twice);
  });

  it('decodes bytes that are a view into a larger buffer', () => {
    const whole = Buffer.from('xx{"jsonrpc":"2.0","id":7,"method":"ping"}yy');
    const outcome = decodeJsonRpc(whole.subarray(2, whole.length - 2));
    expect(outcome.ok && outcome.message).to.deep.equal({ jsonrpc: '2.0', id: 7, method: 'ping' });
  });

  it('never lets valid JSON too short to be scanned nest deeper than the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), fc.integer({ min: 1, max: 10 }), (value, maxDepth) => {
        const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x', params: { v: value } });
        if (text.length < 2 * (maxDepth + 1)) expect(exceedsNestingDepth(text, maxDepth)).to.equal(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses for depth exactly when the full scan does, whatever the bracket count shortcut skips', () => {
    // Brackets inside strings inflate the shortcut's count; deep values exceed it for real.
    const noisy = fc.string({ maxLength: 8 }).map((s) => s.replace(/[^[{}\]a]/g, '['));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 14 }), noisy, fc.integer({ min: 1, max: 12 }), (value, text, maxDepth) => {
        const frame = JSON.stringify({ jsonrpc: '2.0', id: 1, method: text, params: { v: value } });
        const outcome = decodeJsonRpc(frame, { maxBytes: 1 << 20, maxDepth });
        const refusedForDepth = !outcome.ok && outcome.reason === 'nesting too deep';
        expect(refusedForDepth).to.equal(exceedsNestingDepth(frame, maxDepth));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers a short text frame (taken straight to JSON.parse) exactly as the same frame in bytes (every check)', () => {
    // Bytes always take the full path; short text without a BOM takes the short one.
    const frame = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      fc
        .record({
          jsonrpc: fc.constantFrom('2.0', '1.0'),
          id: fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(2 ** 53), fc.constant(null), fc.double()),
          method: fc.option(fc.constantFrom('ping', 'tools/call', 3), { nil: undefined }),
          params: fc.option(fc.oneof(fc.object({ maxDepth: 1 }), fc.array(fc.nat())), { nil: undefined }),
        })
        .map((m) => JSON.stringify(m)),
      fc.string({ maxLength: 40 }),
    );
    const limits = fc.record({
      maxBytes: fc.integer({ min: 1, max: 400 }),
      maxDepth: fc.integer({ min: 1, max: 80 }),
      maxIdLength: fc.integer({ min: 1, max: 8 }),
    });
    fc.assert(
      fc.property(frame, limits, (text, limit) => {
        expect(decodeJsonRpc(text, limit)).to.deep.equal(decodeJsonRpc(Buffer.from(text, 'utf8'), limit));
      }),
      { numRuns: 3000 },
    );
  });

  it('still refuses a short, malformed and deep frame (as invalid JSON)', () => {
    const outcome = decodeJsonRpc('['.repeat(65));
    expect(outcome.ok).to.equal(false);
    if (!outcome.ok) expect(outcome.response?.error.code).to.equal(-32700);
  });
});
