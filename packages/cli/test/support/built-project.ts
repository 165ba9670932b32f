import { expect } from 'chai';
import { NODE16_FIXTURE_TSCONFIG, removeFixture, runArmature } from './fixture-project';
import { createRealProject } from './real-project';

/** A real project built once for a suite, and the clients its tests open. */
export interface BuiltProject {
  /** The project's folder (set once the suite's `before` hook ran). */
  readonly dir: string;
  /** What `armature build` printed. */
  readonly buildOutput: string;
  /** Runs `close` after the current test (in reverse order of registration; its failure is ignored). */
  closeAfterTest(close: () => Promise<unknown>): void;
}

/**
 * Registers the suite's hooks (call it in a `describe` body): before all, a real project of
 * `files` (Node16 tsconfig, the workspace's packages and `links` linked), `options.before`'s
 * armature commands run in it (a package it uses built first, say), then built with
 * `armature build`, all of which must succeed; after each test, the clients it opened closed; after
 * all, the folder removed.
 */
export function builtProjectPerSuite(
  files: Readonly<Record<string, string>>,
  links: readonly string[] = [],
  options: { readonly before?: readonly (readonly string[])[] } = {},
): BuiltProject {
  let dir = '';
  let buildOutput = '';
  const closers: (() => Promise<unknown>)[] = [];
  before(() => {
    dir = createRealProject({ 'tsconfig.json': JSON.stringify(NODE16_FIXTURE_TSCONFIG, null, 2), ...files }, links);
    for (const args of options.before ?? []) {
      const ran = runArmature(args, dir);
      expect(ran.status, `armature ${args.join(' ')}: ${ran.stdout}${ran.stderr}`).to.equal(0);
    }
    const built = runArmature(['build'], dir);
    buildOutput = built.stdout + built.stderr;
    expect(built.status, buildOutput).to.equal(0);
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
  });
  after(() => {
    if (dir) removeFixture(dir);
  });
  return {
    get dir() {
      return dir;
    },
    get buildOutput() {
      return buildOutput;
    },
    closeAfterTest(close) {
      closers.push(close);
    },
  };
}
