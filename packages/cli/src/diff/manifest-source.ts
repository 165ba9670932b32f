import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MANIFEST_FILE_NAME, readTsconfig, type ManifestDocument } from '@armature/schema';

/** A manifest that cannot be read (exit code 2 of `armature diff`). */
export class ManifestSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestSourceError';
  }
}

/**
 * Reads a manifest named on the command line: a file; a folder holding `armature.manifest.json`
 * (or a tsconfig.json, whose output folder holds it); or `<git ref>:<path>`, read with
 * `git show` from the repository of the working folder.
 */
export function readManifestSource(spec: string, cwd = process.cwd()): { document: ManifestDocument; origin: string } {
  const local = path.resolve(cwd, spec);
  if (fs.existsSync(local)) return { document: parse(fs.readFileSync(manifestFileIn(local), 'utf8'), spec), origin: spec };
  const colon = spec.indexOf(':');
  if (colon > 0) return { document: parse(gitShow(spec, cwd), spec), origin: spec };
  throw new ManifestSourceError(`${spec} is neither a file, a folder, nor <git ref>:<path>.`);
}

/**
 * The manifest `file` has at `ref` (`armature build --check-against <ref>`): `git show
 * <ref>:<file relative to the repository root>`. The manifest must be committed there.
 */
export function readManifestAtRef(ref: string, file: string): { document: ManifestDocument; origin: string } {
  const dir = path.dirname(file);
  let root: string;
  try {
    root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    throw new ManifestSourceError(`${dir} is not in a git repository, so ${ref} names no manifest; pass a manifest file instead.`);
  }
  const spec = `${ref}:${path.relative(root, file).split(path.sep).join('/')}`;
  return { document: parse(gitShow(spec, root), spec), origin: spec };
}

function manifestFileIn(local: string): string {
  if (!fs.statSync(local).isDirectory()) return local;
  const direct = path.join(local, MANIFEST_FILE_NAME);
  if (fs.existsSync(direct)) return direct;
  const tsconfig = path.join(local, 'tsconfig.json');
  if (fs.existsSync(tsconfig)) {
    const outDir = readTsconfig(tsconfig).options.outDir ?? local;
    const built = path.join(outDir, MANIFEST_FILE_NAME);
    if (fs.existsSync(built)) return built;
  }
  throw new ManifestSourceError(`${local} holds no ${MANIFEST_FILE_NAME} (run armature build there first).`);
}

function gitShow(spec: string, cwd: string): string {
  try {
    return execFileSync('git', ['show', spec], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const output = (error as { stderr?: unknown }).stderr;
    const stderr = typeof output === 'string' ? output.trim() : '';
    throw new ManifestSourceError(
      `git show ${spec} failed${stderr ? `: ${stderr}` : ''} (commit the manifest at that ref, or pass a file).`,
    );
  }
}

function parse(text: string, origin: string): ManifestDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ManifestSourceError(`${origin} is not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const document = value as Partial<ManifestDocument>;
  if (
    typeof value !== 'object' ||
    value === null ||
    !Array.isArray(document.schemas) ||
    !Array.isArray(document.paramLists) ||
    typeof document.handlers !== 'object'
  )
    throw new ManifestSourceError(`${origin} is not an armature.manifest.json written by armature build (format 4).`);
  return document as ManifestDocument;
}
