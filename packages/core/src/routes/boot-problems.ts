import { ArmatureError } from '@armature/di';
import type { LocalErrorCode } from '../errors/local-error-codes';

/**
 * Collects every problem found while compiling routes, so one boot reports all of them
 * (TypeGraphQL-style) instead of the first. The thrown error carries the first problem's
 * code; its message lists each problem with its own code.
 */
export class BootProblems {
  private readonly problems: ArmatureError[] = [];

  add(code: LocalErrorCode, message: string): void {
    this.problems.push(new ArmatureError(code, message));
  }

  /** Records an `ArmatureError` thrown by a helper; rethrows anything else. */
  capture(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.caught(error);
    }
  }

  /** What a `catch` around a helper caught: an `ArmatureError` is recorded, anything else rethrown. */
  caught(error: unknown): void {
    if (!(error instanceof ArmatureError)) throw error;
    this.problems.push(error);
  }

  get count(): number {
    return this.problems.length;
  }

  throwIfAny(): void {
    const [first] = this.problems;
    if (!first) return;
    if (this.problems.length === 1) throw first;
    const list = this.problems.map((p) => `  ${p.code}: ${p.message}`).join('\n');
    throw new ArmatureError(first.code, `${this.problems.length} problems with handlers:\n${list}`, {
      cause: new AggregateError(this.problems),
    });
  }
}
