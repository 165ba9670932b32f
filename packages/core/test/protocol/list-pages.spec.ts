import { expect } from 'chai';
import { encodeJsonRpc } from '../../src/jsonrpc/json-rpc-encoder';
import { SchemaTable } from '../../src/manifest/schema-table';
import { listPage } from '../../src/protocol/list-pages';
import type { JSONRPCMessage } from '../../src/wire/mcp-types.generated';
import { toolListEntry } from '../../src/routes/tool-list-entry';
import { SchemaCompiler } from '../../src/validation/schema-compiler';

describe('listPage', () => {
  const compiler = new SchemaCompiler();
  const table = new SchemaTable([{ type: 'object', properties: { a: { type: 'number' } }, additionalProperties: false }]);
  const shared = compiler.compileListed(table, 0, 'shared');
  const own = compiler.compileShared({ type: 'object' }, 'own');
  const tools = Object.freeze(
    Array.from({ length: 7 }, (_, i) =>
      toolListEntry(`t${i}`, i === 3 ? { title: 'Three' } : {}, `Tool ${i}.`, i === 5 ? own : shared, null),
    ),
  );

  function encoded(page: object): string {
    return encodeJsonRpc({ jsonrpc: '2.0', id: 1, result: page } as unknown as JSONRPCMessage);
  }

  it('pre-serializes each page of a frozen list to exactly JSON.stringify of the page, cursor included', () => {
    for (const offset of [0, 3, 6]) {
      const page = listPage('tools', tools, offset, 3);
      const text = encoded(page);
      expect(text).to.equal(JSON.stringify({ jsonrpc: '2.0', id: 1, result: page }));
      expect(listPage('tools', tools, offset, 3)).to.equal(page);
    }
    expect(listPage('tools', tools, 0, 3)).to.have.property('nextCursor');
    expect(listPage('tools', tools, 6, 3)).not.to.have.property('nextCursor');
  });

  it('serializes whole lists, lists of other kinds and entries without remembered text the same way', () => {
    const whole = listPage('tools', tools, 0, 100);
    expect(encoded(whole)).to.equal(JSON.stringify({ jsonrpc: '2.0', id: 1, result: whole }));
    const prompts = Object.freeze([Object.freeze({ name: 'p', arguments: Object.freeze([Object.freeze({ name: 'x', required: true })]) })]);
    const page = listPage('prompts', prompts, 0, 10);
    expect(encoded(page)).to.equal(JSON.stringify({ jsonrpc: '2.0', id: 1, result: page }));
  });
});
