import type { JsonSchema } from '../manifest/manifest.types';
import type { MethodInput } from './method-input';
import type { ScanContext } from './scan-context';
import {
  checkHeaderParameters,
  describePointer,
  type HeaderParameterProblem,
  markHeaderParameters,
  mergeSchemaExtension,
} from './schema-extension';

/**
 * `@Tool({ extendInputSchema, headers })` applied to a generated input schema, as the kernel
 * applies them at boot (the same rules, in schema-extension.ts): when the options are written as
 * literals, the manifest holds the merged schema, its problems are build errors, and
 * `armature build` precompiles its validator. An extension the scanner cannot read (a variable,
 * a spread, a call) leaves both options to the boot, since headers may name properties it adds;
 * unreadable headers leave the marking to the boot. Returns undefined after a reported problem.
 */
export function extendGeneratedInput(input: MethodInput, schema: JsonSchema, context: ScanContext): JsonSchema | undefined {
  const { extendInputSchema: extension, headers } = input.options;
  if (extension === undefined && headers === undefined) return schema;
  if (extension !== undefined && !extension.literal.ok) return schema;
  const subject = { className: input.className, method: input.methodName };
  let result = schema;
  if (extension?.literal.ok) {
    const merged = mergeSchemaExtension(result, extension.literal.value);
    for (const problem of merged.problems) {
      context.report(
        extension.node,
        'ARM_ERR_SCHEMA_EXTENSION',
        subject,
        `extendInputSchema cannot be merged into the generated input schema at ${describePointer(problem.pointer)}: ${problem.message}.`,
      );
    }
    if (merged.problems.length > 0) return undefined;
    result = merged.schema as JsonSchema;
  }
  const marked = headers?.literal.ok
    ? markHeaderParameters(result, headers.literal.value)
    : { schema: result, problems: checkHeaderParameters(result) };
  const at = headers?.node ?? extension?.node ?? input.node;
  for (const problem of marked.problems) {
    context.report(at, 'ARM_ERR_HEADER_PARAMETER', withParameter(subject, problem), headerMessage(problem));
  }
  return marked.problems.length > 0 ? undefined : (marked.schema as JsonSchema);
}

function withParameter(subject: { className: string; method: string }, problem: HeaderParameterProblem) {
  return problem.parameter === undefined ? subject : { ...subject, parameter: problem.parameter };
}

function headerMessage(problem: HeaderParameterProblem): string {
  return problem.parameter === undefined ? `${problem.message}.` : `the parameter cannot be a header: ${problem.message}.`;
}
