import { StdioProcess } from '../../support/stdio-child';

export type { ChildMessage } from '../../support/stdio-child';

/** An Armature app fixture run as a real stdio child process (see `StdioProcess`). */
export class AppChild extends StdioProcess {
  /** Starts `fixture` (a compiled .js file) with extra environment variables. */
  static spawn(fixture: string, env: Record<string, string> = {}): AppChild {
    return new AppChild(fixture, env);
  }
}
