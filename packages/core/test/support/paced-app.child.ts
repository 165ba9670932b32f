/**
 * An app whose one tool reports progress and logs faster than its caps let through, served by
 * `app.listen()` over stdio as a user would run it. Environment: MAX_PROGRESS_PER_SECOND and
 * MAX_LOGS_PER_SECOND (the app options, when set).
 */
import 'reflect-metadata';
import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Tool } from '../../src/decorators/tool.decorator';

const BURST = { type: 'object' as const, properties: { count: { type: 'integer' as const } }, required: ['count'] };

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class BurstTools {
  /** `count` progress values, two milliseconds apart (far faster than the cap). */
  @Tool({ description: 'Reports progress as fast as it can.', inputSchema: BURST })
  async progressBurst(args: { count: number }, ctx: RequestContext): Promise<string> {
    for (let i = 1; i <= args.count; i++) {
      await ctx.progress(i, args.count, `step ${i} of ${args.count}`);
      await pause(2);
    }
    return `progress burst of ${args.count}`;
  }

  /** `count` log messages at once; then, once the cap's second has passed, one last message. */
  @Tool({ description: 'Logs as fast as it can.', inputSchema: BURST })
  async logBurst(args: { count: number }, ctx: RequestContext): Promise<string> {
    for (let i = 1; i <= args.count; i++) await ctx.log.info(`line ${i}`, 'burst');
    await pause(1100);
    await ctx.log.info('last line', 'burst');
    return `log burst of ${args.count}`;
  }
}

@Module({ handlers: [BurstTools] })
class BurstModule {}

function rateFrom(name: string): number | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
}

async function main(): Promise<void> {
  const maxProgressPerSecond = rateFrom('MAX_PROGRESS_PER_SECOND');
  const maxLogsPerSecond = rateFrom('MAX_LOGS_PER_SECOND');
  const app = await Armature.create(BurstModule, {
    name: 'paced-app',
    version: '1.0.0',
    ...(maxProgressPerSecond === undefined ? {} : { maxProgressPerSecond }),
    ...(maxLogsPerSecond === undefined ? {} : { maxLogsPerSecond }),
  });
  await app.listen(['--stdio']);
}

main().catch((error: unknown) => {
  process.stderr.write(`paced-app failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
