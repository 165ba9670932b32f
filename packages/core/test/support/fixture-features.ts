import type { RequestContext, SessionInfo, SessionScope } from '../../src/context/request-context';
import { McpWireError } from '../../src/errors/wire-error';
import type { CallToolResult, Prompt, Resource, ResourceTemplate, Tool } from '../../src/wire/mcp-types.generated';
import type { ServerFeatures } from '../../src/protocol/server-features';

/** What the fixture observed, for assertions. */
export interface FixtureProbe {
  /** Abort reasons seen by handlers, by tool name. */
  readonly aborts: Map<string, unknown>;
  /** Sessions opened via `openSession`, and how many scopes were disposed. */
  readonly sessions: SessionInfo[];
  disposedScopes: number;
  /** Called when a handler starts, by tool name (lets a test wait for "work has begun"). */
  readonly started: Map<string, () => void>;
}

/** Options of the fixture. */
export interface FixtureOptions {
  /** Adds `tool_0000 … tool_N` to the tool list (pagination tests). */
  readonly extraTools?: number;
  readonly subscribe?: boolean;
  readonly withoutResources?: boolean;
  readonly withoutPrompts?: boolean;
  readonly withoutCompletions?: boolean;
}

/** The hand-written features plus the knobs tests turn. */
export interface FixtureFeatures extends ServerFeatures {
  readonly probe: FixtureProbe;
  /** Replaces the tool list with one more tool (list_changed tests). */
  addTool(name: string): void;
}

const EMPTY_OBJECT_SCHEMA = { type: 'object', additionalProperties: false } as const;

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

function errorText(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return `error ${String(code)}: ${(error as Error).message}`;
}

const BASE_TOOLS: Tool[] = [
  {
    name: 'echo',
    description: 'Echo text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'add',
    description: 'Add two numbers.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    annotations: { readOnlyHint: true },
  },
  ...[
    'slow',
    'progress',
    'ask',
    'ask_url',
    'sample',
    'roots',
    'crash',
    'crash_error',
    'circular',
    'bigint',
    'wire_error',
    'non_object',
    'constructor',
    'late_log',
  ].map((name): Tool => ({ name, description: `Fixture tool ${name}.`, inputSchema: EMPTY_OBJECT_SCHEMA })),
];

/** Waits for the request's signal to abort; records the reason. */
function untilAborted(name: string, ctx: RequestContext, probe: FixtureProbe): Promise<CallToolResult> {
  return new Promise((resolve) => {
    ctx.signal.addEventListener('abort', () => {
      probe.aborts.set(name, ctx.signal.reason);
      resolve(text('finished after abort'));
    });
  });
}

async function callTool(
  name: string,
  args: Record<string, unknown> | undefined,
  ctx: RequestContext,
  probe: FixtureProbe,
): Promise<CallToolResult> {
  probe.started.get(name)?.();
  switch (name) {
    case 'echo':
      return text(String(args?.text));
    case 'add': {
      const sum = Number(args?.a) + Number(args?.b);
      return { content: [{ type: 'text', text: JSON.stringify({ sum }) }], structuredContent: { sum } };
    }
    case 'slow':
      return untilAborted(name, ctx, probe);
    case 'progress':
      await ctx.progress(1, 3, 'one');
      await ctx.log.info({ step: 1 }, 'fixture');
      await ctx.progress(1, 3, 'not increasing: dropped');
      await ctx.log.debug('below the default level: dropped');
      await ctx.progress(2, 3);
      await ctx.log.warning('two');
      return text('done');
    case 'ask':
      return ctx
        .elicit({
          mode: 'form',
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        })
        .then(
          (r) => text(JSON.stringify(r)),
          (e: unknown) => text(errorText(e)),
        );
    case 'ask_url':
      return ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e-1' }).then(
        (r) => text(JSON.stringify(r)),
        (e: unknown) => text(errorText(e)),
      );
    case 'sample':
      return ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 }).then(
        (r) => text(JSON.stringify(r)),
        (e: unknown) => text(errorText(e)),
      );
    case 'roots':
      return ctx.listRoots().then(
        (r) => text(JSON.stringify(r)),
        (e: unknown) => text(errorText(e)),
      );
    case 'crash':
      // eslint-disable-next-line no-throw-literal -- the engine must survive a handler that throws a non-Error
      throw 'a string, not an Error';
    case 'crash_error':
      throw new Error('secret at /home/user/app/secret.ts:12');
    case 'circular': {
      const result: Record<string, unknown> = { content: [] };
      result.self = result;
      return result as unknown as CallToolResult;
    }
    case 'bigint':
      return { content: [], big: BigInt(1) } as unknown as CallToolResult;
    case 'wire_error':
      throw new McpWireError(-32602, 'Bad argument: try again with a number', { field: 'x' });
    case 'non_object':
      return 42 as unknown as CallToolResult;
    case 'constructor':
      return text('just a name');
    case 'late_log':
      setImmediate(() => void ctx.log.error('after the result'));
      return text('ok');
    default:
      if (name.startsWith('tool_')) return text(name);
      throw McpWireError.invalidParams(`Unknown tool: ${name}`);
  }
}

/** A hand-written `ServerFeatures` covering every method the engine serves. */
export function createFixtureFeatures(options: FixtureOptions = {}): FixtureFeatures {
  const probe: FixtureProbe = { aborts: new Map(), sessions: [], disposedScopes: 0, started: new Map() };
  const extra = Array.from({ length: options.extraTools ?? 0 }, (_, i): Tool => ({
    name: `tool_${String(i).padStart(4, '0')}`,
    inputSchema: EMPTY_OBJECT_SCHEMA,
  }));
  let tools: readonly Tool[] = Object.freeze([...BASE_TOOLS, ...extra]);
  const resources: readonly Resource[] = Object.freeze([{ uri: 'fixture://static', name: 'static', mimeType: 'text/plain' }]);
  const templates: readonly ResourceTemplate[] = Object.freeze([{ uriTemplate: 'fixture://items/{id}', name: 'item' }]);
  const prompts: readonly Prompt[] = Object.freeze([
    { name: 'greet', description: 'Greet someone.', arguments: [{ name: 'name', required: true }] },
  ]);

  const features: FixtureFeatures = {
    probe,
    addTool(name: string) {
      tools = Object.freeze([...tools, { name, inputSchema: EMPTY_OBJECT_SCHEMA }]);
    },
    tools: {
      list: () => tools,
      call: (name, args, ctx) => callTool(name, args, ctx, probe),
    },
    resources: options.withoutResources
      ? undefined
      : {
          subscribe: options.subscribe ?? true,
          list: () => resources,
          templates: () => templates,
          read: (uri) => {
            if (uri === 'fixture://static') return { contents: [{ uri, mimeType: 'text/plain', text: 'static text' }] };
            if (uri.startsWith('fixture://items/')) return { contents: [{ uri, text: `item ${uri.slice(16)}` }] };
            throw McpWireError.resourceNotFound(uri);
          },
        },
    prompts: options.withoutPrompts
      ? undefined
      : {
          list: () => prompts,
          get: (name, args) => {
            if (name !== 'greet') throw McpWireError.invalidParams(`Unknown prompt: ${name}`);
            if (args?.name === undefined) throw McpWireError.invalidParams('Missing required argument: name');
            return { messages: [{ role: 'user', content: { type: 'text', text: `Hello, ${args.name}!` } }] };
          },
        },
    completions: options.withoutCompletions
      ? undefined
      : {
          complete: (params) => {
            if (params.argument.value === 'many') return { completion: { values: Array.from({ length: 150 }, (_, i) => `v${i}`) } };
            const names = ['alice', 'albert', 'bob'].filter((n) => n.startsWith(params.argument.value));
            return { completion: { values: names, total: names.length, hasMore: false } };
          },
        },
    openSession(info: SessionInfo): SessionScope {
      probe.sessions.push(info);
      return {
        dispose: async () => {
          probe.disposedScopes++;
        },
      };
    },
  };
  return features;
}
