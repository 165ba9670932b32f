import type { ManifestMethod, ManifestParam } from '../manifest/manifest.types';
import { withDialect } from '../manifest/schema-dialect';
import { buildDtoInput, buildPositionalInput } from './input-schema.builder';
import { extendGeneratedInput } from './input-schema-extension';
import { describe, type MethodInput } from './method-input';
import { buildOutput } from './output-schema.builder';
import { dtoParameter, paramName, usableParameters, wholeArgumentsParameter } from './parameter-checks';
import type { ScanContext } from './scan-context';

/**
 * The manifest entry of a `@Tool` method: parameter roles, input schema (positional or DTO
 * style, extended by literal `extendInputSchema` and `headers` options), output schema.
 * Returns undefined when a problem was reported.
 */
export function buildToolEntry(input: MethodInput, context: ScanContext): ManifestMethod | undefined {
  const before = context.problems.length;
  const explicit = input.options.hasInputSchema;
  const params = usableParameters(input, context, true);
  const dto = explicit ? wholeArgumentsParameter(input) : dtoParameter(params);
  const args = params.filter((p) => !p.isContext);
  const entries: ManifestParam[] = params.map((p) => {
    if (p.isContext) return { index: p.index, name: paramName(p), role: 'context' };
    if (p === dto) return { index: p.index, name: paramName(p), role: 'dto', required: true };
    const entry: ManifestParam = { index: p.index, name: paramName(p), role: 'argument', required: !p.optional };
    return p.defaultValue ? { ...entry, default: p.defaultValue.value } : entry;
  });
  const generated = explicit ? undefined : dto ? buildDtoInput(input, dto, context) : buildPositionalInput(input, args, context);
  // The extension sees the schema as the manifest stores it ($schema first), as the kernel does.
  const inputSchema = generated ? extendGeneratedInput(input, withDialect(generated), context) : undefined;
  const output = input.options.hasOutputSchema ? {} : buildOutput(input, context);
  if (context.problems.length > before) return undefined;
  return {
    kind: 'tool',
    ...describe(input),
    argumentStyle: dto ? 'dto' : 'positional',
    params: entries,
    ...(inputSchema ? { inputSchema } : {}),
    ...(output.outputSchema ? { ...output, outputSchema: withDialect(output.outputSchema) } : output),
  };
}
