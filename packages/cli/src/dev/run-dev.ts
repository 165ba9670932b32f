import * as fs from 'node:fs';
import * as ts from 'typescript';
import { BuilderEvents } from '../build/builder-events';
import { withoutHandlerDesignMetadata } from '../build/handler-design-metadata';
import { reuseUnchangedSourceFiles } from '../build/source-file-reuse';
import { scanEntryIfManifestMissing } from '../build/entry-manifest-check';
import type { CliOutput } from '../output/cli-output';
import { registryStep } from '../registry/registry-step';
import { stampChangesWithClock } from './change-clock';
import { ServerProcess } from './server-process';
import { WatchResources } from './watch-resources';

const CYCLE_START = new Set([6031, 6032]);
const CYCLE_END = new Set([6193, 6194]);

/** Options of {@link startDev}. */
export interface DevOptions {
  /** Absolute path of the tsconfig to watch. */
  readonly project: string;
  readonly output: CliOutput;
  /** The compiled server entry (`node <entry>`); without it, dev only rebuilds and rescans. */
  readonly entry?: string;
  readonly args?: readonly string[];
  readonly verbose?: boolean;
  /** Build warnings fail a cycle as problems do (`--strict`). */
  readonly strict?: boolean;
  /** Emit handler methods' `design:*` metadata as TypeScript does (`--keep-design-metadata`). */
  readonly keepDesignMetadata?: boolean;
  /** Called after every rebuild (tests, benchmarks). */
  readonly onCycle?: (cycle: DevCycle) => void;
}

/** One watch cycle: a rebuild after a change (or the first build). */
export interface DevCycle {
  readonly durationMs: number;
  /** Time spent scanning and writing manifests (part of `durationMs`). */
  readonly scanMs: number;
  readonly errorCount: number;
  readonly problemCount: number;
  /** Compiled files written in this cycle. */
  readonly emittedFiles: readonly string[];
  /** Manifests whose content changed. */
  readonly changedManifests: readonly string[];
  /** What happened to the server: nothing, a reload in place, a restart, or its first start. */
  readonly server: 'none' | 'started' | 'reloaded' | 'restarted' | 'kept';
}

/** A running `armature dev`. */
export interface DevSession {
  /** Stops watching and stops the server. */
  close(): Promise<void>;
}

/**
 * `armature dev`: TypeScript's watch solution builder (incremental, project references),
 * scanning each rebuilt program and rewriting manifests, then restarting the server — or
 * reloading it in place when it announced it can (see core's dev-reload/reload-protocol.ts).
 */
export function startDev(options: DevOptions): DevSession {
  const { output } = options;
  const events = new BuilderEvents(output, options.verbose === true, options.project, true, options.strict === true);
  const server = options.entry ? new ServerProcess(options.entry, options.args ?? [], output) : undefined;
  const resources = new WatchResources();
  let cycleStart = performance.now();
  let emitted: string[] = [];
  let first = true;
  let queue = Promise.resolve();

  const endCycle = (): void => {
    if (first && events.errorCount === 0) {
      const scan = scanEntryIfManifestMissing(options.project);
      if (scan) events.record(scan);
    }
    const changedManifests = events.scans.filter((s) => s.manifestChanged && s.manifestFile).map((s) => s.manifestFile ?? '');
    const ok = events.errorCount === 0 && events.problemCount === 0;
    const changed = emitted.length > 0 || changedManifests.length > 0;
    const scanMs = events.scans.reduce((sum, scan) => sum + scan.scanMs, 0);
    const base = {
      durationMs: performance.now() - cycleStart,
      scanMs,
      errorCount: events.errorCount,
      problemCount: events.problemCount,
      emittedFiles: emitted,
      changedManifests,
    };
    const wasFirst = first;
    first = false;
    // server.json follows package.json and the build as in `armature build`; a problem with it is
    // printed but does not hold the server back (it matters when publishing, not when developing).
    if (ok && (changed || wasFirst)) registryStep(options.project, output);
    output.line(
      `armature: rebuilt in ${(base.durationMs / 1000).toFixed(2)}s, ${events.errorCount} TypeScript error(s), ${events.problemCount} schema problem(s). Watching for changes.`,
    );
    queue = queue.then(async () => {
      let action: DevCycle['server'] = 'none';
      if (server && ok && (changed || wasFirst)) {
        if (wasFirst) {
          server.start();
          action = 'started';
        } else {
          action = await server.refresh(changedManifests, base.emittedFiles);
        }
      } else if (server) {
        action = 'kept';
      }
      options.onCycle?.({ ...base, server: action });
    });
  };

  const createProgram = reuseUnchangedSourceFiles(ts.createEmitAndSemanticDiagnosticsBuilderProgram);
  const emit = options.keepDesignMetadata === true ? undefined : withoutHandlerDesignMetadata(createProgram);
  const host = ts.createSolutionBuilderWithWatchHost(
    ts.sys,
    emit?.createProgram ?? createProgram,
    events.reportDiagnostic,
    events.reportStatus,
    (diagnostic) => {
      if (CYCLE_START.has(diagnostic.code)) {
        events.reset();
        emitted = [];
        cycleStart = performance.now();
        output.status('armature: rebuilding…');
      } else if (CYCLE_END.has(diagnostic.code)) {
        endCycle();
      }
    },
  );
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseAll;
  host.afterProgramEmitAndDiagnostics = events.afterProgram;
  if (emit !== undefined) host.getCustomTransformers = emit.getCustomTransformers;
  const writeFile = host.writeFile?.bind(host) ?? ts.sys.writeFile;
  host.writeFile = (file, data, bom) => {
    // TypeScript re-emits the dependents of a changed file even when their output is the same;
    // only files whose text changed count (a reload must not think the entry itself changed).
    if (/\.[cm]?js$/.test(file) && readText(file) !== data) emitted.push(file);
    writeFile(file, data, bom);
  };
  stampChangesWithClock(host);
  resources.track(host);
  const builder = ts.createSolutionBuilderWithWatch(host, [options.project], { verbose: options.verbose === true }, {});
  builder.build();
  return {
    async close() {
      resources.close();
      await queue;
      await server?.stop();
    },
  };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
