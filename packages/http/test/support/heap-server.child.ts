/**
 * The 2026 HTTP test app on `listenHttp` in a child process forked with --expose-gc, for the
 * memory specs: it reports its live heap after full GC and its counters over IPC
 * (`serveHeapProbe`). HEAP_IDLE_MS sets `sessionIdleTimeoutMs` (default: the handler's).
 */
import { serveHeapProbe } from '@armature/transport-fixtures';
import { listenHttp } from '../../src';
import { createApp2026, probe2026 } from './app-2026';

async function main(): Promise<void> {
  const app = await createApp2026();
  const idle = process.env.HEAP_IDLE_MS;
  const handle = await listenHttp(app, {
    port: 0,
    ...(idle === undefined ? {} : { sessionIdleTimeoutMs: Number(idle) }),
    ...(process.env.HEAP_NO_STORE === '1' ? { eventStore: false as const } : {}),
  });
  serveHeapProbe(
    { url: handle.url },
    () => ({ sessions: handle.handler.sessionCount, running: probe2026.running, aborted: probe2026.aborted.size }),
    async () => {
      await handle.close(0);
      await app.close({ drainMs: 0 });
    },
  );
}

void main();
