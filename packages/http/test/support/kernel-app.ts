import { ServerSession } from '@armature/core/internal';
import type { RequestContext, ServerLogger, Tool, Transport } from '@armature/core';
import type { CallToolResult } from '@armature/core/wire/2025-11-25';
import type { ConnectableApp, ConnectedSession, ConnectOptions, ServerFeatures, ServerSessionOptions } from '@armature/core/internal';
import { CallGates } from './call-gates';

/**
 * A real peer built on our own protocol engine (`ServerSession`) with a hand-written
 * `ServerFeatures`, so transport tests exercise the kernel without the application layer.
 * Same tools as the SDK peer (echo, progress, gated, elicit, log) plus whoami (ctx.authInfo)
 * and barrier (answers only once `n` calls are waiting at the same time).
 */
export interface KernelApp extends ConnectableApp {
  readonly sessions: Set<ServerSession>;
  release(key: string): void;
  started(key: string): Promise<void>;
  notifyToolsChanged(): Promise<void>;
}

const quiet: ServerLogger = { error: () => undefined, warn: () => undefined, debug: () => undefined };
const GATE_TIMEOUT_MS = 10_000;
const TOOLS: readonly Tool[] = Object.freeze(
  ['echo', 'progress', 'gated', 'elicit', 'log', 'whoami', 'barrier'].map((name) => ({ name, inputSchema: { type: 'object' as const } })),
);

function text(value: string): CallToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/** @param sessionOptions Extra options of every session (e.g. `maxInflightRequests`). */
export function createKernelApp(sessionOptions: Partial<ServerSessionOptions> = {}): KernelApp {
  const sessions = new Set<ServerSession>();
  const gates = new CallGates();
  const barrier: { waiting: (() => void)[] } = { waiting: [] };

  const features: ServerFeatures = {
    tools: {
      list: () => TOOLS,
      async call(name: string, args: Record<string, unknown> | undefined, ctx: RequestContext): Promise<CallToolResult> {
        const a = args ?? {};
        switch (name) {
          case 'echo':
            return text(String(a.text ?? ''));
          case 'progress': {
            const steps = Number(a.steps ?? 3);
            for (let i = 1; i <= steps; i++) await ctx.progress(i, steps);
            return text('done');
          }
          case 'gated': {
            const key = String(a.key);
            const gate = gates.hold(key);
            await ctx.progress(1);
            gates.markStarted(key);
            await gate;
            await ctx.progress(2);
            return text(`gated:${key}`);
          }
          case 'elicit':
            try {
              const result = await ctx.elicit({
                mode: 'form',
                message: 'Name?',
                requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
              });
              return text(JSON.stringify(result));
            } catch (error) {
              return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
            }
          case 'barrier': {
            const n = Number(a.n);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, GATE_TIMEOUT_MS);
              barrier.waiting.push(() => {
                clearTimeout(timer);
                resolve();
              });
              if (barrier.waiting.length >= n) for (const release of barrier.waiting.splice(0)) release();
            });
            return text(`${String(a.tag)}@${String(ctx.requestId)}`);
          }
          case 'whoami':
            return text(ctx.authInfo?.clientId ?? 'anonymous');
          case 'log':
            await ctx.log.info('hello');
            return text('logged');
          default:
            throw new Error(`unknown tool ${name}`);
        }
      },
    },
  };

  return {
    sessions,
    async connect(transport: Transport, options?: ConnectOptions): Promise<ConnectedSession> {
      const session = new ServerSession(transport, {
        serverInfo: { name: 'kernel-peer', version: '1.0.0' },
        features,
        logger: quiet,
        assumeInitialized: options?.assumeInitialized,
        ...sessionOptions,
      });
      sessions.add(session);
      const previous = transport.onclose;
      transport.onclose = () => {
        sessions.delete(session);
        previous?.();
      };
      await session.start();
      return session;
    },
    release: (key) => gates.release(key),
    started: (key) => gates.started(key),
    async notifyToolsChanged() {
      await Promise.all([...sessions].map((session) => session.notifyListChanged('tools')));
    },
  };
}
