import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type ParsedArgs } from '../args/argv-parser';
import { emitModule } from '../openapi/module-emitter';
import { OpenApiError, readOpenApiDocument } from '../openapi/openapi-document';
import { readOperations } from '../openapi/operations';
import type { CliOutput } from '../output/cli-output';

/**
 * `armature openapi <spec> --out <dir> [--tag t]… [--operation id]… [--base-url url]`: writes a
 * module of `@Tool` classes for the document's operations. 0 when written, 1 when the document
 * cannot be used. Files are only rewritten when their text changes.
 */
export function openapiCommand(args: ParsedArgs, output: CliOutput, errors: CliOutput): number {
  if (args.target === undefined) throw new UsageError('openapi needs a document: armature openapi <spec.yaml|json> --out <dir>.');
  if (args.out === undefined) throw new UsageError('openapi needs --out <dir>, the folder of the generated module.');
  const out = path.resolve(args.out);
  const name =
    path
      .basename(out)
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'api';
  let files;
  try {
    const document = readOpenApiDocument(args.target);
    const operations = readOperations(document, { tags: args.tags, operationIds: args.operations });
    if (operations.length === 0) throw new OpenApiError(`${args.target}: no operation matches${describeFilter(args)}.`);
    files = emitModule(document, operations, { name, source: path.basename(args.target), baseUrl: args.baseUrl });
    output.line(
      `armature: ${operations.length} operation${operations.length === 1 ? '' : 's'} as tools in ${path.relative(process.cwd(), out) || '.'}.`,
    );
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    errors.line(`armature: ${error.message}`);
    return 1;
  }
  fs.mkdirSync(out, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(out, file);
    if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
    fs.writeFileSync(target, text);
  }
  return 0;
}

function describeFilter(args: ParsedArgs): string {
  const parts = [...args.tags.map((t) => `--tag ${t}`), ...args.operations.map((o) => `--operation ${o}`)];
  return parts.length === 0 ? '' : ` ${parts.join(', ')}`;
}
