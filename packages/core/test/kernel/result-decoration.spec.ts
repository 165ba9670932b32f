import { expect } from 'chai';
import { encodeJsonRpc, registerEncodedResult } from '../../src/jsonrpc/json-rpc-encoder';
import { listPage } from '../../src/protocol/list-pages';
import { DEFAULT_CACHE_HINT, isCacheHint } from '../../src/kernel/cache-hints';
import { headerParamsOf, headerParamsOfTool, mayMarkHeaders } from '../../src/kernel/header-params';
import { ResultDecoration } from '../../src/kernel/result-decoration';
import { META, REVISION_2026 } from '../../src/kernel/revision-2026';
import type { JSONRPCErrorResponse, Tool } from '../../src/wire/mcp-types.generated';
import { serverMessageErrors } from '@armature/testing';

const SERVER = { name: 'decorated', version: '2.0.0' };
const V2026 = '2026-07-28';

/** Asserts `result` is a valid 2026 result of `method`. */
function valid2026(method: string, result: object): void {
  expect(serverMessageErrors({ jsonrpc: '2.0', id: 1, result }, method, V2026)).to.deep.equal([]);
}

describe('kernel: ResultDecoration', () => {
  it('adds resultType complete, the default cache hint and serverInfo to a list', () => {
    const decoration = new ResultDecoration(SERVER, undefined);
    const page = decoration.complete('tools/list', { tools: [{ name: 't', inputSchema: { type: 'object' } }] });
    expect(page).to.deep.equal({
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { [META.serverInfo]: SERVER },
    });
    valid2026('tools/list', page);
  });

  for (const method of ['resources/list', 'resources/templates/list', 'prompts/list']) {
    it(`applies the lists hint to ${method}`, () => {
      const decoration = new ResultDecoration(SERVER, { lists: { ttlMs: 30_000, scope: 'public' } });
      const key = method === 'resources/list' ? 'resources' : method === 'prompts/list' ? 'prompts' : 'resourceTemplates';
      const page = decoration.complete(method, { [key]: [] }) as Record<string, unknown>;
      expect(page).to.deep.include({ resultType: 'complete', ttlMs: 30_000, cacheScope: 'public' });
      valid2026(method, page);
    });
  }

  it('applies the resources hint to resources/read and none to tools/call, prompts/get, completion/complete', () => {
    const decoration = new ResultDecoration(SERVER, { resources: { ttlMs: 5, scope: 'public' }, lists: { ttlMs: 9, scope: 'public' } });
    const read = decoration.complete('resources/read', { contents: [{ uri: 'a://b', text: 'x' }] }) as Record<string, unknown>;
    expect(read).to.deep.include({ resultType: 'complete', ttlMs: 5, cacheScope: 'public' });
    valid2026('resources/read', read);
    const call = decoration.complete('tools/call', { content: [] }) as Record<string, unknown>;
    expect(call).to.deep.equal({ content: [], resultType: 'complete', _meta: { [META.serverInfo]: SERVER } });
    valid2026('tools/call', call);
    const prompt = decoration.complete('prompts/get', { messages: [] }) as Record<string, unknown>;
    expect(prompt).to.not.have.property('ttlMs');
    valid2026('prompts/get', prompt);
    const completion = decoration.complete('completion/complete', { completion: { values: [] } }) as Record<string, unknown>;
    expect(completion).to.not.have.property('cacheScope');
    valid2026('completion/complete', completion);
  });

  it('keeps a hint the author already set on the result', () => {
    const decoration = new ResultDecoration(SERVER, { resources: { ttlMs: 5, scope: 'private' } });
    const read = decoration.complete('resources/read', { contents: [], ttlMs: 60_000, cacheScope: 'public' }) as Record<string, unknown>;
    expect(read).to.deep.include({ ttlMs: 60_000, cacheScope: 'public' });
    const partial = decoration.complete('resources/read', { contents: [], ttlMs: 0 }) as Record<string, unknown>;
    expect(partial).to.deep.include({ ttlMs: 0, cacheScope: 'private' });
  });

  it('merges serverInfo into an existing _meta, keeping the author keys', () => {
    const decoration = new ResultDecoration(SERVER, undefined);
    const source = { content: [], _meta: { 'com.example/trace': 'abc', progressToken: 3 } };
    const call = decoration.complete('tools/call', source) as Record<string, unknown>;
    expect(call._meta).to.deep.equal({ 'com.example/trace': 'abc', progressToken: 3, [META.serverInfo]: SERVER });
    // The handler's own object is not modified.
    expect(source).to.deep.equal({ content: [], _meta: { 'com.example/trace': 'abc', progressToken: 3 } });
    expect(call).to.not.equal(source);
  });

  it('replaces a non-object _meta with one that carries serverInfo', () => {
    const decoration = new ResultDecoration(SERVER, undefined);
    expect((decoration.complete('tools/call', { content: [], _meta: null }) as Record<string, unknown>)._meta).to.deep.equal({
      [META.serverInfo]: SERVER,
    });
  });

  it('decorates a frozen list page once: the same frozen object every time, with its JSON registered', () => {
    const decoration = new ResultDecoration(SERVER, undefined);
    let serialized = 0;
    // A value that counts its serializations: a registered page is never serialized again.
    const counter = { toJSON: () => (serialized++, 'counted') };
    const frozen = Object.freeze({ tools: [], counter });
    const first = decoration.complete('tools/list', frozen);
    expect(Object.isFrozen(first)).to.equal(true);
    expect(first).to.not.equal(frozen);
    expect(decoration.complete('tools/list', frozen)).to.equal(first);
    const after = serialized;
    const text = encodeJsonRpc({ jsonrpc: '2.0', id: 7, result: first as Record<string, unknown> });
    expect(serialized).to.equal(after);
    expect(JSON.parse(text)).to.deep.equal({
      jsonrpc: '2.0',
      id: 7,
      result: {
        tools: [],
        counter: 'counted',
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        _meta: { [META.serverInfo]: SERVER },
      },
    });
  });

  it("splices a list page's registered text: the same bytes as serializing the decorated page, which is not serialized", () => {
    const decoration = new ResultDecoration(SERVER, { lists: { ttlMs: 30_000, scope: 'public' } });
    let serialized = 0;
    // An entry that counts its serializations: the page serializes it once, the decoration never.
    const counted = Object.freeze({
      name: 'c',
      inputSchema: Object.freeze({ type: 'object' }),
      toJSON: () => (serialized++, { name: 'c' }),
    });
    const entries = Object.freeze([
      Object.freeze({ name: 'a', description: 'A "quoted" tool', inputSchema: Object.freeze({ type: 'object' }) }),
      counted,
      Object.freeze({ name: 'b', inputSchema: Object.freeze({ type: 'object' }) }),
    ]);
    const page = listPage('tools', entries, 0, 2) as Record<string, unknown>;
    expect(page.nextCursor).to.be.a('string');
    expect(serialized).to.equal(1);
    const decorated = decoration.complete('tools/list', page) as Record<string, unknown>;
    const spliced = encodeJsonRpc({ jsonrpc: '2.0', id: 'p', result: decorated });
    expect(serialized).to.equal(1);
    expect(spliced).to.equal(JSON.stringify({ jsonrpc: '2.0', id: 'p', result: decorated }));
    valid2026('tools/list', decorated);
  });

  it('serializes a decorated page whose source carries a decoration key itself (a splice would move the key)', () => {
    const decoration = new ResultDecoration(SERVER, undefined);
    const source = Object.freeze({ _meta: Object.freeze({ 'x.y/z': 1 }), tools: [] });
    registerEncodedResult(source, JSON.stringify(source));
    const decorated = decoration.complete('tools/list', source);
    expect(encodeJsonRpc({ jsonrpc: '2.0', id: 1, result: decorated as Record<string, unknown> })).to.equal(
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: decorated }),
    );
  });

  it('decorates an unfrozen list page afresh each time (not cached)', () => {
    const decoration = new ResultDecoration(SERVER, undefined);
    const page = { tools: [] };
    const a = decoration.complete('tools/list', page);
    const b = decoration.complete('tools/list', page);
    expect(a).to.not.equal(b);
    expect(Object.isFrozen(a)).to.equal(false);
  });

  it('other(): an input_required result carries serverInfo and no cache hint', () => {
    const decoration = new ResultDecoration(SERVER, { lists: { ttlMs: 1, scope: 'public' } });
    const result = decoration.other('input_required', { inputRequests: {}, requestState: 's' }) as Record<string, unknown>;
    expect(result).to.deep.equal({
      inputRequests: {},
      requestState: 's',
      resultType: 'input_required',
      _meta: { [META.serverInfo]: SERVER },
    });
    valid2026('tools/call', result);
  });

  it('exposes the discover hint (default when not set)', () => {
    expect(new ResultDecoration(SERVER, undefined).discover).to.deep.equal(DEFAULT_CACHE_HINT);
    expect(new ResultDecoration(SERVER, { discover: { ttlMs: 3_600_000, scope: 'public' } }).discover).to.deep.equal({
      ttlMs: 3_600_000,
      scope: 'public',
    });
  });
});

describe('kernel: cache hints', () => {
  it('defaults to nothing cached, nothing shared', () => {
    expect(DEFAULT_CACHE_HINT).to.deep.equal({ ttlMs: 0, scope: 'private' });
    expect(Object.isFrozen(DEFAULT_CACHE_HINT)).to.equal(true);
  });

  it('isCacheHint accepts non-negative integer ttls with a known scope only', () => {
    expect(isCacheHint({ ttlMs: 0, scope: 'private' })).to.equal(true);
    expect(isCacheHint({ ttlMs: 1000, scope: 'public' })).to.equal(true);
    for (const bad of [
      null,
      'x',
      {},
      { ttlMs: -1, scope: 'public' },
      { ttlMs: 1.5, scope: 'public' },
      { ttlMs: Infinity, scope: 'public' },
      { ttlMs: '1', scope: 'public' },
      { ttlMs: 1, scope: 'shared' },
      { ttlMs: 1 },
    ]) {
      expect(isCacheHint(bad), JSON.stringify(bad)).to.equal(false);
    }
  });
});

describe('kernel: 2026 error encoding', () => {
  const encode2026Error = REVISION_2026.encodeError;
  const httpStatusOf2026Error = REVISION_2026.httpStatus;
  const error = (code: number, data?: Record<string, unknown>): JSONRPCErrorResponse => ({
    jsonrpc: '2.0',
    id: 3,
    error: { code, message: 'm', ...(data === undefined ? {} : { data }) },
  });

  it('renumbers resource-not-found -32002 to -32602, keeping data.uri', () => {
    const encoded = encode2026Error(error(-32002, { uri: 'x://missing' }));
    expect(encoded).to.deep.equal({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'm', data: { uri: 'x://missing' } } });
  });

  it('passes every other error through untouched (the same object)', () => {
    for (const code of [-32602, -32601, -32603, -32000, -32001, -32042, -32020, -32021, -32022, 1234]) {
      const response = error(code);
      expect(encode2026Error(response)).to.equal(response);
    }
  });

  it('maps codes to HTTP statuses: 404 for -32601, 400 for header/capability/version errors, else 400 before dispatch and 200 after', () => {
    for (const before of [true, false]) {
      expect(httpStatusOf2026Error(-32601, before)).to.equal(404);
      expect(httpStatusOf2026Error(-32020, before)).to.equal(400);
      expect(httpStatusOf2026Error(-32021, before)).to.equal(400);
      expect(httpStatusOf2026Error(-32022, before)).to.equal(400);
    }
    expect(httpStatusOf2026Error(-32602, true)).to.equal(400);
    expect(httpStatusOf2026Error(-32602, false)).to.equal(200);
    expect(httpStatusOf2026Error(-32603, false)).to.equal(200);
    expect(httpStatusOf2026Error(-32001, false)).to.equal(200);
  });
});

describe('kernel: headerParamsOf', () => {
  it('finds top-level properties marked x-mcp-header with a valid token', () => {
    const schema = {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        count: { type: 'integer', 'x-mcp-header': 'Count' },
        plain: { type: 'string' },
        spaced: { type: 'string', 'x-mcp-header': 'Bad Name' },
        empty: { type: 'string', 'x-mcp-header': '' },
        colon: { type: 'string', 'x-mcp-header': 'a:b' },
        nonString: { type: 'string', 'x-mcp-header': 7 },
      },
    } as Tool['inputSchema'];
    expect(headerParamsOf(schema)).to.deep.equal([
      { property: 'region', header: 'Region' },
      { property: 'count', header: 'Count' },
    ]);
  });

  it('is computed once per schema object, frozen', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } as Tool['inputSchema'];
    const first = headerParamsOf(schema);
    expect(headerParamsOf(schema)).to.equal(first);
    expect(Object.isFrozen(first)).to.equal(true);
  });

  it('is empty without a schema or properties', () => {
    expect(headerParamsOf(undefined)).to.deep.equal([]);
    expect(headerParamsOf({ type: 'object' })).to.deep.equal([]);
  });

  it('reads no schema object for a tool whose schema text does not name x-mcp-header (nor escapes a character)', () => {
    const schema = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } } as Tool['inputSchema'];
    let read = 0;
    const reader = () => {
      read++;
      return schema;
    };
    const plain = '{"type":"object","properties":{"region":{"type":"string","description":"mirrors no x-mcp-header"}}}';
    expect(mayMarkHeaders(plain)).to.equal(false);
    expect(headerParamsOfTool(plain, reader)).to.deep.equal([]);
    expect(read).to.equal(0);
    for (const text of [JSON.stringify(schema), '{"properties":{"r":{"x-mcp-h\\u0065ader":"R"}}}']) {
      expect(mayMarkHeaders(text), text).to.equal(true);
      expect(headerParamsOfTool(text, reader)).to.deep.equal([{ property: 'region', header: 'Region' }]);
    }
    expect(read).to.equal(2);
    // Without a text the schema object decides, as before.
    expect(headerParamsOfTool(undefined, reader)).to.deep.equal([{ property: 'region', header: 'Region' }]);
  });
});
