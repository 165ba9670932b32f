import 'reflect-metadata';
import { expect } from 'chai';
import { ArmatureError, Module } from '@armature/di';
import { ResourceListChangedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import { InMemoryTransport } from '../../src/transport/in-memory.transport';
import { waitUntil } from '../support/wait';
import { connectClient, type AppConnection } from './support/app-client';

class BaseTools {
  @Tool({ description: 'Echo' }) echo(ctx: RequestContext): string {
    return ctx.method;
  }
  @Tool() other(): string {
    return 'other';
  }
}

class Plugin {
  constructor(private readonly prefix = 'plugin') {}
  @Tool({ name: 'plugin.hello' }) hello(): string {
    return `${this.prefix}: hello`;
  }
}

@Module({ handlers: [BaseTools] })
class DynamicModule {}

function errorOf(promise: Promise<unknown>): Promise<{ code: number } | undefined> {
  return promise.then(
    () => undefined,
    (e: unknown) => e as { code: number },
  );
}

describe('app: dynamic registries', () => {
  let app: Armature;
  let conn: AppConnection;
  const changed = { tools: 0, resources: 0 };

  before(async () => {
    app = await Armature.create(DynamicModule, { name: 'dyn', version: '1' });
    conn = await connectClient(app);
    conn.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed.tools++);
    conn.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void changed.resources++);
  });
  after(async () => {
    await conn.close();
    await app.close();
  });

  it('disable hides a tool and answers it as unknown; enable brings it back; each pushes list_changed', async () => {
    app.tools.disable('other');
    await waitUntil(() => changed.tools === 1, 'tools/list_changed after disable');
    expect((await conn.client.listTools()).tools.map((t) => t.name)).to.deep.equal(['echo']);
    expect((await errorOf(conn.client.callTool({ name: 'other', arguments: {} })))?.code).to.equal(-32602);
    app.tools.disable('other');
    app.tools.enable('other');
    await waitUntil(() => changed.tools === 2, 'tools/list_changed after enable');
    expect((await conn.client.callTool({ name: 'other', arguments: {} })).content).to.deep.equal([{ type: 'text', text: 'other' }]);
  });

  it('registers a definition object and an instance of a decorated class, then removes them', async () => {
    const names = app.tools.register({
      name: 'sum',
      description: 'Adds',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number', default: 0 } }, required: ['a'] },
      handler: (args) => (args.a as number) + (args.b as number),
    });
    expect(names).to.deep.equal(['sum']);
    expect(app.tools.register(new Plugin('mine'))).to.deep.equal(['plugin.hello']);
    await waitUntil(() => changed.tools === 4, 'two list_changed');
    expect((await conn.client.callTool({ name: 'sum', arguments: { a: 2 } })).content).to.deep.equal([{ type: 'text', text: '2' }]);
    expect((await conn.client.callTool({ name: 'sum', arguments: { a: 'x' } })).isError).to.equal(true);
    expect((await conn.client.callTool({ name: 'plugin.hello', arguments: {} })).content).to.deep.equal([
      { type: 'text', text: 'mine: hello' },
    ]);
    app.tools.remove('sum');
    app.tools.remove('plugin.hello');
    await waitUntil(() => changed.tools === 6, 'list_changed after removals');
    expect((await conn.client.listTools()).tools.map((t) => t.name)).to.deep.equal(['echo', 'other']);
  });

  it('refuses duplicates and bad names, adding nothing', () => {
    expect(() => app.tools.register({ name: 'echo', handler: () => 'x' }))
      .to.throw(ArmatureError)
      .with.property('code', 'ARM_ERR_DUPLICATE_NAME');
    expect(() => app.tools.register({ name: 'bad name', handler: () => 'x' }))
      .to.throw(ArmatureError)
      .with.property('code', 'ARM_ERR_INVALID_TOOL_NAME');
    expect(() => app.tools.remove('nope'))
      .to.throw(ArmatureError)
      .with.property('code', 'ARM_ERR_NOT_REGISTERED');
    expect(() => app.tools.register({}))
      .to.throw(ArmatureError)
      .with.property('code', 'ARM_ERR_NOT_REGISTERED');
    expect(app.tools.list().map((t) => t.name)).to.deep.equal(['echo', 'other']);
  });

  it('registers resources, templates and prompts at run time; sessions opened later see the new capabilities', async () => {
    app.resources.register({ uri: 'dyn://one', mimeType: 'text/plain', handler: () => 'one' });
    app.resources.register({
      uriTemplate: 'dyn://items/{id}',
      handler: (vars) => `item ${String(vars.id)}`,
      complete: { id: (v) => [`${v}1`] },
    });
    app.prompts.register({ name: 'hi', arguments: [{ name: 'who', required: true }], handler: (args) => `hi ${args.who}` });
    // The first session was opened when only tools were served: it is not told about other kinds.
    expect(conn.client.getServerCapabilities()?.resources).to.equal(undefined);
    const later = await connectClient(app);
    try {
      const caps = later.client.getServerCapabilities();
      expect(caps?.resources).to.deep.equal({ subscribe: true, listChanged: true });
      expect(caps?.prompts).to.deep.equal({ listChanged: true });
      expect(caps?.completions).to.deep.equal({});
      let resourcesChanged = 0;
      later.client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void resourcesChanged++);
      expect((await later.client.readResource({ uri: 'dyn://one' })).contents).to.deep.equal([
        { uri: 'dyn://one', mimeType: 'text/plain', text: 'one' },
      ]);
      expect((await later.client.readResource({ uri: 'dyn://items/7' })).contents[0]).to.deep.include({ text: 'item 7' });
      const completion = await later.client.complete({
        ref: { type: 'ref/resource', uri: 'dyn://items/{id}' },
        argument: { name: 'id', value: 'a' },
      });
      expect(completion.completion.values).to.deep.equal(['a1']);
      expect((await later.client.getPrompt({ name: 'hi', arguments: { who: 'you' } })).messages[0]?.content).to.deep.equal({
        type: 'text',
        text: 'hi you',
      });
      app.resources.disable('dyn://items/{id}');
      await waitUntil(() => resourcesChanged === 1, 'resources/list_changed');
      expect((await errorOf(later.client.readResource({ uri: 'dyn://items/7' })))?.code).to.equal(-32002);
      expect(() => app.resources.register({ uriTemplate: 'dyn://items/{name}', handler: () => '' }))
        .to.throw(ArmatureError)
        .with.property('code', 'ARM_ERR_AMBIGUOUS_TEMPLATE');
      expect(changed.resources).to.equal(0);
    } finally {
      await later.close();
    }
  });

  it('refuses changes after close', async () => {
    const closed = await Armature.create(DynamicModule, { name: 'c', version: '1' });
    await closed.close();
    expect(() => closed.tools.register({ name: 'late', handler: () => '' }))
      .to.throw(ArmatureError)
      .with.property('code', 'ARM_ERR_APP_CLOSED');
    const [, serverEnd] = InMemoryTransport.createLinkedPair();
    const error = await closed.connect(serverEnd).then(
      () => undefined,
      (e: unknown) => e as ArmatureError,
    );
    expect(error?.code).to.equal('ARM_ERR_APP_CLOSED');
  });
});
