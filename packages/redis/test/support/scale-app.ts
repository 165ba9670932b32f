import type { Socket } from 'node:net';
import { Armature, McpNotifier, RequestContext, Resource, Tool, type TaskOptions } from '@armature/core';
import { Inject, Injectable, InjectionToken, Module } from '@armature/di';
import { listenHttp, type HttpListenHandle, type VerifyToken } from '@armature/http';
import { redisScaleOut, type RedisScaleOut } from '../../src/redis-scale-out';
import type { RedisSessionStoreOptions } from '../../src/redis-session-store';
import { workFor } from '@armature/transport-fixtures';

/** The instance a handler runs on. */
export const INSTANCE = new InjectionToken<string>('instance name');

/** What `log_when_told` waits on: opened by the test (`tellTasks()`), for every instance of this process. */
let told: () => void = () => undefined;
let whenTold = new Promise<void>((resolve) => (told = resolve));

/** Lets every `log_when_told` task waiting now go on. */
export function tellTasks(): void {
  told();
  whenTold = new Promise<void>((resolve) => (told = resolve));
}

const CONFIRM = { type: 'object' as const, properties: { confirm: { type: 'boolean' as const } }, required: ['confirm'] };

@Injectable()
export class ScaleTools {
  constructor(
    @Inject(INSTANCE) private readonly instance: string,
    private readonly notifier: McpNotifier,
  ) {}

  @Tool({ description: 'Tells every session that the tool list changed.', inputSchema: { type: 'object' } })
  tools_changed(): string {
    this.notifier.listChanged('tools');
    return `told by ${this.instance}`;
  }

  @Tool({
    description: 'Tells the subscribers of uri that it changed, then answers.',
    inputSchema: { type: 'object', properties: { uri: { type: 'string' } }, required: ['uri'] },
  })
  touch_note(args: { uri: string }): string {
    this.notifier.resourceUpdated(args.uri);
    return `updated on ${this.instance}`;
  }

  @Tool({ description: 'Names the instance that served the call.', inputSchema: { type: 'object' } })
  whoami(): string {
    return this.instance;
  }

  @Tool({ description: 'Asks the client to confirm, then says who asked.', inputSchema: { type: 'object' } })
  async confirm(_args: object, ctx: RequestContext): Promise<string> {
    const answer = await ctx.elicit({ mode: 'form', message: 'Go on?', requestedSchema: CONFIRM });
    return answer.action === 'accept' && answer.content?.confirm === true
      ? `confirmed on ${this.instance}`
      : `declined on ${this.instance}`;
  }

  @Tool({
    description: 'Works for ms milliseconds (as a task when asked), stopping when cancelled.',
    task: 'optional',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  })
  async job(args: { ms: number }, ctx: RequestContext): Promise<string> {
    await workFor(args.ms, ctx.signal);
    return `done on ${this.instance}`;
  }

  @Tool({
    description: 'Works through n steps of ms each (as a task when asked), saying "step i of n" as it goes.',
    task: 'optional',
    inputSchema: {
      type: 'object',
      properties: { n: { type: 'integer' }, ms: { type: 'integer' } },
      required: ['n', 'ms'],
    },
  })
  async steps(args: { n: number; ms: number }, ctx: RequestContext): Promise<string> {
    for (let i = 1; i <= args.n && !ctx.signal.aborted; i += 1) {
      await ctx.progress(i, args.n, `step ${i} of ${args.n}`);
      await workFor(args.ms, ctx.signal);
    }
    return `${args.n} steps on ${this.instance}`;
  }

  @Tool({
    description: 'As a task: logs at info and at error, then asks the client to confirm, and says who asked.',
    task: 'required',
    inputSchema: { type: 'object' },
  })
  async ask_in_task(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.log.info(`info from ${this.instance}`);
    await ctx.log.error(`error from ${this.instance}`);
    let answer;
    try {
      answer = await ctx.elicit({ mode: 'form', message: 'Go on?', requestedSchema: CONFIRM });
    } catch (error) {
      return `no answer on ${this.instance}: ${error instanceof Error ? error.message : String(error)}`;
    }
    return answer.action === 'accept' && answer.content?.confirm === true
      ? `confirmed on ${this.instance}`
      : `declined on ${this.instance}`;
  }

  @Tool({
    description: 'As a task: waits until the test says so (tellTasks), then logs at error and answers.',
    task: 'required',
    inputSchema: { type: 'object' },
  })
  async log_when_told(_args: object, ctx: RequestContext): Promise<string> {
    await Promise.race([whenTold, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
    if (ctx.signal.aborted) return 'aborted';
    await ctx.log.error(`told on ${this.instance}`);
    return `told on ${this.instance}`;
  }

  @Tool({ description: 'Answers at once and logs a moment later, when its request is over.', inputSchema: { type: 'object' } })
  late_log(_args: object, ctx: RequestContext): string {
    setTimeout(() => void ctx.log.warning(`late from ${this.instance}`), 20).unref();
    return 'logged later';
  }

  @Resource('notes://index', { description: 'The notes (subscribers hear of any note: notes://<id>).', mimeType: 'text/plain' })
  index(): string {
    return 'notes';
  }
}

@Module({ providers: [{ provide: INSTANCE, useValue: 'unnamed' }], handlers: [ScaleTools] })
export class ScaleModule {}

/** One instance of the server: its app and HTTP endpoint on their own Redis connection, as a process would have. */
export interface ScaleInstance {
  readonly name: string;
  readonly app: Armature;
  readonly http: HttpListenHandle;
  readonly scale: RedisScaleOut;
  readonly errors: Error[];
  /** Graceful: the app drains, the endpoint closes (within `drainMs`, default 0), the connection goes. */
  close(drainMs?: number): Promise<void>;
  /** A graceful shutdown as SIGTERM runs it under `app.listen()`: the app and its endpoint close together, in one window of `drainMs`. */
  shutdown(drainMs: number): Promise<void>;
  /** Abrupt: every socket destroyed mid-stream, nothing drained (what a crash looks like to clients). */
  crash(): Promise<void>;
}

export async function startScaleInstance(
  name: string,
  redisUrl: string,
  options: {
    commandTimeoutMs?: number;
    verifyToken?: VerifyToken;
    tasks?: Pick<TaskOptions, 'leaseMs' | 'leaseRenewMs' | 'maxActivePerOwner'>;
    sessions?: RedisSessionStoreOptions;
    appendWaitMs?: number;
    /** The endpoint's `sessionIdleTimeoutMs` (its copies idle out after it). */
    sessionIdleTimeoutMs?: number;
  } = {},
): Promise<ScaleInstance> {
  const errors: Error[] = [];
  const scale = redisScaleOut({
    url: redisUrl,
    commandTimeoutMs: options.commandTimeoutMs ?? 2_000,
    onError: (error) => errors.push(error),
    ...(options.sessions === undefined ? {} : { sessions: options.sessions }),
  });
  const app = await Armature.create(ScaleModule, {
    name,
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    overrides: [{ provide: INSTANCE, useValue: name }],
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
    ...scale.appOptions,
    tasks: { ...scale.appOptions.tasks, ...options.tasks },
  });
  const http = await listenHttp(app, {
    port: 0,
    ...scale.httpOptions,
    onError: (error) => errors.push(error),
    ...(options.verifyToken === undefined ? {} : { verifyToken: options.verifyToken }),
    ...(options.appendWaitMs === undefined ? {} : { appendWaitMs: options.appendWaitMs }),
    ...(options.sessionIdleTimeoutMs === undefined ? {} : { sessionIdleTimeoutMs: options.sessionIdleTimeoutMs }),
  });
  await scale.ready();
  const sockets = new Set<Socket>();
  http.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let closed = false;
  return {
    name,
    app,
    http,
    scale,
    errors,
    async close(drainMs = 0) {
      if (closed) return;
      closed = true;
      await app.close({ drainMs: 0 });
      await http.close(drainMs);
      await scale.close();
    },
    async shutdown(drainMs: number) {
      if (closed) return;
      closed = true;
      await Promise.all([app.close({ drainMs }), http.close(drainMs)]);
      await scale.close();
    },
    async crash() {
      if (closed) return;
      closed = true;
      for (const socket of sockets) socket.destroy();
      http.server.close();
      // The process would be gone: its Redis connections too. The app is closed only to free this test process.
      await scale.close();
      await app.close({ drainMs: 0 }).catch(() => undefined);
    },
  };
}
