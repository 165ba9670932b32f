import 'reflect-metadata';
import { expect } from 'chai';
import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import type { AuthInfo } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { encodeJsonRpc } from '../../src/jsonrpc/json-rpc-encoder';
import { ResultDecoration } from '../../src/kernel/result-decoration';
import { listPage } from '../../src/protocol/list-pages';
import { RouteRegistry } from '../../src/routes/route-registry';
import { ScopedLists } from '../../src/routes/scoped-lists';
import { RecordingLogger } from '../app/support/app-client';

interface FakeRoute {
  readonly name: string;
  readonly requiredScopes: readonly string[] | null;
}

/** A registry of `count` routes whose entries record when they are made. */
function registryOf(count: number, scoped: (i: number) => readonly string[] | null = () => null) {
  const made: string[] = [];
  const registry = new RouteRegistry<FakeRoute, { name: string }>(
    'tool',
    (r) => r.name,
    (r) => {
      made.push(r.name);
      return Object.freeze({ name: r.name });
    },
  );
  registry.add(Array.from({ length: count }, (_, i) => ({ name: `t${i}`, requiredScopes: scoped(i) })));
  return { registry, made };
}

describe('list entries made page by page (RouteRegistry.entries)', () => {
  it('makes only the entries of the pages read, and pages equal those of the whole list', () => {
    const { registry, made } = registryOf(7);
    const entries = registry.entries();
    expect(entries.length).to.equal(7);
    expect(Object.isFrozen(entries)).to.equal(true);
    expect(made).to.deep.equal([]);
    const first = listPage('tools', entries, 0, 3);
    expect(made).to.deep.equal(['t0', 't1', 't2']);
    expect(listPage('tools', entries, 0, 3)).to.equal(first);
    expect(made).to.have.length(3);
    const whole = Object.freeze(registry.list().slice());
    for (const offset of [0, 3, 6]) {
      expect(JSON.stringify(listPage('tools', entries, offset, 3))).to.equal(JSON.stringify(listPage('tools', whole, offset, 3)));
    }
  });

  it('is the same view until the registry changes', () => {
    const { registry } = registryOf(3);
    const entries = registry.entries();
    expect(registry.entries()).to.equal(entries);
    registry.setEnabled('t1', false);
    const after = registry.entries();
    expect(after).not.to.equal(entries);
    expect(after.slice(0, 10).map((e) => e.name)).to.deep.equal(['t0', 't2']);
  });

  it('filters by scopes without making the entries of the routes left out', () => {
    const { registry, made } = registryOf(4, (i) => (i % 2 === 0 ? null : ['admin']));
    const scoped = new ScopedLists(true);
    const reader: AuthInfo = { token: 't', clientId: 'c', scopes: ['read'] };
    const visible = scoped.filter(registry.routes(), registry.entries(), reader);
    expect(scoped.filter(registry.routes(), registry.entries(), reader)).to.equal(visible);
    expect(visible.slice(0, 10).map((e) => e.name)).to.deep.equal(['t0', 't2']);
    expect(made).to.deep.equal(['t0', 't2']);
    const admin = scoped.filter(registry.routes(), registry.entries(), { ...reader, scopes: ['admin'] });
    expect(admin.length).to.equal(4);
  });
});

describe("list pages joined from the routes' own texts (RouteEntries.texts)", () => {
  /** A registry whose routes write their entry's text (`t1` cannot: its entry is made and serialized). */
  function writingRegistry(count: number) {
    const made: string[] = [];
    const entryOf = (r: FakeRoute) => (made.push(r.name), Object.freeze({ name: r.name, inputSchema: Object.freeze({ type: 'object' }) }));
    const registry = new RouteRegistry<FakeRoute, { name: string }>(
      'tool',
      (r) => r.name,
      entryOf,
      (r) => (r.name === 't1' ? undefined : `{"name":${JSON.stringify(r.name)},"inputSchema":{"type":"object"}}`),
    );
    registry.add(Array.from({ length: count }, (_, i) => ({ name: `t${i}`, requiredScopes: null })));
    return { registry, made };
  }

  it('answers with the bytes JSON.stringify writes, making only the entries that have no text until the page is read', () => {
    const { registry, made } = writingRegistry(5);
    const page = listPage('tools', registry.entries(), 0, 3) as Record<string, unknown>;
    const text = encodeJsonRpc({ jsonrpc: '2.0', id: 1, result: page });
    expect(made).to.deep.equal(['t1']);
    expect(Object.isFrozen(page)).to.equal(true);
    expect(Object.keys(page)).to.deep.equal(['tools', 'nextCursor']);
    expect(text).to.equal(JSON.stringify({ jsonrpc: '2.0', id: 1, result: page }));
    expect(made).to.deep.equal(['t1', 't0', 't1', 't2']);
    expect(page.tools).to.equal(page.tools);
    const whole = Object.freeze(registry.list().slice());
    expect(JSON.stringify(page)).to.equal(JSON.stringify(listPage('tools', whole, 0, 3)));
  });

  it('decorates a page for 2026 without making its entries, with the same bytes as serializing the decorated page', () => {
    const { registry, made } = writingRegistry(4);
    const page = listPage('tools', registry.entries(), 3, 3);
    const decorated = new ResultDecoration({ name: 's', version: '1' }, undefined).complete('tools/list', page);
    const text = encodeJsonRpc({ jsonrpc: '2.0', id: 2, result: decorated as Record<string, unknown> });
    expect(made).to.deep.equal([]);
    expect(text).to.equal(JSON.stringify({ jsonrpc: '2.0', id: 2, result: decorated }));
    expect(made).to.deep.equal(['t3']);
  });

  it('makes a new page after a change: the cached text of the old list is not served', () => {
    const { registry } = writingRegistry(3);
    const names = (page: object): string[] =>
      (
        JSON.parse(encodeJsonRpc({ jsonrpc: '2.0', id: 1, result: page as Record<string, unknown> })) as {
          result: { tools: { name: string }[] };
        }
      ).result.tools.map((t) => t.name);
    const before = listPage('tools', registry.entries(), 0, 10);
    expect(names(before)).to.deep.equal(['t0', 't1', 't2']);
    registry.setEnabled('t0', false);
    expect(names(listPage('tools', registry.entries(), 0, 10))).to.deep.equal(['t1', 't2']);
    registry.add([{ name: 't9', requiredScopes: null }]);
    expect(names(listPage('tools', registry.entries(), 0, 10))).to.deep.equal(['t1', 't2', 't9']);
    registry.remove('t1');
    registry.setEnabled('t0', true);
    expect(names(listPage('tools', registry.entries(), 0, 10))).to.deep.equal(['t0', 't2', 't9']);
    expect(names(before)).to.deep.equal(['t0', 't1', 't2']);
  });
});

describe('a tool list entry made on first read', () => {
  it('is one frozen object, the one a list page shows', async () => {
    class Listed {
      @Tool({ inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } })
      look(): string {
        return 'x';
      }
    }
    @Module({ handlers: [Listed] })
    class Root {}
    const app = await Armature.create(Root, { name: 'x', version: '1', logger: new RecordingLogger() });
    try {
      const [entry] = app.tools.list();
      expect(entry).to.deep.equal({ name: 'look', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
      expect(Object.isFrozen(entry)).to.equal(true);
      expect(app.tools.list()[0]).to.equal(entry);
    } finally {
      await app.close();
    }
  });

  it('still fails the boot when its options hold a value JSON cannot (made later, checked at boot)', async () => {
    class Unlistable {
      @Tool({ inputSchema: { type: 'object' }, _meta: { size: 1n } as unknown as Record<string, unknown> })
      big(): string {
        return 'x';
      }
    }
    @Module({ handlers: [Unlistable] })
    class Root {}
    const error = await Armature.create(Root, { name: 'x', version: '1', logger: new RecordingLogger() }).then(
      async (app) => {
        await app.close();
        return undefined;
      },
      (e: unknown) => e as Error,
    );
    expect(error).to.be.instanceOf(TypeError);
    expect(error?.message).to.match(/BigInt/);
  });
});
