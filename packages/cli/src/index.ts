// Public API of @armature/cli: the `armature` commands, usable from code (scripts, benchmarks, tests).
export { runCli } from './cli-main';
export { parseArgs, UsageError, USAGE, type ParsedArgs } from './args/argv-parser';
export { runBuild, summarizeBuild, type BuildOptions, type BuildOutcome } from './build/run-build';
export { scanAndWriteManifest, type ManifestStepOptions, type ProjectScan } from './build/manifest-step';
export { resolveProject } from './build/project-path';
export { startDev, type DevCycle, type DevOptions, type DevSession } from './dev/run-dev';
export { isDevMessage, type DevMessage } from '@armature/core/build';
export { memoryOutput, streamOutput, type CliOutput } from './output/cli-output';
export { scaffoldProject, packageName, ScaffoldError, type ScaffoldOptions } from 'create-armature';
export { checkBuiltManifest, type ManifestCheck } from './inspect/manifest-check';
export { listLiveSurface, type LiveSurface } from './inspect/live-surface';
export { summarizeSchema, summarizeProperties } from './inspect/schema-summary';
