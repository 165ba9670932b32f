import 'reflect-metadata';
import { expect } from 'chai';
import { Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { Tool } from '../../src/decorators/tool.decorator';
import { silentLogger } from '../../src/logging/server-logger';
import { installSignalHandlers } from '../../src/shutdown/signal-handlers';
import { deferred, waitUntil } from '../support/wait';
// Registers `--ws` with app.listen(), as an app's entry file would.
import '@armature/ws/register';

// SIGUSR2: nothing else in the test process listens to it (mocha handles SIGINT).
const SIGNAL: NodeJS.Signals = 'SIGUSR2';

@Injectable()
class Handlers {
  @Tool() t(): string {
    return 't';
  }
}
@Module({ handlers: [Handlers] })
class M {}

describe('signal handlers', () => {
  it('start a graceful close on the first signal, hurry on the second, and remove themselves afterwards', async () => {
    const before = process.listenerCount(SIGNAL);
    const closing = deferred<void>('the test to finish the close');
    const seen: string[] = [];
    const remove = installSignalHandlers(
      {
        close: () => {
          seen.push('close');
          return closing.promise;
        },
        hurry: () => seen.push('hurry'),
        note: (message) => seen.push(message),
      },
      { signals: [SIGNAL], exitOnSignal: false },
    );
    expect(process.listenerCount(SIGNAL)).to.equal(before + 1);
    process.emit(SIGNAL, SIGNAL);
    process.emit(SIGNAL, SIGNAL);
    expect(seen).to.deep.equal([
      `${SIGNAL}: shutting down gracefully`,
      'close',
      `${SIGNAL} again: answering the requests still running and closing now`,
      'hurry',
    ]);
    closing.resolve();
    await waitUntil(() => process.listenerCount(SIGNAL) === before, 'the handlers to remove themselves');
    remove();
  });

  it('installs nothing with signals: false', () => {
    const before = process.listenerCount('SIGTERM');
    const remove = installSignalHandlers(
      { close: () => Promise.resolve(), hurry: () => undefined, note: () => undefined },
      { signals: false },
    );
    expect(process.listenerCount('SIGTERM')).to.equal(before);
    remove();
  });

  it('are installed by app.listen(), close the app on a signal, and are gone after app.close()', async function () {
    this.timeout(10_000);
    const before = process.listenerCount(SIGNAL);
    const app = await Armature.create(M, { name: 's', version: '1', logger: silentLogger });
    const handle = await app.listen(['--ws', '127.0.0.1:0'], { signals: [SIGNAL], exitOnSignal: false });
    expect(handle.url).to.match(/^ws:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(process.listenerCount(SIGNAL)).to.equal(before + 1);
    process.emit(SIGNAL, SIGNAL);
    await waitUntil(() => process.listenerCount(SIGNAL) === before, 'the close to remove the handlers');
    await app.close();
    const error = await app.listen(['--ws', '127.0.0.1:0']).then(
      () => undefined,
      (e: unknown) => e as { code: string },
    );
    expect(error?.code).to.equal('ARM_ERR_APP_CLOSED');
  });

  it('can be removed through the listen handle', async () => {
    const before = process.listenerCount(SIGNAL);
    const app = await Armature.create(M, { name: 's', version: '1', logger: silentLogger });
    const handle = await app.listen(['--ws', '127.0.0.1:0'], { signals: [SIGNAL] });
    handle.removeSignalHandlers();
    expect(process.listenerCount(SIGNAL)).to.equal(before);
    await app.close({ drainMs: 0 });
  });
});
