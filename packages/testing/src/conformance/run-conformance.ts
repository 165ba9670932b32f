import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Armature, RootModule } from '@armature/core';
import type * as Http from '@armature/http';
import { requireOptionalPeer } from '../errors/optional-peer';
import { createTestApp } from '../server/create-test-app';
import { reportOf } from './conformance-report';
import type { ConformanceOptions, ConformanceReport, ConformanceRunOptions, ConformanceScenarioResult } from './conformance.types';
import { runScenario } from './scenario-runner';
import { locateNode22, locateSuites } from './suite-locator';

/** Scenarios any server passes, whatever it serves. */
const BASE_SCENARIOS = ['server-initialize', 'ping', 'logging-set-level', 'dns-rebinding-protection', 'server-sse-multiple-streams'];

/** The scenarios that apply to what `app` serves. */
export function defaultScenarios(app: Armature): string[] {
  const scenarios = [...BASE_SCENARIOS];
  if (app.tools.list().length > 0) scenarios.push('tools-list');
  if (app.resources.list().length + app.resources.templates().length > 0)
    scenarios.push('resources-list', 'resources-subscribe', 'resources-unsubscribe');
  if (app.prompts.list().length > 0) scenarios.push('prompts-list');
  return scenarios;
}

/**
 * Runs the official MCP conformance suite against a server already listening at `url`
 * (Streamable HTTP). Each scenario of each suite is a child process under Node >= 22.
 */
export async function runConformanceSuite(
  url: string,
  options: ConformanceRunOptions & { readonly scenarios: readonly string[] },
): Promise<ConformanceReport> {
  const node = locateNode22(options.node);
  const suites = locateSuites(options.suites);
  const outputRoot = mkdtempSync(join(tmpdir(), 'armature-conformance-'));
  try {
    const runs = suites.flatMap((suite, s) =>
      options.scenarios.map((scenario) => ({
        node,
        suite,
        scenario,
        url,
        outputDir: join(outputRoot, `${s}-${scenario}`),
        timeoutMs: options.scenarioTimeoutMs ?? 120_000,
      })),
    );
    const results: ConformanceScenarioResult[] = new Array<ConformanceScenarioResult>(runs.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < runs.length; i = next++) results[i] = await runScenario(runs[i] as (typeof runs)[number]);
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, runs.length)) }, worker));
    return reportOf(url, results);
  } finally {
    rmSync(outputRoot, { recursive: true, force: true });
  }
}

/**
 * Boots `root` (with `options.overrides`), serves it over `@armature/http` on 127.0.0.1 at a
 * free port, runs the MCP conformance suite against it, closes everything and returns the
 * report. Pair it with `assertConformance(report)`. Needs `@armature/http` (an optional peer).
 */
export async function runConformance(root: RootModule, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const http = requireOptionalPeer<typeof Http>('@armature/http', 'runConformance');
  const { scenarios, suites, node, scenarioTimeoutMs, concurrency, http: httpOptions, ...appOptions } = options;
  const app = await createTestApp(root, appOptions);
  try {
    const server = await http.listenHttp(app, { ...httpOptions, host: '127.0.0.1', port: 0 });
    try {
      return await runConformanceSuite(server.url, {
        scenarios: scenarios ?? defaultScenarios(app),
        ...(suites === undefined ? {} : { suites }),
        ...(node === undefined ? {} : { node }),
        ...(scenarioTimeoutMs === undefined ? {} : { scenarioTimeoutMs }),
        ...(concurrency === undefined ? {} : { concurrency }),
      });
    } finally {
      await server.close(1000);
    }
  } finally {
    await app.close();
  }
}
