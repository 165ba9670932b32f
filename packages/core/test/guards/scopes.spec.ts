import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { ScopedLists } from '../../src/routes/scoped-lists';
import { RequestContext } from '../../src/context/request-context';
import { Prompt } from '../../src/decorators/prompt.decorator';
import { Resource } from '../../src/decorators/resource.decorator';
import { ResourceTemplate } from '../../src/decorators/resource-template.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import { InsufficientScopeError, isInsufficientScopeError } from '../../src/guards/insufficient-scope.error';
import { RequireScopes } from '../../src/guards/require-scopes.decorator';
import { silentLogger } from '../../src/logging/server-logger';
import { manifestFor } from '../app/support/manifest-builder';
import { connectAs, firstText, principal, rpcError } from './support/authed-client';

/** A request-scoped service that reads the principal from the injected RequestContext. */
@Injectable({ scope: 'request' })
class CurrentUser {
  constructor(private readonly ctx: RequestContext) {}
  get id(): string {
    return this.ctx.authInfo?.clientId ?? 'anonymous';
  }
}

@Injectable({ scope: 'request' })
@RequireScopes('notes:read')
class NotesHandlers {
  constructor(private readonly user: CurrentUser) {}

  @Tool()
  list(ctx: RequestContext): string {
    return `notes of ${this.user.id} (handler sees ${ctx.authInfo?.clientId ?? 'nobody'})`;
  }

  @RequireScopes('notes:write')
  @Tool()
  create(): string {
    return 'created';
  }

  @Tool({ scopes: ['notes:write', 'notes:admin'] })
  purge(): string {
    return 'purged';
  }

  @Resource('notes://index')
  index(): string {
    return 'index';
  }

  @ResourceTemplate('notes://{id}', { complete: { id: () => ['1', '2'] } })
  note(id: string): string {
    return `note ${id}`;
  }

  @Prompt({ arguments: [{ name: 'id', required: true }], complete: { id: () => ['1'] } })
  summarize(args: { id: string }): string {
    return `summarize ${args.id}`;
  }
}

@Injectable()
class PublicHandlers {
  @Tool()
  ping(ctx: RequestContext): string {
    return `pong to ${ctx.authInfo?.clientId ?? 'nobody'}`;
  }
}

@Module({ providers: [CurrentUser], handlers: [NotesHandlers, PublicHandlers] })
class NotesModule {}

const MANIFEST = manifestFor({
  NotesHandlers: { note: { kind: 'resourceTemplate', params: [{ index: 0, name: 'id', role: 'variable' }] } },
});

async function toolNames(conn: Awaited<ReturnType<typeof connectAs>>): Promise<string[]> {
  return (await conn.client.listTools()).tools.map((t) => t.name);
}

describe('required scopes', () => {
  let app: Armature;
  before(async () => {
    app = await Armature.create(NotesModule, { name: 'scopes', version: '1.0.0', logger: silentLogger, manifest: MANIFEST });
  });
  after(() => app.close({ drainMs: 0 }));

  it('lists only the tools the principal holds every scope of (class and method scopes add up)', async () => {
    const reader = await connectAs(app, principal(['notes:read']));
    expect(await toolNames(reader)).to.deep.equal(['list', 'ping']);
    const writer = await connectAs(app, principal(['notes:read', 'notes:write']));
    expect(await toolNames(writer)).to.deep.equal(['list', 'create', 'ping']);
    const admin = await connectAs(app, principal(['notes:admin', 'notes:write', 'notes:read']));
    expect(await toolNames(admin)).to.deep.equal(['list', 'create', 'purge', 'ping']);
    const none = await connectAs(app, principal([]));
    expect(await toolNames(none)).to.deep.equal(['ping']);
    for (const conn of [reader, writer, admin, none]) await conn.close();
  });

  it('filters resources, templates and prompts the same way', async () => {
    const none = await connectAs(app, principal(['other']));
    expect((await none.client.listResources()).resources).to.deep.equal([]);
    expect((await none.client.listResourceTemplates()).resourceTemplates).to.deep.equal([]);
    expect((await none.client.listPrompts()).prompts).to.deep.equal([]);
    const reader = await connectAs(app, principal(['notes:read']));
    expect((await reader.client.listResources()).resources.map((r) => r.uri)).to.deep.equal(['notes://index']);
    expect((await reader.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal(['notes://{id}']);
    expect((await reader.client.listPrompts()).prompts.map((p) => p.name)).to.deep.equal(['summarize']);
    await none.close();
    await reader.close();
  });

  it('answers a call without the scopes with -32003 insufficient_scope, naming what to ask for', async () => {
    const reader = await connectAs(app, principal(['notes:read', 'profile']));
    const error = await rpcError(reader.client.callTool({ name: 'purge', arguments: {} }));
    expect(error.code).to.equal(-32003);
    expect(error.message).to.contain('tool "purge" requires the scopes "notes:write", "notes:admin"');
    expect(error.data).to.deep.equal({
      error: 'insufficient_scope',
      requiredScopes: ['notes:read', 'notes:write', 'notes:admin'],
      missingScopes: ['notes:write', 'notes:admin'],
      scope: 'notes:read profile notes:write notes:admin',
    });
    await reader.close();
  });

  it('checks scopes before anything else: even invalid arguments get the scope error', async () => {
    const none = await connectAs(app, principal([]));
    const error = await rpcError(none.client.callTool({ name: 'create', arguments: { unexpected: 1 } }));
    expect(error.code).to.equal(-32003);
    await none.close();
  });

  it('refuses resource reads, prompts and completions without the scopes', async () => {
    const none = await connectAs(app, principal([]));
    for (const call of [
      none.client.readResource({ uri: 'notes://index' }),
      none.client.readResource({ uri: 'notes://7' }),
      none.client.getPrompt({ name: 'summarize', arguments: { id: '1' } }),
      none.client.complete({ ref: { type: 'ref/prompt', name: 'summarize' }, argument: { name: 'id', value: '' } }),
      none.client.complete({ ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: '' } }),
    ]) {
      const error = await rpcError(call);
      expect(error.code).to.equal(-32003);
      expect((error.data as { error: string }).error).to.equal('insufficient_scope');
    }
    const reader = await connectAs(app, principal(['notes:read']));
    expect((await reader.client.readResource({ uri: 'notes://7' })).contents[0]).to.deep.include({ text: 'note 7' });
    expect(
      (await reader.client.complete({ ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: '' } })).completion
        .values,
    ).to.deep.equal(['1', '2']);
    await none.close();
    await reader.close();
  });

  it('gives ctx.authInfo to handlers and to request-scoped providers that inject RequestContext', async () => {
    const reader = await connectAs(app, principal(['notes:read'], 'alice'));
    expect(firstText(await reader.client.callTool({ name: 'list', arguments: {} }))).to.equal('notes of alice (handler sees alice)');
    expect(firstText(await reader.client.callTool({ name: 'ping', arguments: {} }))).to.equal('pong to alice');
    await reader.close();
  });

  it('hides and refuses scoped routes to unauthenticated sessions by default', async () => {
    const anonymous = await connectAs(app);
    expect(await toolNames(anonymous)).to.deep.equal(['ping']);
    const error = await rpcError(anonymous.client.callTool({ name: 'list', arguments: {} }));
    expect(error.code).to.equal(-32003);
    expect(error.data).to.deep.include({ scope: 'notes:read', missingScopes: ['notes:read'] });
    await anonymous.close();
  });

  it('serves them to unauthenticated sessions with allowUnauthenticated (a trusted local stdio server)', async () => {
    const local = await Armature.create(NotesModule, {
      name: 'local',
      version: '1',
      logger: silentLogger,
      manifest: MANIFEST,
      allowUnauthenticated: true,
    });
    const anonymous = await connectAs(local);
    expect(await toolNames(anonymous)).to.deep.equal(['list', 'create', 'purge', 'ping']);
    expect(firstText(await anonymous.client.callTool({ name: 'list', arguments: {} }))).to.equal(
      'notes of anonymous (handler sees nobody)',
    );
    const limited = await connectAs(local, principal([]));
    expect(await toolNames(limited), 'an authenticated principal still needs the scopes').to.deep.equal(['ping']);
    await anonymous.close();
    await limited.close();
    await local.close({ drainMs: 0 });
  });

  it('applies the scopes option of definitions registered at run time', async () => {
    const local = await Armature.create(NotesModule, { name: 'local', version: '1', logger: silentLogger, manifest: MANIFEST });
    local.tools.register({ name: 'export', scopes: ['notes:export'], handler: () => 'exported' });
    const conn = await connectAs(local, principal(['notes:read']));
    expect(await toolNames(conn)).to.not.include('export');
    expect((await rpcError(conn.client.callTool({ name: 'export', arguments: {} }))).code).to.equal(-32003);
    await conn.close();
    await local.close({ drainMs: 0 });
  });

  it('refuses malformed scopes at boot', async () => {
    @Injectable()
    class Bad {
      @RequireScopes('has space') @Tool() a(): string {
        return 'a';
      }
      @Tool({ scopes: 'notes:read' as never }) b(): string {
        return 'b';
      }
    }
    @Module({ handlers: [Bad] })
    class M {}
    const error = await Armature.create(M, { name: 'x', version: '1', logger: silentLogger }).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_INVALID_SCOPES');
    expect(error?.message).to.contain('"has space" is not an OAuth scope');
    expect(error?.message).to.contain('scopes must be an array');
  });
});

describe('ScopedLists', () => {
  const routes = Object.freeze([{ requiredScopes: null }, { requiredScopes: ['a'] }, { requiredScopes: ['a', 'b'] }]);
  const entries = Object.freeze(['open', 'a', 'ab']);

  it('returns one frozen array per scope set, so list pages stay cached', () => {
    const lists = new ScopedLists(false);
    const first = lists.filter(routes, entries, principal(['b', 'a']));
    expect(first).to.deep.equal(['open', 'a', 'ab']);
    expect(Object.isFrozen(first)).to.equal(true);
    expect(lists.filter(routes, entries, principal(['a', 'b', 'a'], 'other'))).to.equal(first);
    expect(lists.filter(routes, entries, principal(['a']))).to.deep.equal(['open', 'a']);
    expect(lists.filter(routes, entries, undefined)).to.deep.equal(['open']);
  });

  it('returns the unfiltered array itself when no route requires scopes', () => {
    const open = Object.freeze([{ requiredScopes: null }]);
    const list = Object.freeze(['x']);
    expect(new ScopedLists(false).filter(open, list, principal([]))).to.equal(list);
  });

  it('tolerates a verifier that put something other than a string array in scopes', () => {
    const lists = new ScopedLists(false);
    const odd = { token: 't', clientId: 'c', scopes: 'a b' as unknown as string[] };
    expect(lists.filter(routes, entries, odd)).to.deep.equal(['open']);
  });
});

describe('InsufficientScopeError', () => {
  it('is recognised across package copies by name and data', () => {
    const error = new InsufficientScopeError(['x'], [], 'tool "t"');
    expect(isInsufficientScopeError(error)).to.equal(true);
    expect(isInsufficientScopeError({ name: 'InsufficientScopeError', data: { error: 'insufficient_scope' } })).to.equal(true);
    expect(isInsufficientScopeError(new Error('x'))).to.equal(false);
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(isInsufficientScopeError(hostile)).to.equal(false);
  });
});
