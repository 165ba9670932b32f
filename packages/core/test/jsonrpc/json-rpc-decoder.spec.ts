import { expect } from 'chai';
import fc from 'fast-check';
import { resolveDecodeLimits } from '../../src/jsonrpc/decode-limits';
import { decodeJsonRpc, type DecodeResult } from '../../src/jsonrpc/json-rpc-decoder';
import { exceedsNestingDepth } from '../../src/jsonrpc/nesting-depth';
import { assertSchema } from '../support/wire-schema';

function refused(result: DecodeResult): { code: number | undefined; id: unknown; answered: boolean } {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.message)}`);
  if (result.response !== undefined) assertSchema('JSONRPCErrorResponse', result.response);
  return { code: result.response?.error.code, id: result.response?.id, answered: result.response !== undefined };
}

describe('decodeJsonRpc', () => {
  it('decodes requests, notifications and responses from text and bytes', () => {
    for (const text of [
      '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","id":"a","result":{}}',
      '{"jsonrpc":"2.0","id":2,"error":{"code":-1,"message":"x"}}',
      '{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"}}',
    ]) {
      for (const input of [text, Buffer.from(text)]) {
        const result = decodeJsonRpc(input);
        expect(result.ok, text).to.equal(true);
        if (result.ok) assertSchema('JSONRPCMessage', result.message);
      }
    }
  });

  it('strips a leading byte-order mark', () => {
    expect(decodeJsonRpc('\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}').ok).to.equal(true);
    expect(decodeJsonRpc(Buffer.from('\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}')).ok).to.equal(true);
  });

  it('answers invalid JSON and invalid UTF-8 with -32700 and no id', () => {
    for (const input of [
      '',
      '{',
      '{"jsonrpc":"2.0","id":1,"method":"ping"',
      'nul',
      '{"a":1}x',
      Buffer.from([0x7b, 0xc3, 0x28, 0x7d]),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from([0xc0, 0xaf]),
    ]) {
      expect(refused(decodeJsonRpc(input))).to.deep.equal({ code: -32700, id: undefined, answered: true });
    }
  });

  it('answers arrays and non-objects with -32600 and no id', () => {
    for (const input of ['[]', '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', '1', '"x"', 'true', 'null']) {
      expect(refused(decodeJsonRpc(input))).to.deep.equal({ code: -32600, id: undefined, answered: true });
    }
  });

  it('answers bad envelopes with -32600, keeping a usable id', () => {
    expect(refused(decodeJsonRpc('{"jsonrpc":"1.0","id":3,"method":"ping"}'))).to.deep.equal({ code: -32600, id: 3, answered: true });
    expect(refused(decodeJsonRpc('{"id":"s","method":"ping"}'))).to.deep.equal({ code: -32600, id: 's', answered: true });
    expect(refused(decodeJsonRpc('{"jsonrpc":"2.0","id":4,"method":7}'))).to.deep.equal({ code: -32600, id: 4, answered: true });
    expect(refused(decodeJsonRpc('{"jsonrpc":"2.0","id":5}'))).to.deep.equal({ code: -32600, id: 5, answered: true });
    for (const id of ['null', '{}', '[]', '1.5', 'true']) {
      expect(refused(decodeJsonRpc(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`)), id).to.deep.equal({
        code: -32600,
        id: undefined,
        answered: true,
      });
    }
  });

  it('answers non-object params of a request with -32602 and drops them silently on a notification', () => {
    expect(refused(decodeJsonRpc('{"jsonrpc":"2.0","id":6,"method":"x","params":[1]}'))).to.deep.equal({
      code: -32602,
      id: 6,
      answered: true,
    });
    expect(refused(decodeJsonRpc('{"jsonrpc":"2.0","id":6,"method":"x","params":null}'))).to.deep.equal({
      code: -32602,
      id: 6,
      answered: true,
    });
    expect(refused(decodeJsonRpc('{"jsonrpc":"2.0","method":"x","params":3}')).answered).to.equal(false);
  });

  it('never answers a malformed response', () => {
    for (const text of [
      '{"jsonrpc":"2.0","id":1,"result":1}',
      '{"jsonrpc":"2.0","result":{}}',
      '{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}',
      '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}',
    ]) {
      expect(refused(decodeJsonRpc(text)).answered, text).to.equal(false);
    }
  });

  it('refuses oversize input with -32700 (a parse-level refusal) before parsing', () => {
    const limits = resolveDecodeLimits({ maxBytes: 100 });
    const big = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'é'.repeat(60)}"}}`;
    expect(refused(decodeJsonRpc(big, limits))).to.deep.equal({ code: -32700, id: undefined, answered: true });
    expect(refused(decodeJsonRpc(Buffer.from(big), limits))).to.deep.equal({ code: -32700, id: undefined, answered: true });
    expect(decodeJsonRpc('{"jsonrpc":"2.0","id":1,"method":"ping"}', limits).ok).to.equal(true);
  });

  it('refuses nesting past the limit with -32600 (keeping a readable id) without overflowing the stack', () => {
    const ok = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":${'['.repeat(62)}${']'.repeat(62)}}}`;
    expect(decodeJsonRpc(ok).ok).to.equal(true);
    const deep = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":${'['.repeat(63)}${']'.repeat(63)}}}`;
    expect(refused(decodeJsonRpc(deep))).to.deep.equal({ code: -32600, id: 1, answered: true });
    expect(refused(decodeJsonRpc('['.repeat(1_000_000))).code).to.equal(-32600);
  });

  it('does not count brackets inside strings, even after escaped quotes', () => {
    const text = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"s":"${'[{'.repeat(100)} \\" ${'['.repeat(100)}\\\\"}}`;
    expect(decodeJsonRpc(text).ok).to.equal(true);
    expect(exceedsNestingDepth('"\\\\"[[[', 2)).to.equal(true);
    expect(exceedsNestingDepth('"\\"[[["', 2)).to.equal(false);
  });

  it('keeps __proto__ as plain data', () => {
    const result = decodeJsonRpc('{"jsonrpc":"2.0","id":1,"method":"x","params":{"__proto__":{"polluted":true}}}');
    expect(result.ok).to.equal(true);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    if (result.ok) expect(Object.getPrototypeOf((result.message as { params: object }).params)).to.equal(Object.prototype);
  });

  it('never throws and always yields a valid message or a valid error response (property)', () => {
    const envelope = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.string()),
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double(), fc.object()),
        method: fc.oneof(fc.string(), fc.integer()),
        params: fc.oneof(fc.object(), fc.array(fc.anything()), fc.string()),
        result: fc.anything(),
        error: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const inputs = fc.oneof(
      fc.string(),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      envelope.map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const result = decodeJsonRpc(input, resolveDecodeLimits({ maxDepth: 8, maxBytes: 4096 }));
        if (result.ok) assertSchema('JSONRPCMessage', result.message);
        else if (result.response !== undefined) assertSchema('JSONRPCErrorResponse', result.response);
      }),
      { numRuns: 3000 },
    );
  });
});
