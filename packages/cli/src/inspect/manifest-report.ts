import type { Manifest, ManifestMethod } from '@armature/schema';
import { summarizeProperties, summarizeSchema } from './schema-summary';
import { textTable } from './text-table';

interface Entry {
  readonly owner: string;
  readonly method: ManifestMethod;
}

/**
 * The manifest as tables, one per kind, by `Class.method` (tool names and URIs are decided by
 * the decorators at run time; `--entry` lists them from the booted app). With `verbose`, every
 * tool's full schemas follow the tables.
 */
export function manifestReport(manifest: Manifest, verbose: boolean): string[] {
  const entries: Entry[] = Object.values(manifest.handlers).flatMap((handler) =>
    Object.entries(handler.methods).map(([name, method]) => ({ owner: `${handler.className}.${name}`, method })),
  );
  const of = (kind: ManifestMethod['kind']): Entry[] => entries.filter((e) => e.method.kind === kind);
  const lines: string[] = [];
  section(
    lines,
    'Tools',
    ['METHOD', 'INPUT', 'OUTPUT', 'DESCRIPTION'],
    of('tool').map(({ owner, method }) => [
      owner,
      method.inputSchema ? summarizeProperties(method.inputSchema).join(', ') || '(none)' : '(explicit schema)',
      outputOf(method),
      method.description ?? '',
    ]),
  );
  section(
    lines,
    'Resources',
    ['METHOD', 'DESCRIPTION'],
    of('resource').map(({ owner, method }) => [owner, method.description ?? '']),
  );
  section(
    lines,
    'Resource templates',
    ['METHOD', 'VARIABLES', 'DESCRIPTION'],
    of('resourceTemplate').map(({ owner, method }) => [
      owner,
      method.params
        .filter((p) => p.role === 'variable')
        .map((p) => p.name)
        .join(', '),
      method.description ?? '',
    ]),
  );
  section(
    lines,
    'Prompts',
    ['METHOD', 'ARGUMENTS', 'DESCRIPTION'],
    of('prompt').map(({ owner, method }) => [
      owner,
      (method.arguments ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`).join(', '),
      method.description ?? '',
    ]),
  );
  if (verbose) {
    for (const { owner, method } of of('tool')) {
      lines.push('', `${owner}`);
      if (method.inputSchema) lines.push(`  inputSchema: ${JSON.stringify(method.inputSchema, null, 2).replace(/\n/g, '\n  ')}`);
      if (method.outputSchema) lines.push(`  outputSchema: ${JSON.stringify(method.outputSchema, null, 2).replace(/\n/g, '\n  ')}`);
    }
  }
  return lines;
}

/** Adds a titled table, or `Title: none`. */
export function section(lines: string[], title: string, header: readonly string[], rows: readonly (readonly string[])[]): void {
  lines.push('');
  if (rows.length === 0) {
    lines.push(`${title}: none`);
    return;
  }
  lines.push(`${title} (${rows.length})`);
  lines.push(...textTable(header, rows).map((line) => `  ${line}`));
}

function outputOf(method: ManifestMethod): string {
  const schema = method.outputSchema;
  if (schema === undefined) return '(content)';
  if (method.outputWrapped) return summarizeSchema((schema.properties as Record<string, unknown> | undefined)?.result);
  return summarizeSchema(schema);
}
