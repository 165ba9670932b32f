import { runCoreBuildStep, type CoreBuildStepError } from './core-build-step';

/** What writing the manifest's boot copy did (see core's `manifest/boot-file.ts`). */
export interface BootFileStep {
  readonly file: string;
  /** False when the manifest cannot be copied (its schemas are objects): the server reads the manifest. */
  readonly written: boolean;
  readonly schemas: number;
}

/**
 * Writes `armature.boot.jsonl` (the manifest's boot copy, which a server parses faster) beside
 * the manifest in `manifestDir` with the project's own `@armature/core/build`, else the CLI's
 * copy. Call it after the manifest was written or touched: the copy records its stamp. Returns
 * undefined when that core has no such step (an older release: the server reads the manifest).
 */
export function writeBootFile(manifestDir: string, manifest?: unknown): BootFileStep | CoreBuildStepError | undefined {
  return runCoreBuildStep<BootFileStep>(manifestDir, 'writeBootFileBeside', [manifestDir, manifest]);
}
