import type { ManifestMethod, ManifestParam } from '../manifest/manifest.types';
import { describe, type MethodInput } from './method-input';
import { paramName, usableParameters } from './parameter-checks';
import type { ScanContext } from './scan-context';
import { templateVariables } from './uri-template';

/** The manifest entry of a `@Resource` method: a static resource takes only the request context. */
export function buildResourceEntry(input: MethodInput, context: ScanContext): ManifestMethod | undefined {
  const before = context.problems.length;
  const params: ManifestParam[] = [];
  for (const param of usableParameters(input, context)) {
    if (param.isContext) {
      params.push({ index: param.index, name: paramName(param), role: 'context' });
      continue;
    }
    context.report(
      param.node,
      'ARM_ERR_RESOURCE_PARAMETER',
      { className: input.className, method: input.methodName, parameter: paramName(param) },
      'a static resource receives no arguments; use @ResourceTemplate with a {variable} in the URI to take one.',
    );
  }
  if (context.problems.length > before) return undefined;
  return { kind: 'resource', ...describe(input), params };
}

/**
 * The manifest entry of a `@ResourceTemplate` method. Every template variable needs a
 * parameter of the same name, and every parameter besides the context must be a template
 * variable (the kernel enforces the same at boot).
 */
export function buildTemplateEntry(input: MethodInput, context: ScanContext): ManifestMethod | undefined {
  const before = context.problems.length;
  const params = usableParameters(input, context);
  const uri = input.options.uri;
  const variables = uri?.value !== undefined ? templateVariables(uri.value) : undefined;
  const names = new Set(params.filter((p) => !p.isContext).map(paramName));
  for (const variable of variables ?? []) {
    if (names.has(variable.name) || !uri) continue;
    context.report(
      uri.node,
      'ARM_ERR_TEMPLATE_VARIABLE',
      { className: input.className, method: input.methodName, parameter: variable.name },
      `the URI template variable {${variable.name}} has no parameter of that name; add a parameter "${variable.name}: string" or rename the variable.`,
    );
  }
  const entries: ManifestParam[] = [];
  for (const param of params) {
    const name = paramName(param);
    if (param.isContext) {
      entries.push({ index: param.index, name, role: 'context' });
      continue;
    }
    if (variables && !variables.some((v) => v.name === name)) {
      context.report(
        param.node,
        'ARM_ERR_TEMPLATE_PARAMETER',
        { className: input.className, method: input.methodName, parameter: name },
        `"${name}" is not a variable of the URI template ${uri?.value ?? ''}; add {${name}} (or {?${name}}) to the template, or remove the parameter.`,
      );
    }
    entries.push({ index: param.index, name, role: 'variable', required: !param.optional });
  }
  if (context.problems.length > before) return undefined;
  return { kind: 'resourceTemplate', ...describe(input), params: entries };
}
