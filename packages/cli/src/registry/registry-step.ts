import * as fs from 'node:fs';
import * as path from 'node:path';
import { readTsconfig } from '@armature/schema';
import { displayPath } from '../build/project-path';
import type { CliOutput } from '../output/cli-output';
import { readPackageFacts } from './registry-config';
import { generateServerJson, type ServerJson } from './server-json';
import { checkServerJson, type ServerJsonIssue } from './server-json-schema';

/** The registry file `armature build` writes beside the manifest. */
export const SERVER_JSON_FILE_NAME = 'server.json';

/** What the registry step did for one build. */
export type RegistryStep =
  /** package.json has no `armature.registry` section: nothing to write. */
  | { readonly kind: 'none' }
  | { readonly kind: 'written'; readonly files: readonly string[]; readonly changed: boolean; readonly document: ServerJson }
  | { readonly kind: 'invalid'; readonly packageFile: string; readonly issues: readonly ServerJsonIssue[] };

/**
 * Generates `server.json` from the package.json nearest to the project and writes it to
 * `outDir` (beside the manifest), plus the copy `armature.registry.copyTo` names. Nothing is
 * written when the document breaks the registry's schema: the issues name the field to fix.
 */
export function writeServerJson(projectDir: string, outDir: string): RegistryStep {
  const facts = readPackageFacts(projectDir);
  if (facts === undefined || facts.registry === undefined) return { kind: 'none' };
  const { document, origins } = generateServerJson(facts);
  const issues: ServerJsonIssue[] = [];
  const registry = facts.registry;
  if (typeof registry !== 'object' || registry === null || Array.isArray(registry))
    issues.push({ field: 'armature.registry', pointer: '/', message: 'must be an object ({ "name": "io.github.owner/server", … })' });
  const copyTo = (registry as { copyTo?: unknown } | null)?.copyTo;
  if (copyTo !== undefined && (typeof copyTo !== 'string' || copyTo.length === 0))
    issues.push({ field: 'armature.registry.copyTo', pointer: '-', message: 'must be a path relative to package.json' });
  issues.push(...checkServerJson(document, origins));
  if (issues.length > 0) return { kind: 'invalid', packageFile: facts.file, issues };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const files = [path.join(outDir, SERVER_JSON_FILE_NAME)];
  if (typeof copyTo === 'string') files.push(path.resolve(facts.dir, copyTo));
  let changed = false;
  for (const file of files) changed = writeIfChanged(file, text) || changed;
  return { kind: 'written', files, changed, document };
}

function writeIfChanged(file: string, text: string): boolean {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return true;
}

/** The lines a build prints for an invalid `server.json`. */
export function formatRegistryIssues(step: Extract<RegistryStep, { kind: 'invalid' }>, shownPackageFile: string): string {
  const lines = step.issues.map(
    (issue) => `  ${issue.field}: ${issue.message}${issue.pointer === '-' ? '' : ` (server.json ${issue.pointer})`}`,
  );
  return [`${shownPackageFile}: server.json would not be valid against the MCP registry schema; none written:`, ...lines].join('\n');
}

/** Writes `server.json` beside the entry project's manifest; prints what is wrong with it instead when invalid. */
export function registryStep(project: string, output: CliOutput): RegistryStep {
  const parsed = readTsconfig(project);
  let step: RegistryStep;
  try {
    step = writeServerJson(path.dirname(project), parsed.options.outDir ?? path.dirname(project));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    step = { kind: 'invalid', packageFile: 'package.json', issues: [{ field: 'package.json', pointer: '-', message: error.message }] };
  }
  if (step.kind === 'invalid') output.line(formatRegistryIssues(step, displayPath(step.packageFile)));
  return step;
}
