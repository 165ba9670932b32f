import { testingError } from '../errors/testing-error';
import type { ConformanceReport, ConformanceScenarioResult, ConformanceStatus } from './conformance.types';

/** Sums the checks of every scenario and lists what did not pass. */
export function reportOf(url: string, results: readonly ConformanceScenarioResult[]): ConformanceReport {
  const counts: Record<ConformanceStatus, number> = { SUCCESS: 0, FAILURE: 0, WARNING: 0, INFO: 0, SKIPPED: 0 };
  const problems: string[] = [];
  for (const result of results) {
    for (const check of result.checks) {
      counts[check.status] = (counts[check.status] ?? 0) + 1;
      if (check.status === 'FAILURE' || check.status === 'WARNING') {
        problems.push(
          `${check.status} ${result.scenario} › ${check.id}: ${check.errorMessage ?? check.description ?? ''} (${result.suite})`,
        );
      }
    }
    if (result.checks.length === 0)
      problems.push(
        `${result.scenario}: no checks reported (${result.suite}, exit code ${result.exitCode}):\n${result.output.trim().slice(-800)}`,
      );
    else if (result.exitCode !== 0 && !result.checks.some((c) => c.status === 'FAILURE' || c.status === 'WARNING')) {
      problems.push(`${result.scenario}: the suite exited with ${result.exitCode} (${result.suite})`);
    }
  }
  return { passed: results.length > 0 && problems.length === 0, url, results, counts, problems };
}

/** Throws `ARM_ERR_CONFORMANCE_FAILED`, listing every problem, unless the run passed. */
export function assertConformance(report: ConformanceReport): void {
  if (report.passed) return;
  const what = report.results.length === 0 ? 'no scenario ran' : report.problems.join('\n');
  throw testingError('ARM_ERR_CONFORMANCE_FAILED', `MCP conformance against ${report.url} failed:\n${what}`);
}
