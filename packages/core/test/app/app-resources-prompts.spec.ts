import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Armature } from '../../src/app/armature.app';
import { McpNotifier } from '../../src/app/mcp-notifier';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';
import type { CompletionContext } from '../../src/metadata/handler-metadata.types';
import { Prompt } from '../../src/decorators/prompt.decorator';
import { ResourceTemplate } from '../../src/decorators/resource-template.decorator';
import { Resource } from '../../src/decorators/resource.decorator';
import { ToolError } from '../../src/results/tool-error';
import { waitUntil } from '../support/wait';
import { arg, builtManifest, manifestFor } from './support/manifest-builder';
import { connectClient, RecordingLogger, type AppConnection } from './support/app-client';

const NOTES = new Map([
  ['n1', '# One'],
  ['n2', '# Two'],
  ['x9', '# Nine'],
]);

@Injectable()
class DocHandlers {
  constructor(private readonly notifier: McpNotifier) {}

  @Tool() touch(ctx: RequestContext): string {
    this.notifier.resourceUpdated('docs://notes/n1');
    return ctx.method;
  }

  @Resource('docs://index', { mimeType: 'application/json', description: 'All ids', title: 'Index', size: 10 })
  index(): string[] {
    return [...NOTES.keys()];
  }

  @Resource('docs://logo', { mimeType: 'image/png' })
  logo(): Buffer {
    return Buffer.from([1, 2, 3]);
  }

  @Resource('docs://gone')
  gone(): undefined {
    return undefined;
  }

  @ResourceTemplate('docs://notes/{id}', { mimeType: 'text/markdown', complete: { id: 'completeId' } })
  note(id: string): string | undefined {
    return NOTES.get(id);
  }

  @ResourceTemplate('docs://files{/path*}', { name: 'files' })
  file(path: string[]): string {
    return `path=${JSON.stringify(path)}`;
  }

  completeId(value: string, context: CompletionContext): string[] {
    return [...NOTES.keys()].filter((k) => k.startsWith(value) && context.request.method === 'completion/complete');
  }

  @Prompt({
    title: 'Summarize',
    complete: { id: 'completeId', style: (value: string) => ['short', 'long'].filter((s) => s.startsWith(value)) },
  })
  summarize(id: string, style = 'short'): string {
    const note = NOTES.get(id);
    if (!note) throw new ToolError(`No note "${id}"`);
    return `Summarize (${style}): ${note}`;
  }

  @Prompt()
  many(): string[] {
    return Array.from({ length: 150 }, (_, i) => `m${i}`);
  }

  @Prompt({ arguments: [{ name: 'q', required: true }] })
  explicit(args: Record<string, string>): unknown {
    return [{ role: 'assistant', content: { type: 'text', text: `q=${args.q}` } }];
  }

  @Prompt({ complete: { n: 'lots' } })
  numbered(n: string): string {
    return n;
  }

  lots(): string[] {
    return Array.from({ length: 250 }, (_, i) => String(i));
  }

  @Prompt()
  broken(): unknown {
    return 42;
  }
}

// The form `armature build` writes (each distinct schema once, referred to by index).
const manifest = builtManifest(
  manifestFor({
    DocHandlers: {
      note: { kind: 'resourceTemplate', params: [{ index: 0, name: 'id', role: 'variable' }] },
      file: { kind: 'resourceTemplate', params: [{ index: 0, name: 'path', role: 'variable' }] },
      summarize: {
        kind: 'prompt',
        description: 'Summarize a note.',
        params: [arg(0, 'id'), arg(1, 'style', false)],
        arguments: [
          { name: 'id', description: 'Note id', required: true },
          { name: 'style', required: false },
        ],
      },
      numbered: { kind: 'prompt', params: [arg(0, 'n')] },
    },
  }),
);

@Module({ handlers: [DocHandlers] })
class DocsModule {}

function errorOf(promise: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown } | undefined> {
  return promise.then(
    () => undefined,
    (e: unknown) => e as { code: number; message: string; data?: unknown },
  );
}

describe('app: resources, prompts and completion through the official SDK client', () => {
  let app: Armature;
  let conn: AppConnection;
  const logger = new RecordingLogger();

  before(async () => {
    app = await Armature.create(DocsModule, { name: 'docs', version: '1.0.0', manifest, logger });
    conn = await connectClient(app);
  });
  after(async () => {
    await conn.close();
    await app.close();
  });

  it('declares resources (with subscribe), prompts and completions', () => {
    const caps = conn.client.getServerCapabilities();
    expect(caps?.resources).to.deep.equal({ subscribe: true, listChanged: true });
    expect(caps?.prompts).to.deep.equal({ listChanged: true });
    expect(caps?.completions).to.deep.equal({});
  });

  it('lists resources and templates with their options', async () => {
    const { resources } = await conn.client.listResources();
    expect(resources[0]).to.deep.equal({
      uri: 'docs://index',
      name: 'index',
      title: 'Index',
      description: 'All ids',
      mimeType: 'application/json',
      size: 10,
    });
    const { resourceTemplates } = await conn.client.listResourceTemplates();
    expect(resourceTemplates).to.deep.equal([
      { uriTemplate: 'docs://notes/{id}', name: 'note', mimeType: 'text/markdown' },
      { uriTemplate: 'docs://files{/path*}', name: 'files' },
    ]);
  });

  it('reads fixed resources as JSON and blobs', async () => {
    expect(await conn.client.readResource({ uri: 'docs://index' })).to.deep.equal({
      contents: [{ uri: 'docs://index', mimeType: 'application/json', text: '["n1","n2","x9"]' }],
    });
    expect((await conn.client.readResource({ uri: 'docs://logo' })).contents).to.deep.equal([
      { uri: 'docs://logo', mimeType: 'image/png', blob: 'AQID' },
    ]);
  });

  it('reads through templates with decoded variables', async () => {
    expect((await conn.client.readResource({ uri: 'docs://notes/n2' })).contents).to.deep.equal([
      { uri: 'docs://notes/n2', mimeType: 'text/markdown', text: '# Two' },
    ]);
    expect((await conn.client.readResource({ uri: 'docs://files/a/b%20c' })).contents[0]).to.deep.include({ text: 'path=["a","b c"]' });
  });

  it('answers unknown URIs, undefined results and unsafe values with -32002 and data.uri', async () => {
    for (const uri of ['docs://nothing', 'docs://gone', 'docs://notes/zz', 'docs://files/../../etc/passwd', 'docs://notes/%2e%2e']) {
      const error = await errorOf(conn.client.readResource({ uri }));
      expect(error?.code, uri).to.equal(-32002);
      expect(error?.data, uri).to.deep.equal({ uri });
    }
  });

  it('notifies subscribers of an updated resource (app.resources or an injected McpNotifier), and only them', async () => {
    const updated: string[] = [];
    conn.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    await conn.client.subscribeResource({ uri: 'docs://notes/n1' });
    app.resources.notifyUpdated('docs://notes/n2');
    app.resources.notifyUpdated('docs://notes/n1');
    await waitUntil(() => updated.length > 0, 'resources/updated');
    expect(updated).to.deep.equal(['docs://notes/n1']);
    await conn.client.callTool({ name: 'touch', arguments: {} });
    await waitUntil(() => updated.length > 1, 'resources/updated from an injected McpNotifier');
    expect(updated).to.deep.equal(['docs://notes/n1', 'docs://notes/n1']);
    await conn.client.unsubscribeResource({ uri: 'docs://notes/n1' });
  });

  it('lists prompts with their arguments', async () => {
    const { prompts } = await conn.client.listPrompts();
    expect(prompts.find((p) => p.name === 'summarize')).to.deep.equal({
      name: 'summarize',
      title: 'Summarize',
      description: 'Summarize a note.',
      arguments: [
        { name: 'id', description: 'Note id', required: true },
        { name: 'style', required: false },
      ],
    });
    expect(prompts.find((p) => p.name === 'many')).to.deep.equal({ name: 'many' });
  });

  it('gets prompts: string → user message, defaults apply, extra arguments ignored', async () => {
    const result = await conn.client.getPrompt({ name: 'summarize', arguments: { id: 'n1', other: 'x' } });
    expect(result).to.deep.equal({
      description: 'Summarize a note.',
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize (short): # One' } }],
    });
    expect((await conn.client.getPrompt({ name: 'many' })).messages).to.have.length(150);
    expect((await conn.client.getPrompt({ name: 'explicit', arguments: { q: 'why' } })).messages[0]).to.deep.equal({
      role: 'assistant',
      content: { type: 'text', text: 'q=why' },
    });
  });

  it('answers unknown prompts, missing arguments and ToolError with -32602', async () => {
    expect((await errorOf(conn.client.getPrompt({ name: 'nope' })))?.code).to.equal(-32602);
    const missing = await errorOf(conn.client.getPrompt({ name: 'summarize', arguments: {} }));
    expect(missing?.code).to.equal(-32602);
    expect(missing?.message).to.include('"id"');
    const refused = await errorOf(conn.client.getPrompt({ name: 'summarize', arguments: { id: 'zz' } }));
    expect(refused?.code).to.equal(-32602);
    expect(refused?.message).to.include('No note "zz"');
  });

  it('answers -32603 when a prompt returns something that is not messages', async () => {
    const error = await errorOf(conn.client.getPrompt({ name: 'broken' }));
    expect(error?.code).to.equal(-32603);
    expect(logger.errors.some((e) => e.message.includes('broken'))).to.equal(true);
  });

  it('completes template variables and prompt arguments (method names and functions)', async () => {
    const template = await conn.client.complete({
      ref: { type: 'ref/resource', uri: 'docs://notes/{id}' },
      argument: { name: 'id', value: 'n' },
    });
    expect(template.completion).to.deep.equal({ values: ['n1', 'n2'], total: 2, hasMore: false });
    const prompt = await conn.client.complete({ ref: { type: 'ref/prompt', name: 'summarize' }, argument: { name: 'style', value: 'l' } });
    expect(prompt.completion.values).to.deep.equal(['long']);
    const none = await conn.client.complete({ ref: { type: 'ref/prompt', name: 'many' }, argument: { name: 'x', value: '' } });
    expect(none.completion.values).to.deep.equal([]);
  });

  it('caps completions at 100 values with total and hasMore', async () => {
    const result = await conn.client.complete({ ref: { type: 'ref/prompt', name: 'numbered' }, argument: { name: 'n', value: '' } });
    expect(result.completion.values).to.have.length(100);
    expect(result.completion).to.deep.include({ total: 250, hasMore: true });
  });

  it('answers completion for an unknown prompt or template with -32602', async () => {
    expect(
      (await errorOf(conn.client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } })))?.code,
    ).to.equal(-32602);
    expect(
      (await errorOf(conn.client.complete({ ref: { type: 'ref/resource', uri: 'x://{nope}' }, argument: { name: 'a', value: '' } })))?.code,
    ).to.equal(-32602);
  });
});
