import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as ts from 'typescript';
import {
  isWarning,
  MANIFEST_FILE_NAME,
  scanProgram,
  writeManifest,
  type BuildNote,
  type BuildProblem,
  type ScanOptions,
} from '@armature/schema';
import { writeValidators, type ValidatorsStep } from './validators-step';
import { writeToolIndex, type ToolIndexStep } from './tool-index-step';
import { writeBootFile, type BootFileStep } from './boot-file-step';

/** What the scan of one compiled project produced. */
export interface ProjectScan {
  /** The project's tsconfig. */
  readonly project: string;
  readonly methodCount: number;
  readonly problems: readonly BuildProblem[];
  /** What the scan left out of a schema without failing (printed as notes; the manifest is written). */
  readonly notes: readonly BuildNote[];
  /** The manifest path, when one was written or is up to date; undefined when none is needed. */
  readonly manifestFile: string | undefined;
  /** True when the manifest content changed on disk. */
  readonly manifestChanged: boolean;
  readonly scanMs: number;
  /** The precompiled validators written beside the manifest (undefined: none written). */
  readonly validators?: ValidatorsStep | { readonly error: string };
  /** The tool-search index written beside the manifest (undefined: none written). */
  readonly toolIndex?: ToolIndexStep | { readonly error: string };
  /** The manifest's boot copy written beside it (undefined: none written). */
  readonly bootFile?: BootFileStep | { readonly error: string };
}

/** Options of {@link scanAndWriteManifest}. */
export interface ManifestStepOptions {
  /** Write a manifest even without decorated methods (the entry project always gets one). */
  readonly alwaysWrite?: boolean;
  readonly onProgress?: (scannedFiles: number, totalFiles: number) => void;
  /** Per-file results kept across watch cycles (see `ScanCache`). */
  readonly cache?: ScanOptions['cache'];
  /** Build warnings stop the manifest as problems do (`--strict`). */
  readonly strict?: boolean;
}

/**
 * Scans the program the compiler has just type-checked and emitted (no second program is
 * created) and writes `armature.manifest.json` at the root of its output. A project with no
 * decorated methods gets no manifest (unless `alwaysWrite`, or one is already there: it is
 * then emptied). Nothing is written when the scan found problems (or warnings, when `strict`).
 */
export function scanAndWriteManifest(program: ts.Program, options: ManifestStepOptions = {}): ProjectScan {
  const started = performance.now();
  const configFile = program.getCompilerOptions().configFilePath;
  const project = typeof configFile === 'string' ? configFile : program.getCurrentDirectory();
  const result = scanProgram(program, { onProgress: options.onProgress, cache: options.cache });
  const existing = path.join(result.manifestDir, MANIFEST_FILE_NAME);
  let manifestFile: string | undefined;
  let manifestChanged = false;
  let validators: ProjectScan['validators'];
  let toolIndex: ProjectScan['toolIndex'];
  let bootFile: ProjectScan['bootFile'];
  const blocked = result.problems.length > 0 || (options.strict === true && result.notes.some(isWarning));
  if (!blocked && (options.alwaysWrite || result.methodCount > 0 || fs.existsSync(existing))) {
    const written = writeManifest(result.manifestDir, result.manifest);
    manifestFile = written.file;
    manifestChanged = written.written;
    // After the manifest was written or touched: the copy records its size and time.
    bootFile = writeBootFile(result.manifestDir, written.document);
    validators = writeValidators(result.manifestDir, written.document);
    toolIndex = writeToolIndex(result.manifestDir, written.document);
  }
  return {
    project,
    methodCount: result.methodCount,
    problems: result.problems,
    notes: result.notes,
    manifestFile,
    manifestChanged,
    scanMs: performance.now() - started,
    validators,
    toolIndex,
    bootFile,
  };
}
