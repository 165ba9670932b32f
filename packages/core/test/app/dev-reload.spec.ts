import { expect } from 'chai';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ModuleClass } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import type { ListenHandle } from '../../src/listen/listen';
import { waitUntil } from '../support/wait';
import { connectClient, RecordingLogger, type AppConnection } from './support/app-client';
import { ReloadFixture } from './support/reload-fixture';
// Registers `--http` with app.listen(), as an app's entry file would.
import '@armature/http/register';

type Sent = { type: string; ok?: boolean; reload?: boolean; error?: string };

/**
 * The app side of `armature dev`'s reload protocol, driven as the CLI drives it: the IPC
 * channel is stood in for by `process.send` and `process.emit('message')`.
 */
describe('dev reload in place (ARMATURE_DEV=1 with an IPC channel)', () => {
  let fixture: ReloadFixture;
  let app: Armature | undefined;
  let handle: ListenHandle | undefined;
  let connection: AppConnection | undefined;
  let sent: Sent[];
  let logger: RecordingLogger;
  const saved = { send: process.send, dev: process.env.ARMATURE_DEV };

  beforeEach(async () => {
    fixture = new ReloadFixture();
    fixture.writeHandlers({ hello: 'v1' });
    sent = [];
    logger = new RecordingLogger();
    process.env.ARMATURE_DEV = '1';
    process.send = (message: unknown): boolean => {
      sent.push(message as Sent);
      return true;
    };
    app = await Armature.create(fixture.load<ModuleClass>('AppModule'), { name: 'reload', version: '1.0.0', logger });
    // The channel opens with the first listener; the test talks to the app in memory.
    handle = await app.listen(['--http', '127.0.0.1:0'], { signals: false });
  });

  afterEach(async () => {
    await connection?.close().catch(() => undefined);
    await handle?.close(0);
    await app?.close({ drainMs: 0 });
    connection = undefined;
    handle = undefined;
    app = undefined;
    if (saved.send === undefined) delete process.send;
    else process.send = saved.send;
    if (saved.dev === undefined) delete process.env.ARMATURE_DEV;
    else process.env.ARMATURE_DEV = saved.dev;
    fixture.remove();
  });

  async function reload(): Promise<Sent> {
    const before = sent.length;
    process.emit('message', { type: 'armature:reload', manifests: [fixture.manifestFile], changedFiles: [fixture.toolsFile] }, undefined);
    await waitUntil(() => sent.length > before, 'armature:reloaded');
    return sent[sent.length - 1] as Sent;
  }

  function textOf(result: unknown): string {
    return ((result as { content: { text: string }[] }).content[0] as { text: string }).text;
  }

  it('announces that it can reload once listening', () => {
    expect(sent).to.deep.equal([{ type: 'armature:dev-ready', reload: true }]);
  });

  it('swaps the handlers: the session stays, hears tools/list_changed, lists and calls the new code', async () => {
    let changed = 0;
    connection = await connectClient(app as Armature, {
      configure: (client) => client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++),
    });
    const { client } = connection;
    expect(textOf(await client.callTool({ name: 'hello' }))).to.equal('v1');
    expect(textOf(await client.callTool({ name: 'count' }))).to.equal('1');

    fixture.writeHandlers({ hello: 'v2', bye: 'goodbye' });
    expect(await reload()).to.deep.equal({ type: 'armature:reloaded', ok: true });
    await waitUntil(() => changed === 1, 'notifications/tools/list_changed');

    expect((await client.listTools()).tools.map((t) => t.name)).to.have.members(['hello', 'bye', 'count']);
    expect(textOf(await client.callTool({ name: 'hello' }))).to.equal('v2');
    expect(textOf(await client.callTool({ name: 'bye' }))).to.equal('goodbye');
    // A session-scoped handler of the new container gets a fresh instance for the surviving session.
    expect(textOf(await client.callTool({ name: 'count' }))).to.equal('1');
    expect(textOf(await client.callTool({ name: 'count' }))).to.equal('2');
    expect(app?.sessionCount).to.equal(1);
  });

  it("drops only modules of the app's own package: loaders above it (this spec, the test runner) stay cached", async () => {
    // This spec requires the fixture that requires the changed file, so an unbounded walk up the
    // dependents would drop it, and with it classes other suites in this process still use.
    fixture.writeHandlers({ hello: 'v2' });
    expect(await reload()).to.deep.equal({ type: 'armature:reloaded', ok: true });
    expect(require.cache[__filename], 'this spec module').to.not.equal(undefined);
    expect(require.cache[require.resolve('./support/reload-fixture')], 'the fixture helper').to.not.equal(undefined);
  });

  it('answers ok: false and keeps serving the old handlers when the new ones cannot boot', async () => {
    connection = await connectClient(app as Armature);
    fixture.writeHandlers({ hello: 'v2', 'not a name': 'x' });
    const reply = await reload();
    expect(reply.ok).to.equal(false);
    expect(reply.error).to.contain('ARM_ERR_INVALID_TOOL_NAME').and.to.contain('"not a name"');
    expect(logger.warnings.some((w) => w.startsWith('armature dev: reload in place failed, restarting:'))).to.equal(true);
    expect((await connection.client.listTools()).tools.map((t) => t.name)).to.have.members(['hello', 'count']);
    expect(textOf(await connection.client.callTool({ name: 'hello' }))).to.equal('v1');
  });

  it('keeps tools registered at run time, and refuses a reload whose handlers take their names', async () => {
    app?.tools.register({ name: 'extra', description: 'run-time tool', handler: () => 'extra' });
    fixture.writeHandlers({ hello: 'v2' });
    expect(await reload()).to.deep.equal({ type: 'armature:reloaded', ok: true });
    expect(app?.tools.list().map((t) => t.name)).to.have.members(['hello', 'count', 'extra']);
    fixture.writeHandlers({ hello: 'v3', extra: 'clash' });
    const reply = await reload();
    expect(reply.ok).to.equal(false);
    expect(reply.error).to.contain('"extra" is now declared by a handler, but a route registered at run time holds it');
    expect(app?.tools.list().map((t) => t.name)).to.have.members(['hello', 'count', 'extra']);
  });
});
