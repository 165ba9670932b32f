import * as ts from 'typescript';

/** Where a command writes: its lines, and whether the stream is a terminal (progress, colours). */
export interface CliOutput {
  readonly isTTY: boolean;
  line(text: string): void;
  /** A transient status line, overwritten by the next one; ignored when not a terminal. */
  status(text: string): void;
  /** Clears the status line. */
  clearStatus(): void;
}

/**
 * An output on a Node stream. `armature build` writes to stdout like tsc; `armature dev`
 * writes to stderr because the server it runs may speak MCP on stdout.
 */
export function streamOutput(stream: NodeJS.WriteStream): CliOutput {
  let statusShown = false;
  let lastStatus = 0;
  const clear = (): void => {
    if (statusShown) {
      stream.write('\r\x1b[2K');
      statusShown = false;
    }
  };
  return {
    isTTY: stream.isTTY === true,
    line(text) {
      clear();
      stream.write(`${text}\n`);
    },
    status(text) {
      // Redrawing more than ~10 times a second costs time and shows nothing more.
      if (stream.isTTY !== true || Date.now() - lastStatus < 100) return;
      lastStatus = Date.now();
      const width = Math.max(20, (stream.columns || 80) - 1);
      stream.write(`\r\x1b[2K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
      statusShown = true;
    },
    clearStatus: clear,
  };
}

/** An output that keeps its lines in memory (tests, programmatic use). */
export function memoryOutput(): CliOutput & { readonly lines: string[] } {
  const lines: string[] = [];
  return { isTTY: false, lines, line: (text) => lines.push(text), status: () => undefined, clearStatus: () => undefined };
}

/** Formats TypeScript diagnostics the way tsc does (with colour and context on a terminal). */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[], pretty: boolean): string {
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  };
  const text = pretty ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host) : ts.formatDiagnostics(diagnostics, host);
  return text.replace(/\n+$/, '');
}
