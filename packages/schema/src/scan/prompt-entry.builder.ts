import * as ts from 'typescript';
import type { ManifestMethod, ManifestParam, ManifestPromptArgument } from '../manifest/manifest.types';
import { describe, type MethodInput } from './method-input';
import { paramName, usableParameters, wholeArgumentsParameter } from './parameter-checks';
import type { ParamInfo } from './parameter-reader';
import type { ScanContext } from './scan-context';

/**
 * The manifest entry of a `@Prompt` method. Prompt arguments travel as strings, so every
 * argument parameter must accept a string: `string`, string literals or unions of them, string enums.
 */
export function buildPromptEntry(input: MethodInput, context: ScanContext): ManifestMethod | undefined {
  if (input.options.hasArguments) return buildExplicitPromptEntry(input, context);
  const before = context.problems.length;
  const params = usableParameters(input, context);
  const entries: ManifestParam[] = [];
  const args: ManifestPromptArgument[] = [];
  for (const param of params) {
    const name = paramName(param);
    if (param.isContext) {
      entries.push({ index: param.index, name, role: 'context' });
      continue;
    }
    checkStringCompatible(input, param, context);
    const entry: ManifestParam = { index: param.index, name, role: 'argument', required: !param.optional };
    entries.push(param.defaultValue ? { ...entry, default: param.defaultValue.value } : entry);
    const description = input.docs.params.get(name);
    args.push({ name, ...(description !== undefined ? { description } : {}), required: !param.optional });
  }
  if (context.problems.length > before) return undefined;
  return { kind: 'prompt', ...describe(input), params: entries, arguments: args };
}

/** `@Prompt({ arguments })`: the decorator's list is used; parameters are only given roles. */
function buildExplicitPromptEntry(input: MethodInput, context: ScanContext): ManifestMethod | undefined {
  const before = context.problems.length;
  const whole = wholeArgumentsParameter(input);
  const params: ManifestParam[] = usableParameters(input, context).map((p) => {
    if (p.isContext) return { index: p.index, name: paramName(p), role: 'context' };
    return { index: p.index, name: paramName(p), role: p === whole ? 'dto' : 'argument', required: p === whole || !p.optional };
  });
  if (context.problems.length > before) return undefined;
  return { kind: 'prompt', ...describe(input), params };
}

function checkStringCompatible(input: MethodInput, param: ParamInfo, context: ScanContext): void {
  const { checker } = context;
  const type = checker.getNonNullableType(param.type);
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  if (!(type.flags & ts.TypeFlags.Never) && checker.isTypeAssignableTo(type, checker.getStringType())) return;
  context.report(
    param.node,
    'ARM_ERR_PROMPT_ARGUMENT',
    { className: input.className, method: input.methodName, parameter: paramName(param) },
    `prompt arguments are strings, but this parameter is ${checker.typeToString(param.type)}; declare it as string (or a union of string literals) and convert it inside the method.`,
  );
}
