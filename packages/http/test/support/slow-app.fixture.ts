/**
 * An Armature app served by `app.listen()` in a child process, for the SIGTERM tests: one tool,
 * `slow`, reports progress every 50 ms for `ms` milliseconds and stops early when its signal
 * aborts; with `hold: true` it then waits, before answering, until the test writes `release` to
 * the child's stdin (HTTP mode only), so a test can keep the drain running for as long as it
 * needs. Configured by environment variables: APP_DRAIN_MS (drain window), APP_TRANSPORT
 * (`--http` or `--stdio`, default `--http`). Lifecycle notes go to stderr.
 */
import 'reflect-metadata';
import { Injectable, Module, type OnShutdown } from '@armature/di';
import { Armature, RequestContext, Tool } from '@armature/core';
// Registers `--http` with app.listen(), as an app's entry file would.
import '../../src/register';

function note(text: string): void {
  process.stderr.write(`fixture: ${text}\n`);
}

/** Opens once the test writes `release` to stdin; the held calls answer then. */
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

@Injectable()
class SlowHandlers implements OnShutdown {
  @Tool({
    inputSchema: {
      type: 'object',
      properties: { ms: { type: 'integer', minimum: 0, maximum: 60000 }, hold: { type: 'boolean' } },
    },
  })
  async slow(args: { ms?: number; hold?: boolean }, ctx: RequestContext): Promise<string> {
    const total = args.ms ?? 1000;
    const steps = Math.max(1, Math.ceil(total / 50));
    for (let step = 1; step <= steps && !ctx.signal.aborted; step++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await ctx.progress(step, steps);
    }
    if (args.hold === true && !ctx.signal.aborted) {
      await Promise.race([released, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
    }
    return ctx.signal.aborted ? 'aborted' : `slept ${total} ms`;
  }

  onShutdown(): void {
    note('onShutdown ran');
  }
}

@Module({ handlers: [SlowHandlers] })
class SlowModule {}

async function main(): Promise<void> {
  const drain = process.env.APP_DRAIN_MS;
  const app = await Armature.create(SlowModule, {
    name: 'slow-fixture',
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    ...(drain === undefined || drain === '' ? {} : { drainMs: Number(drain) }),
  });
  const transport = process.env.APP_TRANSPORT ?? '--http';
  if (transport !== '--stdio') {
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      if (chunk.includes('release')) release();
    });
  }
  await app.listen(transport === '--stdio' ? ['--stdio'] : ['--http', '127.0.0.1:0']);
  note('listening');
}

main().catch((error: unknown) => {
  note(`failed: ${String(error)}`);
  process.exit(1);
});
