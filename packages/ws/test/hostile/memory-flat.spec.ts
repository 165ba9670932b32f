import { expect } from 'chai';
import * as path from 'node:path';
import { HeapChild } from '@armature/transport-fixtures';
import { dropMidStream } from './mid-stream';

const CHILD = path.join(__dirname, 'heap-server.child.js');
/**
 * Heap growth allowed after 200 dropped connections, once their work ended, after full GC:
 * generous against allocator and JIT noise, yet below 2.5 KB a connection left behind.
 */
const FLAT_BYTES = 512 * 1024;
const MiB = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/**
 * Memory after 200 WebSocket connections terminated mid-progress-stream: the server
 * runs in a child forked with --expose-gc and reports its live heap after full GC
 * (`HeapChild`), so the numbers are the server's alone. Every wait is bounded; no timing is asserted.
 */
describe('WebSocket: memory returns after 200 sockets destroyed mid-stream (server in a --expose-gc child)', function () {
  this.timeout(120_000);
  let child: HeapChild | undefined;
  after(() => child?.stop());

  it('the heap comes back once every dropped connection ended and its call was aborted', async () => {
    child = await HeapChild.fork(CHILD);
    const url = child.ready.url as string;
    let dropped = 0;
    const drop = async (count: number): Promise<void> => {
      for (let batch = 0; batch < count; batch += 50) {
        await Promise.all(Array.from({ length: 50 }, () => dropMidStream(url, ++dropped)));
      }
      for (let polls = 0; polls < 400; polls++) {
        const stats = await child!.stats();
        if (stats.running === 0 && stats.sessions === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    await drop(50); // warm-up
    const baseline = await child.heap();
    await drop(200);
    const after = await child.heap();
    expect(after.started).to.equal(250);
    expect(after.running, 'calls still running').to.equal(0);
    expect(after.sessions, 'sessions left').to.equal(0);
    expect(after.unhandled).to.equal(0);
    expect(after.heapUsed - baseline.heapUsed, `baseline ${MiB(baseline.heapUsed)}, after 200 dropped ${MiB(after.heapUsed)}`).to.be.below(
      FLAT_BYTES,
    );
  });
});
