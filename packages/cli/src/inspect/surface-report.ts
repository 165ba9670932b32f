import type { LiveSurface } from './live-surface';
import { section } from './manifest-report';
import { summarizeProperties, summarizeSchema } from './schema-summary';

/** What a booted app listed, as tables by wire name and URI. With `verbose`, every tool's full schemas follow. */
export function surfaceReport(surface: LiveSurface, verbose: boolean): string[] {
  const lines: string[] = [];
  section(
    lines,
    'Tools',
    ['NAME', 'INPUT', 'OUTPUT', 'DESCRIPTION'],
    surface.tools.map((tool) => [
      tool.name,
      summarizeProperties(tool.inputSchema).join(', ') || '(none)',
      tool.outputSchema ? summarizeSchema(tool.outputSchema) : '(content)',
      tool.description ?? '',
    ]),
  );
  section(
    lines,
    'Resources',
    ['URI', 'NAME', 'MIME TYPE', 'DESCRIPTION'],
    surface.resources.map((r) => [r.uri, r.name, r.mimeType ?? '', r.description ?? '']),
  );
  section(
    lines,
    'Resource templates',
    ['URI TEMPLATE', 'NAME', 'MIME TYPE', 'DESCRIPTION'],
    surface.templates.map((t) => [t.uriTemplate, t.name, t.mimeType ?? '', t.description ?? '']),
  );
  section(
    lines,
    'Prompts',
    ['NAME', 'ARGUMENTS', 'DESCRIPTION'],
    surface.prompts.map((p) => [
      p.name,
      (p.arguments ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`).join(', '),
      p.description ?? '',
    ]),
  );
  if (verbose) {
    for (const tool of surface.tools) {
      lines.push('', tool.name, `  inputSchema: ${JSON.stringify(tool.inputSchema, null, 2).replace(/\n/g, '\n  ')}`);
      if (tool.outputSchema) lines.push(`  outputSchema: ${JSON.stringify(tool.outputSchema, null, 2).replace(/\n/g, '\n  ')}`);
    }
  }
  return lines;
}
