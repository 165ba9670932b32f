import { runCoreBuildStep, type CoreBuildStepError } from './core-build-step';

/** What writing the tool-search index did (see core's `tool-search/tool-index-build.ts`). */
export interface ToolIndexStep {
  readonly file: string;
  readonly written: boolean;
  readonly tools: number;
  readonly terms: number;
}

/**
 * Writes `armature.tool-index.json` (the tool-search index) beside the manifest in `manifestDir` with the project's own
 * `@armature/core/build` (resolved from the output folder, else the CLI's copy), so the index is
 * tokenized by the core that will search it. Returns undefined when that core has no such step
 * (an older release); never throws: an app with tool search then refuses to start, naming the fix.
 */
export function writeToolIndex(manifestDir: string, manifest?: unknown): ToolIndexStep | CoreBuildStepError | undefined {
  return runCoreBuildStep<ToolIndexStep>(manifestDir, 'writeToolIndexBeside', [manifestDir, manifest]);
}
