/** A step of `@armature/core/build` failed: why, for the build report. */
export interface CoreBuildStepError {
  readonly error: string;
}

/**
 * Runs the step `name` of `@armature/core/build` on `args`: the project's own core's (resolved
 * from its output folder `manifestDir`), else the CLI's copy, so what a server reads at boot is
 * written by the core that will read it. Undefined when neither core has the step (an older
 * release: the server then does without the file). Never throws: a failure is returned.
 */
export function runCoreBuildStep<R>(manifestDir: string, name: string, args: readonly unknown[]): R | CoreBuildStepError | undefined {
  for (const paths of [[manifestDir], undefined]) {
    let entry: string;
    try {
      entry = require.resolve('@armature/core/build', paths ? { paths } : undefined);
    } catch {
      continue;
    }
    try {
      const step = (require(entry) as Record<string, unknown>)[name];
      if (typeof step !== 'function') continue;
      return (step as (...stepArgs: readonly unknown[]) => R)(...args);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return undefined;
}
