import 'reflect-metadata';
import { expect } from 'chai';
import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import type { AuthInfo } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
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
