/**
 * The streaming app on `listenWs` in a child process forked with --expose-gc, for the memory
 * spec: it reports its live heap after full GC and its counters over IPC (`serveHeapProbe`).
 */
import { serveHeapProbe } from '@armature/transport-fixtures';
import { listenWs } from '../../src';
import { createStreamingApp, streamProbe } from './mid-stream';

async function main(): Promise<void> {
  const app = await createStreamingApp();
  const handle = await listenWs(app, { port: 0 });
  serveHeapProbe(
    { url: handle.url },
    () => ({ started: streamProbe.started, running: streamProbe.running, sessions: app.sessionCount }),
    async () => {
      await handle.close(0);
      await app.close({ drainMs: 0 });
    },
  );
}

void main();
