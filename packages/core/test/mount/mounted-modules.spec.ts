import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Armature } from '../../src/app/armature.app';
import { McpNotifier } from '../../src/app/mcp-notifier';
import { Prompt } from '../../src/decorators/prompt.decorator';
import { Resource } from '../../src/decorators/resource.decorator';
import { ResourceTemplate } from '../../src/decorators/resource-template.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import type { CanActivate } from '../../src/guards/can-activate';
import type { ExecutionContext } from '../../src/guards/execution-context';
import type { AuditEvent } from '../../src/audit/audit-sink';
import { UseGuards } from '../../src/guards/use-guards.decorator';
import { mount } from '../../src/mount';
import { silentLogger } from '../../src/logging/server-logger';
import { RateLimit } from '../../src/rate-limit/rate-limit.decorator';
import { connectClient, type AppConnection } from '../app/support/app-client';
import { manifestFor } from '../app/support/manifest-builder';
import { waitUntil as until } from '../support/wait';

const guarded: string[] = [];
const audited: AuditEvent[] = [];

class RecordingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    guarded.push(`${context.kind}:${context.name}`);
    return true;
  }
}

@Injectable()
class IssueStore {
  readonly issues: Record<string, string[]> = { alpha: ['crash on start'], beta: [] };
}

@Injectable()
@UseGuards(RecordingGuard)
class RepoHandlers {
  constructor(
    private readonly store: IssueStore,
    private readonly notifier: McpNotifier,
  ) {}

  @Tool({ inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } })
  @RateLimit({ limit: 2, windowMs: 60_000 })
  search(args: { q: string }): string {
    return `found ${args.q}`;
  }

  @Tool({ inputSchema: { type: 'object', properties: { repo: { type: 'string' }, title: { type: 'string' } } } })
  file(args: { repo: string; title: string }): string {
    (this.store.issues[args.repo] ??= []).push(args.title);
    // The handler names the URI in its own namespace; subscribers get it as served.
    this.notifier.resourceUpdated(`repo://${args.repo}/issues`);
    return 'filed';
  }

  @Resource('repo://readme', { mimeType: 'text/markdown' })
  readme(): unknown {
    // Contents that name their own URI are served under the mount too.
    return { uri: 'repo://readme', mimeType: 'text/markdown', text: '# Repos' };
  }

  @ResourceTemplate('repo://{repo}/issues', { mimeType: 'application/json', complete: { repo: 'repos' } })
  issues(repo: string): string[] | undefined {
    return this.store.issues[repo];
  }

  @Prompt({ arguments: [{ name: 'repo', required: true }], complete: { repo: 'repos' } })
  triage(args: { repo: string }): string {
    return `Triage ${args.repo}.`;
  }

  repos(value: string): string[] {
    return Object.keys(this.store.issues).filter((r) => r.startsWith(value));
  }
}

const MANIFEST = manifestFor({
  RepoHandlers: { issues: { kind: 'resourceTemplate', params: [{ index: 0, name: 'repo', role: 'variable' }] } },
});

@Module({ providers: [IssueStore, RecordingGuard], handlers: [RepoHandlers], exports: [IssueStore] })
class RepoModule {}

// A mount is a dynamic module: re-exporting it takes the same object.
const repos = mount(RepoModule, { prefix: 'b' });

@Module({ imports: [repos], exports: [repos] })
class TeamModule {}

@Injectable()
class AppHandlers {
  constructor(private readonly store: IssueStore) {}

  @Tool()
  count(): string {
    return String(Object.keys(this.store.issues).length);
  }
}

@Module({ imports: [mount(TeamModule, { prefix: 'a' })], handlers: [AppHandlers] })
class AppModule {}

describe('mount(): a module served under a prefix', () => {
  let app: Armature;
  let conn: AppConnection;

  before(async () => {
    app = await Armature.create(AppModule, {
      name: 'mounts',
      version: '1.0.0',
      logger: silentLogger,
      manifest: MANIFEST,
      audit: { record: (event) => void audited.push(event) },
    });
    conn = await connectClient(app);
  });
  after(async () => {
    await conn.close();
    await app.close();
  });

  it('lists every name and URI under the nested prefixes, the outermost first', async () => {
    expect((await conn.client.listTools()).tools.map((t) => t.name)).to.deep.equal(['count', 'a_b_search', 'a_b_file']);
    expect((await conn.client.listPrompts()).prompts.map((p) => p.name)).to.deep.equal(['a_b_triage']);
    expect((await conn.client.listResources()).resources.map((r) => r.uri)).to.deep.equal(['repo://a/b/readme']);
    expect((await conn.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal([
      'repo://a/b/{repo}/issues',
    ]);
  });

  it('calls, reads and gets through the prefixes; unprefixed names are unknown', async () => {
    expect((await conn.client.callTool({ name: 'a_b_search', arguments: { q: 'x' } })).content).to.deep.equal([
      { type: 'text', text: 'found x' },
    ]);
    const unknown = await conn.client.callTool({ name: 'search', arguments: { q: 'x' } }).then(
      (r) => r,
      (e: unknown) => e as Error,
    );
    expect(String(unknown instanceof Error ? unknown.message : JSON.stringify(unknown))).to.match(/search/);
    const issues = await conn.client.readResource({ uri: 'repo://a/b/alpha/issues' });
    expect(issues.contents[0]).to.deep.include({ uri: 'repo://a/b/alpha/issues', text: '["crash on start"]' });
    const readme = await conn.client.readResource({ uri: 'repo://a/b/readme' });
    expect(readme.contents[0]).to.deep.include({ uri: 'repo://a/b/readme', text: '# Repos' });
    const prompt = await conn.client.getPrompt({ name: 'a_b_triage', arguments: { repo: 'beta' } });
    expect(JSON.stringify(prompt.messages)).to.include('Triage beta.');
  });

  it('completes prompt arguments and template variables by the served names', async () => {
    const byPrompt = await conn.client.complete({
      ref: { type: 'ref/prompt', name: 'a_b_triage' },
      argument: { name: 'repo', value: 'a' },
    });
    expect(byPrompt.completion.values).to.deep.equal(['alpha']);
    const byTemplate = await conn.client.complete({
      ref: { type: 'ref/resource', uri: 'repo://a/b/{repo}/issues' },
      argument: { name: 'repo', value: 'b' },
    });
    expect(byTemplate.completion.values).to.deep.equal(['beta']);
  });

  it('announces a URI the handler names in its own namespace under the mount', async () => {
    const updated: string[] = [];
    conn.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
    await conn.client.subscribeResource({ uri: 'repo://a/b/beta/issues' });
    await conn.client.callTool({ name: 'a_b_file', arguments: { repo: 'beta', title: 'typo' } });
    await until(() => updated.length > 0, 'the update');
    expect(updated).to.deep.equal(['repo://a/b/beta/issues']);
  });

  it('runs guards and rate limits with the served name', async () => {
    guarded.length = 0;
    const second = await conn.client.callTool({ name: 'a_b_search', arguments: { q: 'y' } });
    expect(second.isError).to.not.equal(true);
    expect(guarded).to.deep.equal(['tool:a_b_search']);
    // Two calls a minute (the first was an earlier test's): the third is refused, counted under the served name.
    const limited = await conn.client.callTool({ name: 'a_b_search', arguments: { q: 'z' } });
    expect(limited.isError).to.equal(true);
  });

  it('writes audit records with the served tool name and URI', () => {
    expect(audited.filter((e) => e.method === 'tools/call' && e.tool === 'a_b_search').length).to.be.at.least(2);
    expect(audited.some((e) => e.method === 'tools/call' && e.tool === 'search')).to.equal(true); // the unknown name, as sent
    expect(audited.some((e) => e.method === 'resources/read' && e.uri === 'repo://a/b/alpha/issues')).to.equal(true);
  });

  it('keeps the mounted module’s exports injectable where it is imported (through re-exports)', async () => {
    expect((await conn.client.callTool({ name: 'count', arguments: {} })).content).to.deep.equal([{ type: 'text', text: '2' }]);
  });
});

describe('mount(): problems refuse the boot', () => {
  @Module({ handlers: [RepoHandlers], providers: [IssueStore, RecordingGuard] })
  class Plain {}

  async function bootError(root: Parameters<typeof Armature.create>[0]): Promise<{ code?: string; message: string }> {
    return Armature.create(root, { name: 'x', version: '1', logger: silentLogger, manifest: MANIFEST }).then(
      async (app) => {
        await app.close();
        throw new Error('the app booted');
      },
      (error: unknown) => error as { code?: string; message: string },
    );
  }

  it('an invalid prefix: ARM_ERR_MOUNT_PREFIX', async () => {
    @Module({ imports: [mount(Plain, { prefix: 'git hub' })] })
    class Bad {}
    const error = await bootError(Bad);
    expect(error.code).to.equal('ARM_ERR_MOUNT_PREFIX');
    expect(error.message).to.include('mount prefix "git hub" may only contain letters, digits');
  });

  it('a prefix that makes a tool name longer than 128 characters: ARM_ERR_INVALID_TOOL_NAME', async () => {
    @Module({ imports: [mount(mount(mount(Plain, { prefix: 'x'.repeat(60) }), { prefix: 'y'.repeat(60) }), { prefix: 'z' })] })
    class Long {}
    const error = await bootError(Long);
    expect(error.code).to.equal('ARM_ERR_INVALID_TOOL_NAME');
  });

  it('a module with handlers under two paths: ARM_ERR_MOUNT_AMBIGUOUS', async () => {
    @Module({ imports: [mount(Plain, { prefix: 'one' }), mount(Plain, { prefix: 'two' })] })
    class Twice {}
    const error = await bootError(Twice);
    expect(error.code).to.equal('ARM_ERR_MOUNT_AMBIGUOUS');
    expect(error.message).to.include('Plain declares handlers and is imported under "one" and under "two"');
  });

  it('one handler class in two modules mounted apart (two forRoot()s): ARM_ERR_MOUNT_AMBIGUOUS', async () => {
    const twice = (prefix: string) => mount({ module: Plain, providers: [] }, { prefix });
    @Module({ imports: [twice('one'), twice('two')] })
    class TwoRoots {}
    const error = await bootError(TwoRoots);
    expect(error.code).to.equal('ARM_ERR_MOUNT_AMBIGUOUS');
    expect(error.message).to.include('RepoHandlers is a handler of modules mounted under "one" and under "two"');
  });

  it('two modules serving one name unmounted: ARM_ERR_DUPLICATE_NAME, which a mount resolves', async () => {
    @Injectable()
    class Other {
      @Tool({ inputSchema: { type: 'object' } })
      search(): string {
        return 'other';
      }
    }
    @Module({ handlers: [Other] })
    class OtherModule {}
    @Module({ imports: [Plain, OtherModule] })
    class Clash {}
    const error = await bootError(Clash);
    expect(error.code).to.equal('ARM_ERR_DUPLICATE_NAME');
    expect(error.message).to.include('RepoHandlers.search').and.to.include('Other.search').and.to.include('mount(');
    @Module({ imports: [Plain, mount(OtherModule, { prefix: 'other' })] })
    class Resolved {}
    const app = await Armature.create(Resolved, { name: 'x', version: '1', logger: silentLogger, manifest: MANIFEST });
    expect(app.tools.list().map((t) => t.name)).to.include.members(['search', 'other_search']);
    await app.close();
  });
});
