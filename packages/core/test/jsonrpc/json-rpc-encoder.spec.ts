import { expect } from 'chai';
import { encodeJsonRpc, registerEncodedResult } from '../../src/jsonrpc/json-rpc-encoder';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { assertSchema } from '../support/wire-schema';

describe('encodeJsonRpc', () => {
  it('writes one line with no raw newline', () => {
    const text = encodeJsonRpc({ jsonrpc: '2.0', id: 1, result: { s: 'a\nb\r\u2028' } });
    expect(text).not.to.match(/[\n\r]/);
    expect(JSON.parse(text)).to.deep.equal({ jsonrpc: '2.0', id: 1, result: { s: 'a\nb\r\u2028' } });
  });

  it('turns an unserializable result into a -32603 response for the same id and reports why', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const throwing = {
      toJSON: () => {
        throw new Error('boom');
      },
    };
    for (const result of [circular, { n: BigInt(1) }, throwing]) {
      const failures: unknown[] = [];
      const text = encodeJsonRpc({ jsonrpc: '2.0', id: 'r', result } as JSONRPCMessage, (error) => failures.push(error));
      const message = JSON.parse(text) as { id: string; error: { code: number } };
      assertSchema('JSONRPCErrorResponse', message);
      expect(message.id).to.equal('r');
      expect(message.error.code).to.equal(-32603);
      expect(failures).to.have.length(1);
    }
  });

  it('throws for an unserializable request or notification so the sender learns of it', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => encodeJsonRpc({ jsonrpc: '2.0', method: 'notifications/message', params: circular })).to.throw(TypeError);
  });

  it('splices a pre-encoded result in place of serializing it again', () => {
    const result = Object.freeze({ tools: [] });
    registerEncodedResult(result, '{"tools":[],"marker":1}');
    expect(JSON.parse(encodeJsonRpc({ jsonrpc: '2.0', id: 9, result }))).to.deep.equal({
      jsonrpc: '2.0',
      id: 9,
      result: { tools: [], marker: 1 },
    });
  });
});
