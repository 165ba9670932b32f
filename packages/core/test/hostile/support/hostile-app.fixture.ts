/**
 * An Armature app served over stdio for the hostile-input and shutdown tests, built only from
 * decorators (explicit schemas, no manifest). Configured by environment variables:
 * APP_TIMEOUT_MS (request deadline), APP_DRAIN_MS (drain window), APP_MAX_INFLIGHT
 * (maxInflightRequests), APP_RATE_LIMIT (calls per minute per session, app-wide), APP_MAX_BYTES
 * (not used by listen; the default 4 MiB applies), APP_MAX_URI_LENGTH (maxUriLength),
 * APP_MAX_LISTENS_PER_PRINCIPAL (maxListensPerPrincipal). Lifecycle notes go to stderr, never stdout.
 */
import 'reflect-metadata';
import { Injectable, Module, type OnDispose, type OnShutdown } from '@armature/di';
import { Armature } from '../../../src/app/armature.app';
import { RequestContext } from '../../../src/context/request-context';
import { Prompt } from '../../../src/decorators/prompt.decorator';
import { Resource } from '../../../src/decorators/resource.decorator';
import { Tool } from '../../../src/decorators/tool.decorator';
import { ToolError } from '../../../src/results/tool-error';

/** A thrown value whose every inspection throws (with a path in the message). */
function hostileValue(): object {
  const trap = (): never => {
    throw new Error('/etc/shadow');
  };
  return new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
}

function note(text: string): void {
  process.stderr.write(`fixture: ${text}\n`);
}

const OBJECT = { type: 'object' } as const;
const NOTE_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 100 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
    priority: { type: 'integer', minimum: 1, maximum: 5 },
  },
  required: ['title'],
  additionalProperties: false,
} as const;

@Injectable({ scope: 'session' })
class SessionState implements OnDispose {
  onDispose(): void {
    note('session disposed');
  }
}

/** Session-scoped, so each session has a scope for shutdown to dispose. */
@Injectable({ scope: 'session' })
class SessionHandlers {
  constructor(private readonly state: SessionState) {}

  @Tool()
  touch(): string {
    return this.state instanceof SessionState ? 'touched' : 'no state';
  }
}

@Injectable()
class HostileHandlers implements OnShutdown {
  @Tool({ inputSchema: { type: 'object', properties: { text: { type: 'string' } } } })
  echo(args: { text?: string }): string {
    return `echo ${args.text ?? ''}`;
  }

  /** Asks for a name (2026: an input-required round; the seeded fuzz sends it inputResponses and requestStates). */
  @Tool({ inputSchema: OBJECT, annotations: { destructiveHint: true } })
  async ask(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit(
      { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
      { key: 'name' },
    );
    return `asked: ${answer.action}`;
  }

  @Tool({ inputSchema: OBJECT })
  args(args: Record<string, unknown>): { keys: string[]; proto: boolean } {
    return { keys: Object.keys(args), proto: Object.getPrototypeOf(args) === Object.prototype };
  }

  @Tool({ inputSchema: NOTE_SCHEMA })
  create(args: { title: string }): string {
    return `created ${args.title}`;
  }

  @Tool({ name: 'constructor' })
  ctor(): string {
    return 'a tool named constructor is just a name';
  }

  @Tool({ inputSchema: { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 10000 } } } })
  async sleep(args: { ms?: number }, ctx: RequestContext): Promise<string> {
    note(`started sleep ${String(ctx.requestId)}`);
    await new Promise((resolve) => setTimeout(resolve, args.ms ?? 100));
    return `slept ${args.ms ?? 100} ms`;
  }

  @Tool()
  async until_aborted(ctx: RequestContext): Promise<string> {
    note(`started until_aborted ${String(ctx.requestId)}`);
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
    note(`aborted ${String(ctx.requestId)}: ${String((ctx.signal.reason as { code?: string }).code)}`);
    return 'aborted';
  }

  @Tool()
  never(ctx: RequestContext): Promise<string> {
    note(`started never ${String(ctx.requestId)}`);
    ctx.signal.addEventListener('abort', () =>
      note(`never aborted ${String(ctx.requestId)}: ${String((ctx.signal.reason as { code?: string }).code)}`),
    );
    return new Promise(() => undefined);
  }

  @Tool()
  throws_path(): never {
    throw new Error('ENOENT: no such file or directory, open /srv/armature/secrets/keys.json');
  }

  @Tool()
  throws_string(): never {
    // eslint-disable-next-line no-throw-literal
    throw '/home/deploy/.ssh/id_rsa';
  }

  @Tool()
  throws_proxy(): never {
    throw hostileValue();
  }

  @Tool()
  proxy_json(): unknown {
    return {
      toJSON: () => {
        throw hostileValue();
      },
    };
  }

  @Resource('hostile://proxy')
  proxyResource(): never {
    throw hostileValue();
  }

  @Prompt({
    arguments: [{ name: 'x', required: false }],
    complete: {
      x: () => {
        throw hostileValue();
      },
    },
  })
  trap(): never {
    throw hostileValue();
  }

  @Tool()
  throws_tool_error(): never {
    throw new ToolError('No such note. Call search first.');
  }

  @Tool()
  circular(): unknown {
    const value: Record<string, unknown> = { name: 'loop' };
    value.self = value;
    return value;
  }

  @Tool()
  bigint(): unknown {
    return { big: 10n };
  }

  @Tool()
  throwing_json(): unknown {
    return {
      toJSON: () => {
        throw new Error('/var/lib/armature/db.sqlite is locked');
      },
    };
  }

  @Resource('hostile://crash')
  crash(): string {
    throw new Error('resource failed reading /srv/armature/data/notes.db');
  }

  @Resource('hostile://circular')
  circularResource(): unknown {
    const value: Record<string, unknown> = {};
    value.self = value;
    return value;
  }

  @Prompt({
    arguments: [{ name: 'topic', required: false }],
    complete: {
      topic: () => {
        throw new Error('completer failed at /opt/app/completer.ts:9');
      },
    },
  })
  brief(): string {
    throw new Error('prompt failed at /opt/app/prompts.ts:3');
  }

  onShutdown(): void {
    note('onShutdown ran');
  }
}

@Module({ providers: [SessionState], handlers: [HostileHandlers, SessionHandlers] })
class HostileModule {}

function numberFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? undefined : Number(raw);
}

async function main(): Promise<void> {
  const requestTimeoutMs = numberFromEnv('APP_TIMEOUT_MS');
  const drainMs = numberFromEnv('APP_DRAIN_MS');
  const maxInflightRequests = numberFromEnv('APP_MAX_INFLIGHT');
  const rateLimit = numberFromEnv('APP_RATE_LIMIT');
  const maxUriLength = numberFromEnv('APP_MAX_URI_LENGTH');
  const maxListensPerPrincipal = numberFromEnv('APP_MAX_LISTENS_PER_PRINCIPAL');
  const app = await Armature.create(HostileModule, {
    name: 'hostile-fixture',
    version: '1.0.0',
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    ...(drainMs === undefined ? {} : { drainMs }),
    ...(maxInflightRequests === undefined ? {} : { maxInflightRequests }),
    ...(maxUriLength === undefined ? {} : { maxUriLength }),
    ...(maxListensPerPrincipal === undefined ? {} : { maxListensPerPrincipal }),
    ...(rateLimit === undefined ? {} : { rateLimit: { limit: rateLimit, windowMs: 60_000 } }),
  });
  await app.listen(['--stdio']);
  note('listening');
}

main().catch((error: unknown) => {
  note(`failed: ${String(error)}`);
  process.exitCode = 1;
});
