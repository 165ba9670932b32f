import { existsSync, readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as Schema from '@armature/schema';
import { writeBootFileBeside, writeToolIndexBeside } from '@armature/core/build';
import { testingError } from '../errors/testing-error';
import { requireOptionalPeer } from '../errors/optional-peer';

const MANIFEST = 'armature.manifest.json';

function newestJs(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Hidden folders hold scratch output (compiled doc samples and the like), not the project's code.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestJs(path));
    else if (entry.name.endsWith('.js')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The `armature` format number of a manifest file, or undefined when it cannot be read. */
function formatOf(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { armature?: unknown }).armature;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the project's `armature.manifest.json` exists and is not older than its compiled
 * JavaScript and is in the format this `@armature/schema` writes (a file from an older build
 * is rewritten, not left for the kernel to refuse), scanning the sources exactly as `armature build` does when it is stale. Tests
 * then pass after a plain `tsc -b` as well as after `armature build`. The tool-search index
 * (`armature.tool-index.json`) and, after a scan, the manifest's boot copy (`armature.boot.jsonl`)
 * are written beside it too, as `armature build` writes them. `project` is a folder
 * with a `tsconfig.json`, or a tsconfig file. Needs `@armature/schema` (an optional peer).
 * Returns the manifest's path.
 */
export function ensureManifest(project: string): string {
  const schema = requireOptionalPeer<typeof Schema>('@armature/schema', 'ensureManifest');
  const tsconfig = resolve(project.endsWith('.json') ? project : join(project, 'tsconfig.json'));
  const parsed = schema.readTsconfig(tsconfig);
  const outDir = parsed.options.outDir ?? resolve(tsconfig, '..');
  const file = join(outDir, MANIFEST);
  const fresh = existsSync(file) && existsSync(outDir) && statSync(file).mtimeMs >= newestJs(outDir);
  if (fresh && formatOf(file) === schema.MANIFEST_DOCUMENT_FORMAT) {
    // The tool-search index, as `armature build` keeps it (a header check when it is current).
    writeToolIndexBeside(outDir);
    return file;
  }
  const scan = schema.scanProject(tsconfig);
  if (scan.problems.length > 0) {
    throw testingError('ARM_ERR_MANIFEST_BUILD_FAILED', `scanning ${tsconfig} found problems:\n${schema.formatProblems(scan.problems)}`);
  }
  const written = schema.writeManifest(scan.manifestDir, scan.manifest);
  // An unchanged manifest is not rewritten; mark it fresh so the next call skips the scan.
  if (!written.written) utimesSync(written.file, new Date(), new Date());
  // The tool-search index beside it, bound to these manifest bytes (rewritten only when it changes),
  // and the manifest's boot copy, stamped with its size and time.
  writeToolIndexBeside(outDir);
  writeBootFileBeside(outDir, written.document);
  return written.file;
}
