import { expect } from 'chai';
import { createApp2026, probe2026 } from './support/app-2026';
import { dropAndCancel } from './support/mid-stream';
import { openSession, post, sessionHeaders } from './support/raw-http';
import { Opened } from './support/servers';

const SOCKETS = 200;

/**
 * 200 sockets destroyed in the middle of an SSE response (a call streaming progress),
 * then cancelled. No unhandled rejection, every call's work ends, and the session keeps serving.
 */
describe('Streamable HTTP: 200 sockets destroyed mid-SSE-response', function () {
  this.timeout(60_000);
  const opened = new Opened();
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown): void => void rejections.push(reason);
  before(() => process.on('unhandledRejection', onRejection));
  after(async () => {
    process.off('unhandledRejection', onRejection);
    await opened.closeAll();
  });

  it('aborts each call, raises no unhandled rejection, and still serves', async () => {
    const url = (await opened.listen(await createApp2026())).url;
    const session = await openSession(url);
    // In batches of 50. On a 2025 session a dropped stream is not a cancellation (the call runs
    // on, resumable), so the client cancels each batch before the next: the in-flight limit is 100.
    for (let batch = 0; batch < SOCKETS; batch += 50) {
      const ids = Array.from({ length: 50 }, (_, i) => batch + i + 1);
      await dropAndCancel(url, session, ids);
      const deadline = Date.now() + 10_000;
      while (probe2026.aborted.size < batch + 50 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(probe2026.aborted.size, 'calls whose work was aborted').to.equal(SOCKETS);
    expect(probe2026.running).to.equal(0);
    const res = await post(
      url,
      { jsonrpc: '2.0', id: 'after', method: 'tools/call', params: { name: 'echo', arguments: { text: 'alive' } } },
      sessionHeaders(session),
    );
    expect(((await res.json()) as { result: { content: { text: string }[] } }).result.content[0]?.text).to.equal('alive');
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejections).to.deep.equal([]);
  });
});
