import * as path from 'node:path';
import * as ts from 'typescript';

/** A tsconfig could not be read or parsed. */
export class TsconfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TsconfigError';
  }
}

/** Parses a tsconfig file (extends and references resolved) into a command line. */
export function readTsconfig(tsconfigPath: string): ts.ParsedCommandLine {
  const file = path.resolve(tsconfigPath);
  let unrecoverable: ts.Diagnostic | undefined;
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      unrecoverable = diagnostic;
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(file, undefined, host);
  if (!parsed || unrecoverable) {
    const text = unrecoverable ? ts.flattenDiagnosticMessageText(unrecoverable.messageText, '\n') : 'unknown error';
    throw new TsconfigError(`Cannot read ${file}: ${text}`);
  }
  return parsed;
}

/**
 * Creates a program from a tsconfig, for scanning without compiling (the CLI instead reuses
 * the program its build just type-checked).
 */
export function createProgramFromTsconfig(tsconfigPath: string): ts.Program {
  const parsed = readTsconfig(tsconfigPath);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
}
