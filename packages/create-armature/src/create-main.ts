import * as path from 'node:path';
import { CREATE_USAGE, CreateUsageError, DEFAULT_FOLDER, parseCreateArgs } from './create-args';
import { nextSteps } from './next-steps';
import { ownVersion } from './own-version';
import { PromptClosedError, promptAnswers } from './prompts';
import { scaffoldProject, ScaffoldError } from './scaffold';
import { completeFeatures, type ScaffoldFeatures } from './scaffold-features';

/** The streams `create-armature` talks through, and whether a person is there to answer. */
export interface CreateIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Questions are asked only when true (both stdin and stdout are terminals) and no option was given. */
  readonly interactive: boolean;
  /** Where relative folders start; default: `process.cwd()`. */
  readonly cwd?: string;
}

/** How a folder is shown in "cd …": as typed, quoted when it holds spaces. */
function shownFolder(folder: string): string {
  return /\s/.test(folder) ? JSON.stringify(folder) : folder;
}

/**
 * Runs `create-armature` (what `npm create armature` runs): scaffolds a project and prints the
 * commands to run next. Asks nothing when an option is given or no terminal is there.
 * Resolves with the exit code: 0 created, 1 the folder is taken or the questions were cancelled, 2 usage.
 */
export async function runCreate(argv: readonly string[], io: CreateIo): Promise<number> {
  const write = (stream: NodeJS.WritableStream, text: string): void => void stream.write(`${text}\n`);
  let args;
  try {
    args = parseCreateArgs(argv);
  } catch (error) {
    if (!(error instanceof CreateUsageError)) throw error;
    write(io.stderr, `create-armature: ${error.message}\n\n${CREATE_USAGE}`);
    return 2;
  }
  if (args.help) {
    write(io.stdout, CREATE_USAGE);
    return 0;
  }
  if (args.version) {
    write(io.stdout, ownVersion());
    return 0;
  }
  const optionGiven = args.http || args.ws || args.redis || args.nestjs || args.yes;
  let folder: string;
  let features: ScaffoldFeatures;
  if (io.interactive && !optionGiven) {
    try {
      const answers = await promptAnswers({ input: io.stdin, output: io.stdout }, args.folder);
      folder = answers.folder;
      features = completeFeatures(answers.features);
    } catch (error) {
      if (!(error instanceof PromptClosedError)) throw error;
      write(io.stderr, `create-armature: ${error.message}`);
      return 1;
    }
  } else {
    if (args.folder === undefined && !args.yes) {
      write(io.stderr, `create-armature: name a folder (or pass --yes for ./${DEFAULT_FOLDER}).\n\n${CREATE_USAGE}`);
      return 2;
    }
    folder = args.folder ?? DEFAULT_FOLDER;
    features = completeFeatures(args);
  }
  try {
    const files = scaffoldProject(path.resolve(io.cwd ?? process.cwd(), folder), { features });
    write(io.stdout, `create-armature: created ${folder} (${files.join(', ')}).`);
    write(io.stdout, '');
    for (const line of nextSteps(shownFolder(folder), features)) write(io.stdout, line);
    return 0;
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    write(io.stderr, `create-armature: ${error.message}`);
    return 1;
  }
}
