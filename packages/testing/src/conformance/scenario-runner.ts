import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceCheck, ConformanceScenarioResult } from './conformance.types';
import type { LocatedSuite } from './suite-locator';

/** What one scenario run needs. */
export interface ScenarioRun {
  readonly node: string;
  readonly suite: LocatedSuite;
  readonly scenario: string;
  readonly url: string;
  readonly outputDir: string;
  readonly timeoutMs: number;
}

function readChecks(dir: string): ConformanceCheck[] {
  const checks: ConformanceCheck[] = [];
  if (!existsSync(dir)) return checks;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, 'checks.json');
    if (entry.isDirectory() && existsSync(file)) checks.push(...(JSON.parse(readFileSync(file, 'utf8')) as ConformanceCheck[]));
  }
  return checks;
}

/** Runs one scenario of one suite against `url` as a child process, bounded by `timeoutMs`. */
export function runScenario(run: ScenarioRun): Promise<ConformanceScenarioResult> {
  mkdirSync(run.outputDir, { recursive: true });
  const args = [run.suite.entry, 'server', '--url', run.url, '--scenario', run.scenario, '-o', run.outputDir];
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(run.node, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n[armature] scenario killed after ${run.timeoutMs} ms\n`;
      child.kill('SIGKILL');
    }, run.timeoutMs);
    let finished = false;
    const finish = (exitCode: number): void => {
      // 'error' may be followed by 'close': the first one settles.
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      resolve({ suite: run.suite.label, scenario: run.scenario, exitCode, checks: readChecks(run.outputDir), output });
    };
    child.once('error', (error) => {
      output += `\n[armature] could not start the suite: ${error.message}\n`;
      finish(127);
    });
    child.once('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}
