import type { MethodInput } from './method-input';
import type { ParamInfo } from './parameter-reader';
import type { ScanContext } from './scan-context';

/**
 * Reports parameters that cannot be filled from named arguments (rest parameters and
 * unnamed destructuring patterns) and returns those that can, context parameters included.
 */
export function usableParameters(input: MethodInput, context: ScanContext, allowDto = false): ParamInfo[] {
  const usable: ParamInfo[] = [];
  const dto = allowDto ? dtoParameter(input.params) : undefined;
  for (const param of input.params) {
    const subject = { className: input.className, method: input.methodName, parameter: param.name ?? `#${param.index}` };
    if (param.isRest) {
      context.report(
        param.node,
        'ARM_ERR_PARAMETER',
        subject,
        'a rest parameter cannot receive named arguments; declare an array parameter instead.',
      );
    } else if (param.name === undefined && !param.isContext && param !== dto) {
      context.report(
        param.node,
        'ARM_ERR_PARAMETER',
        subject,
        'a destructured parameter has no name to use as an argument; name it (and destructure inside the method), or make its type a class to use the DTO style.',
      );
    } else {
      usable.push(param);
    }
  }
  return usable;
}

/** The name a parameter is known by in the manifest (`#<index>` for an unnamed context parameter). */
export function paramName(param: ParamInfo): string {
  return param.name ?? `#${param.index}`;
}

/**
 * The DTO rule: the method has exactly one parameter besides the request context, and its
 * declared type is a class of the author's workspace. Its properties form the input schema.
 */
export function dtoParameter(params: readonly ParamInfo[]): ParamInfo | undefined {
  const others = params.filter((p) => !p.isContext);
  const only = others.length === 1 ? others[0] : undefined;
  return only && only.isClass && !only.isRest ? only : undefined;
}

/**
 * With an explicit `inputSchema` (tool) or `arguments` list (prompt), the scanner writes no
 * schema, and a single parameter besides the context receives the whole arguments object —
 * as the kernel does without a manifest — unless the explicit schema names that parameter as
 * one of its arguments (then it is positional, like any other).
 */
export function wholeArgumentsParameter(input: MethodInput): ParamInfo | undefined {
  const others = input.params.filter((p) => !p.isContext);
  const only = others.length === 1 ? others[0] : undefined;
  if (!only || only.isRest) return undefined;
  const names = input.options.explicitArgumentNames;
  return only.name !== undefined && names?.includes(only.name) ? undefined : only;
}
