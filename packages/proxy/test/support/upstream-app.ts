import { Armature, silentLogger, ToolError } from '@armature/core';
import { Module } from '@armature/di';
import { listenHttp, type HttpListenHandle, type VerifyToken } from '@armature/http';

@Module({})
class UpstreamModule {}

/** What the test upstream saw, for assertions made downstream. */
export interface UpstreamRecord {
  /** Calls of `wait` whose request was cancelled, by their `label` argument. */
  readonly cancelled: string[];
  /** The bearer tokens `whoami` was called with. */
  readonly tokens: (string | undefined)[];
  /** The method of every request the upstream served, in order. */
  readonly methods: string[];
}

export interface TestUpstream {
  readonly app: Armature;
  readonly url: string;
  readonly record: UpstreamRecord;
  close(): Promise<void>;
}

/**
 * An Armature server over Streamable HTTP on 127.0.0.1 (an OS-chosen port, or `port` to come
 * back on the same one after a restart), with tools that exercise what the proxy passes
 * through: output schemas, progress, cancellation, elicitation, sampling, the caller's token;
 * a resource, a template and a prompt.
 */
export async function startUpstream(options: { port?: number; verifyToken?: VerifyToken } = {}): Promise<TestUpstream> {
  const record: UpstreamRecord = { cancelled: [], tokens: [], methods: [] };
  const app = await Armature.create(UpstreamModule, {
    name: 'test-upstream',
    version: '1.0.0',
    logger: silentLogger,
    requestObserver: {
      start: (request) => {
        record.methods.push(request.method);
        return undefined;
      },
    },
  });
  app.tools.register({
    name: 'echo',
    description: 'Echoes the text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    outputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    handler: (args) => ({ text: String(args.text) }),
  });
  app.tools.register({
    name: 'count',
    description: 'Counts to `to`, with a progress notification per step.',
    inputSchema: { type: 'object', properties: { to: { type: 'integer', minimum: 1, maximum: 20 } }, required: ['to'] },
    handler: async (args, ctx) => {
      const to = Number(args.to);
      for (let i = 1; i <= to; i++) await ctx.progress(i, to, `step ${i}`);
      return `counted to ${to}`;
    },
  });
  app.tools.register({
    name: 'wait',
    description: 'Waits until cancelled (at most 20 s).',
    inputSchema: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
    handler: async (args, ctx) => {
      await ctx.progress(0, 1, 'waiting');
      const aborted = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 20_000);
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (aborted) record.cancelled.push(String(args.label));
      return aborted ? 'cancelled' : 'done';
    },
  });
  app.tools.register({
    name: 'ask_color',
    description: "Asks the user's favourite colour.",
    handler: async (_args, ctx) => {
      const answer = await ctx.elicit({
        mode: 'form',
        message: 'Your favourite colour?',
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      });
      return answer.action === 'accept' ? `color: ${String(answer.content?.color)}` : `no answer (${answer.action})`;
    },
  });
  app.tools.register({
    name: 'haiku',
    description: 'Asks the client model for a haiku.',
    handler: async (_args, ctx) => {
      const result = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'A haiku, please.' } }], maxTokens: 50 });
      const content = result.content as { type: string; text?: string };
      return `model said: ${content.type === 'text' ? String(content.text) : content.type}`;
    },
  });
  app.tools.register({
    name: 'whoami',
    description: 'Says which bearer token reached the upstream (by its client id).',
    handler: (_args, ctx) => {
      record.tokens.push(ctx.authInfo?.token);
      if (ctx.authInfo === undefined) throw new ToolError('no token reached the upstream');
      return `client ${ctx.authInfo.clientId}`;
    },
  });
  app.tools.register({
    name: 'cancelled_calls',
    description: 'The labels of the `wait` calls that were cancelled.',
    handler: () => record.cancelled.join(',') || '(none)',
  });
  app.tools.register({
    name: 'add_tool',
    description: 'Registers one more tool (the upstream then sends tools/list_changed).',
    inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z_]{1,32}$' } }, required: ['name'] },
    handler: (args) => {
      app.tools.register({ name: String(args.name), description: 'Added at run time.', handler: () => 'added' });
      return 'ok';
    },
  });
  app.tools.register({
    name: 'touch_pad',
    description: 'Tells subscribers of memo://pad that it changed.',
    handler: () => {
      app.resources.notifyUpdated('memo://pad');
      return 'touched';
    },
  });
  app.resources.register({ uri: 'memo://pad', name: 'pad', mimeType: 'text/plain', handler: () => 'the pad' });
  app.resources.register({
    uriTemplate: 'memo://pads/{id}',
    name: 'pads',
    mimeType: 'text/plain',
    handler: (variables) => `pad ${String(variables.id)}`,
    complete: { id: (value) => ['alpha', 'beta'].filter((id) => id.startsWith(value)) },
  });
  app.prompts.register({
    name: 'greet',
    description: 'Greets someone.',
    arguments: [{ name: 'who', required: true }],
    handler: (args) => `Say hello to ${args.who}.`,
  });
  let http: HttpListenHandle;
  try {
    http = await listenHttp(app, {
      port: options.port ?? 0,
      ...(options.verifyToken === undefined ? {} : { verifyToken: options.verifyToken }),
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    app,
    url: http.url,
    record,
    close: async () => {
      await http.close();
      await app.close();
    },
  };
}
