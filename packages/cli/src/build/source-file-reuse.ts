import * as ts from 'typescript';

interface Parsed {
  readonly text: string;
  readonly key: string;
  readonly file: ts.SourceFile;
}

type GetSourceFile = ts.CompilerHost['getSourceFile'];

/** What a parse depends on besides the text. */
function optionsKey(languageVersionOrOptions: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  if (typeof languageVersionOrOptions !== 'object') return String(languageVersionOrOptions);
  const { languageVersion, impliedNodeFormat, jsDocParsingMode } = languageVersionOrOptions;
  return `${languageVersion}/${impliedNodeFormat}/${jsDocParsingMode}`;
}

/** The compiler options as text, without the parsed tsconfig itself: a change empties the cache. */
function compilerOptionsKey(options: ts.CompilerOptions | undefined): string {
  return JSON.stringify(options ?? {}, (key, value: unknown) => (key === 'configFile' ? undefined : value));
}

/**
 * Wraps a builder-program factory so a file whose text has not changed since the last program
 * is not parsed (nor bound) again: its `SourceFile` from the previous cycle is handed back, as
 * TypeScript's own watch program does. TypeScript's watch solution builder (`armature dev`)
 * keeps no such cache: each rebuild re-read and re-parsed every file of the project.
 *
 * The solution builder swaps the host's `getSourceFile` for a cached one during each build
 * and restores it afterwards, so the wrapper is installed on every program creation. A file is
 * reused only when its text and parse options are the same and TypeScript does not ask for a
 * fresh parse (`shouldCreateNewSourceFile`), and the cache is emptied whenever the compiler
 * options change (an edited tsconfig may change how files parse or bind).
 */
export function reuseUnchangedSourceFiles<T extends ts.BuilderProgram>(create: ts.CreateProgram<T>): ts.CreateProgram<T> {
  const parsed = new Map<string, Parsed>();
  const mine = new WeakSet<GetSourceFile>();
  let optionsSeen: string | undefined;
  return (rootNames, options, host, ...rest) => {
    const optionsNow = compilerOptionsKey(options);
    if (optionsNow !== optionsSeen) {
      parsed.clear();
      optionsSeen = optionsNow;
    }
    if (host !== undefined && !mine.has(host.getSourceFile)) {
      const getSourceFile = host.getSourceFile.bind(host);
      const reusing: GetSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
        const text = host.readFile(fileName);
        const key = optionsKey(languageVersionOrOptions);
        const previous = parsed.get(fileName);
        if (text !== undefined && !shouldCreateNewSourceFile && previous?.text === text && previous.key === key) return previous.file;
        const file = getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
        if (file !== undefined && text !== undefined && file.text === text) parsed.set(fileName, { text, key, file });
        else parsed.delete(fileName);
        return file;
      };
      mine.add(reusing);
      host.getSourceFile = reusing;
    }
    return create(rootNames, options, host, ...rest);
  };
}
