import { propertyKey } from './identifiers';
import { jsdoc, docText, type SchemaToTs } from './schema-to-ts';
import type { Operation } from './operations';

/** One operation as a tool: its names, its input class, and where each argument goes in the request. */
export interface PlannedTool {
  readonly operation: Operation;
  readonly tool: string;
  readonly method: string;
  readonly inputType: string | undefined;
  readonly args: readonly { readonly key: string; readonly source: 'path' | 'query' | 'header' | 'body'; readonly name: string }[];
}

/** `<tag>.tools.ts`: one injectable class, one `@Tool` method per operation calling the client. */
export function toolsFile(
  header: string,
  className: string,
  planned: readonly PlannedTool[],
  writer: SchemaToTs,
  name: string,
  constant: string,
): string {
  writer.takeReferenced();
  const imports = new Set<string>();
  const lines: string[] = [];
  for (const tool of planned) {
    const op = tool.operation;
    const result = op.result === undefined ? 'null' : writer.type(op.result.schema, '  ');
    for (const word of writer.takeReferenced()) imports.add(word);
    if (tool.inputType !== undefined) imports.add(tool.inputType);
    const doc: string[] = [];
    const summary = op.summary?.trim();
    const description = op.description?.trim();
    if (summary) doc.push(...docText(summary));
    if (description && description !== summary) doc.push(...(doc.length > 0 ? [''] : []), ...docText(description));
    if (doc.length === 0) doc.push(`${op.method.toUpperCase()} ${op.path}`);
    if (op.deprecated) doc.push('@deprecated');
    const readOnly = op.method === 'get' || op.method === 'head';
    const annotations = `annotations: { readOnlyHint: ${readOnly}, idempotentHint: ${readOnly || op.method === 'put' || op.method === 'delete'}, openWorldHint: true }`;
    const title = summary === undefined || summary === '' ? '' : `, title: ${JSON.stringify(summary.split('\n')[0]!.slice(0, 120))}`;
    const request: string[] = [`method: '${op.method.toUpperCase()}'`, `path: ${JSON.stringify(op.path)}`];
    for (const source of ['path', 'query', 'header'] as const) {
      const args = tool.args.filter((a) => a.source === source);
      if (args.length > 0) {
        const field = source === 'path' ? 'pathParams' : source === 'query' ? 'query' : 'headers';
        request.push(`${field}: { ${args.map((a) => `${propertyKey(a.name)}: ${member(a.key)}`).join(', ')} }`);
      }
    }
    const body = tool.args.find((a) => a.source === 'body');
    if (body !== undefined) {
      request.push(`body: ${member(body.key)}`);
      if (op.body?.type !== 'json') request.push(`bodyType: '${op.body?.type ?? 'json'}'`);
    }
    const params = tool.inputType === undefined ? 'ctx: RequestContext' : `input: ${tool.inputType}, ctx: RequestContext`;
    lines.push(
      '',
      ...jsdoc(doc, '  '),
      `  @Tool({ name: ${JSON.stringify(tool.tool)}${title}, ${annotations} })`,
      `  async ${tool.method}(${params}): Promise<${result}> {`,
      `    return (await this.client.call({ ${request.join(', ')} }, ctx.signal)) as ${wrapType(result)};`,
      '  }',
    );
  }
  const typeImports = [...imports].sort();
  return [
    header.trimEnd(),
    "import { Inject, Injectable } from '@armature/di';",
    "import { RequestContext, Tool } from '@armature/core';",
    "import { OpenApiClient } from '@armature/core/openapi';",
    `import { ${constant}_CLIENT } from './${name}.client';`,
    ...(typeImports.length > 0 ? [`import { ${typeImports.join(', ')} } from './${name}.types';`] : []),
    '',
    `/** Calls the service's operations through its client; every schema comes from these signatures. */`,
    '@Injectable()',
    `export class ${className} {`,
    `  constructor(@Inject(${constant}_CLIENT) private readonly client: OpenApiClient) {}`,
    ...lines,
    '}',
    '',
  ].join('\n');
}

function wrapType(type: string): string {
  return /[|&]/.test(type) ? `(${type})` : type;
}

/** `input.name` when the key is an identifier, else `input["a-b"]`. */
function member(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `input.${key}` : `input[${JSON.stringify(key)}]`;
}
