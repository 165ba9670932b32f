import * as fs from 'node:fs';
import * as path from 'node:path';
import { createProgramFromTsconfig, generatorName, MANIFEST_DOCUMENT_FORMAT, MANIFEST_FILE_NAME, readTsconfig } from '@armature/schema';
import { scanAndWriteManifest, type ProjectScan } from './manifest-step';
import { writeValidators } from './validators-step';
import { writeToolIndex } from './tool-index-step';
import { writeBootFile } from './boot-file-step';
import { currentSourceHash } from './source-state';

/**
 * The entry project may be up to date for TypeScript (built earlier by `tsc -b`) while its
 * manifest is missing, was written by another scanner version or in another format, or describes older sources
 * (`tsc -b` ran after an edit, then `armature build`). Then the compiler rebuilds nothing, so
 * the entry project is scanned from a fresh program. Returns undefined when the manifest is
 * present and current, or the project emits nothing.
 */
export function scanEntryIfManifestMissing(tsconfig: string): ProjectScan | undefined {
  const parsed = readTsconfig(tsconfig);
  if (parsed.fileNames.length === 0 || parsed.options.noEmit) return undefined;
  const dir = parsed.options.outDir ?? path.dirname(tsconfig);
  const manifest = path.join(dir, MANIFEST_FILE_NAME);
  if (manifestIsCurrent(manifest, path.dirname(tsconfig), parsed.fileNames)) {
    // It describes these very sources, so it vouches for JavaScript a plain `tsc -b` may have
    // re-emitted from them since: the app refuses a manifest older than its handlers.
    const now = new Date();
    fs.utimesSync(manifest, now, now);
    // The boot copy records that time too (or is added for a manifest written before copies were).
    writeBootFile(dir);
    // The validators file records the manifest's size and time (so a boot need not hash it):
    // rewritten for the new time, or added for a manifest written before validators were
    // precompiled, without a rescan (schemas unchanged: their code is carried over).
    writeValidators(dir);
    // …and a tool-search index, or a new one when this core tokenizes differently (a header
    // check when it is current: its digest names the manifest bytes, which the touch left alone).
    writeToolIndex(dir);
    return undefined;
  }
  return scanAndWriteManifest(createProgramFromTsconfig(tsconfig), { alwaysWrite: true });
}

function manifestIsCurrent(file: string, projectDir: string, fileNames: readonly string[]): boolean {
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      armature?: unknown;
      generator?: unknown;
      sourceHash?: unknown;
      paramLists?: unknown;
      schemas?: unknown;
    };
    return (
      manifest.armature === MANIFEST_DOCUMENT_FORMAT &&
      Array.isArray(manifest.paramLists) &&
      Array.isArray(manifest.schemas) &&
      manifest.generator === generatorName() &&
      manifest.sourceHash === currentSourceHash(projectDir, fileNames)
    );
  } catch {
    return false;
  }
}
