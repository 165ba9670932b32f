import { expect } from 'chai';
import * as path from 'node:path';
import { AppChild } from '../hostile/support/app-child';

const FIXTURE = path.join(__dirname, '../hostile/support/hostile-app.fixture.js');

describe('graceful shutdown of a stdio server (real child process)', function () {
  this.timeout(20_000);
  let child: AppChild | undefined;
  afterEach(async () => {
    await child?.stop().catch(() => undefined);
    child = undefined;
  });

  it('on SIGTERM, answers the slow request in flight, then exits 0 after disposing scopes and running onShutdown', async () => {
    child = AppChild.spawn(FIXTURE);
    await child.initialize();
    expect((await child.call('touch', {}, 'touch')).result?.content?.[0]?.text).to.equal('touched');
    child.start('tools/call', { name: 'sleep', arguments: { ms: 300 } }, 'slow');
    await child.stderrContains('started sleep slow');
    child.kill('SIGTERM');
    const response = await child.responseTo('slow');
    expect(response.result?.content?.[0]?.text).to.equal('slept 300 ms');
    const { code, signal } = await child.exit(10_000);
    expect({ code, signal }).to.deep.equal({ code: 0, signal: null });
    expect(child.stderr).to.contain('SIGTERM: shutting down gracefully');
    expect(child.stderr.indexOf('session disposed')).to.be.lessThan(child.stderr.indexOf('onShutdown ran'));
    expect(child.violations).to.deep.equal([]);
  });

  it('answers new requests during the drain with -32000', async () => {
    child = AppChild.spawn(FIXTURE);
    await child.initialize();
    child.start('tools/call', { name: 'sleep', arguments: { ms: 1000 } }, 'slow');
    await child.stderrContains('started sleep slow');
    child.kill('SIGTERM');
    await child.stderrContains('SIGTERM: shutting down gracefully');
    const refused = await child.call('echo', { text: 'late' }, 'late');
    expect(refused.error?.code).to.equal(-32000);
    expect((await child.responseTo('slow', 10_000)).result?.content?.[0]?.text).to.equal('slept 1000 ms');
    expect((await child.exit(10_000)).code).to.equal(0);
  });

  it('answers a request that outlives the drain window with an error (never silence), aborts it, and exits 0', async () => {
    child = AppChild.spawn(FIXTURE, { APP_DRAIN_MS: '300' });
    await child.initialize();
    child.start('tools/call', { name: 'never', arguments: {} }, 'stuck');
    await child.stderrContains('started never stuck');
    child.kill('SIGTERM');
    const response = await child.responseTo('stuck');
    expect(response.error?.code).to.equal(-32000);
    expect((await child.exit(10_000)).code).to.equal(0);
    expect(child.stderr).to.contain('never aborted stuck: ARM_ERR_SESSION_CLOSED');
    expect(child.responsesTo('stuck')).to.have.length(1);
  });

  it('cuts the drain short on a second signal', async () => {
    child = AppChild.spawn(FIXTURE, { APP_DRAIN_MS: '60000' });
    await child.initialize();
    child.start('tools/call', { name: 'never', arguments: {} }, 'stuck');
    await child.stderrContains('started never stuck');
    child.kill('SIGINT');
    await child.stderrContains('SIGINT: shutting down gracefully');
    child.kill('SIGINT');
    expect((await child.responseTo('stuck')).error?.code).to.equal(-32000);
    expect((await child.exit(10_000)).code).to.equal(0);
  });

  it('finishes in-flight work when the client closes stdin, then exits 0', async () => {
    child = AppChild.spawn(FIXTURE);
    await child.initialize();
    child.start('tools/call', { name: 'sleep', arguments: { ms: 200 } }, 'slow');
    await child.stderrContains('started sleep slow');
    child.endInput();
    expect((await child.responseTo('slow')).result?.content?.[0]?.text).to.equal('slept 200 ms');
    expect((await child.exit(10_000)).code).to.equal(0);
    expect(child.stderr).to.contain('onShutdown ran');
  });
});
