import { ArmatureError } from './armature-error';
import type { DiErrorCode } from './di-error-codes';

/**
 * Builds a DI error. The message starts with the code so a log line or stack trace is
 * self-describing even where `code` is not printed.
 */
export function diError(code: DiErrorCode, text: string, options?: ErrorOptions): ArmatureError {
  return new ArmatureError(code, `${code}: ${text}`, options);
}

/**
 * Thrown by `Container.create` when the dependency graph has more than one problem: every
 * problem found at boot, each an `ArmatureError` with its own code, listed in the message.
 * Its own code is the problems' code when they all share one, else `ARM_ERR_DEPENDENCY_GRAPH`.
 */
export class DependencyGraphError extends ArmatureError {
  constructor(readonly problems: readonly ArmatureError[]) {
    const code = problems.every((p) => p.code === problems[0].code) ? problems[0].code : 'ARM_ERR_DEPENDENCY_GRAPH';
    super(
      code,
      `${code}: ${problems.length} problems in the dependency graph:\n` + problems.map((p, i) => `  ${i + 1}. ${p.message}`).join('\n'),
    );
    this.name = 'DependencyGraphError';
  }
}

/** Throws nothing for no problems, the problem itself for one, a `DependencyGraphError` for several. */
export function throwProblems(problems: readonly ArmatureError[]): void {
  if (problems.length === 1) throw problems[0];
  if (problems.length > 1) throw new DependencyGraphError(problems);
}
