import { expect } from 'chai';
import { assertConformance, runConformance } from '../src/conformance';
import { GreeterModule } from './fixtures/greeter.module';
import { ensureFixtureManifest } from './support/fixture-manifest';

describe('runConformance (the official MCP conformance suite over @armature/http)', () => {
  before(function () {
    this.timeout(60_000);
    ensureFixtureManifest();
  });

  it('passes the scenarios every server must pass, chosen by what the module serves', async function () {
    this.timeout(300_000);
    const report = await runConformance(GreeterModule);
    assertConformance(report);
    const scenarios = report.results.map((r) => r.scenario);
    expect(scenarios).to.include.members([
      'server-initialize',
      'ping',
      'tools-list',
      'resources-list',
      'prompts-list',
      'dns-rebinding-protection',
    ]);
    expect(report.counts.SUCCESS).to.be.greaterThan(scenarios.length - 1);
    expect(report.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('reports failing checks, and assertConformance lists them', async function () {
    this.timeout(120_000);
    // The fixture has no test_simple_text tool, which this scenario calls.
    const report = await runConformance(GreeterModule, { scenarios: ['tools-call-simple-text'] });
    expect(report.passed).to.equal(false);
    expect(report.counts.FAILURE).to.be.greaterThan(0);
    expect(() => assertConformance(report)).to.throw(
      /ARM_ERR_CONFORMANCE_FAILED: MCP conformance against http:\/\/127\.0\.0\.1:\d+\/mcp failed:\nFAILURE tools-call-simple-text/,
    );
  });

  it('fails setup clearly when the suite or Node 22 cannot be found', async function () {
    this.timeout(30_000);
    const noSuite = await runConformance(GreeterModule, { suites: ['@armature/no-such-suite'] }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(noSuite?.message).to.match(
      /^ARM_ERR_CONFORMANCE_SETUP: the conformance suite package @armature\/no-such-suite is not installed/,
    );
    const badNode = await runConformance(GreeterModule, { scenarios: ['ping'], node: '/nonexistent/node' });
    expect(badNode.passed).to.equal(false);
    expect(badNode.problems[0]).to.include('ping: no checks reported').and.include('could not start the suite');
  });
});
