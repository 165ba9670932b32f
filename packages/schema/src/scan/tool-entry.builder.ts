import { argumentPointer, dropSensitive, takeSensitive } from '../convert/sensitive-paths';
import type { JsonSchema, ManifestMethod, ManifestParam } from '../manifest/manifest.types';
import { withDialect } from '../manifest/schema-dialect';
import { buildDtoInput, buildPositionalInput } from './input-schema.builder';
import { extendGeneratedInput } from './input-schema-extension';
import { describe, type MethodInput } from './method-input';
import { buildOutput } from './output-schema.builder';
import { dtoParameter, paramName, usableParameters, wholeArgumentsParameter } from './parameter-checks';
import type { ParamInfo } from './parameter-reader';
import type { ScanContext } from './scan-context';
import { hasSensitiveDecorator } from './sensitive-decorator';

/**
 * The pointers of the arguments a method's `@sensitive <name>` tags and its parameters'
 * `@Sensitive()` decorators mark (a decorated DTO parameter is the whole arguments object);
 * a tag naming no argument is a build problem (the value would otherwise be written to audit
 * records).
 */
function sensitiveArguments(
  input: MethodInput,
  params: readonly ParamInfo[],
  dto: ParamInfo | undefined,
  schema: JsonSchema,
  context: ScanContext,
): string[] {
  const properties = schema.properties;
  const names = typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
  const paths: string[] = [];
  for (const param of params) {
    if (param.isContext || !hasSensitiveDecorator(param.node, context.origin)) continue;
    if (param === dto) paths.push('');
    else if (names.includes(paramName(param))) paths.push(argumentPointer(paramName(param)));
  }
  for (const tag of input.docs.sensitive) {
    if (tag.target !== undefined && names.includes(tag.target)) {
      paths.push(argumentPointer(tag.target));
      continue;
    }
    const known = names.length === 0 ? 'there are none' : names.join(', ');
    context.report(
      tag.node,
      'ARM_ERR_JSDOC_TAG',
      { className: input.className, method: input.methodName, parameter: tag.target },
      `@sensitive must name an argument (@sensitive <name>); "${tag.target ?? ''}" is not one (${known}).`,
    );
  }
  return paths;
}

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
  const extended = generated ? extendGeneratedInput(input, withDialect(generated), context) : undefined;
  const redaction = extended ? takeSensitive(extended, sensitiveArguments(input, params, dto, extended, context)) : undefined;
  const inputSchema = redaction?.schema;
  const built = input.options.hasOutputSchema ? {} : buildOutput(input, context);
  const output = built.outputSchema ? { ...built, outputSchema: dropSensitive(built.outputSchema) } : built;
  if (context.problems.length > before) return undefined;
  return {
    kind: 'tool',
    ...describe(input),
    argumentStyle: dto ? 'dto' : 'positional',
    params: entries,
    ...(inputSchema ? { inputSchema } : {}),
    ...(redaction && redaction.paths.length > 0 ? { sensitive: redaction.paths } : {}),
    ...(output.outputSchema ? { ...output, outputSchema: withDialect(output.outputSchema) } : output),
  };
}
