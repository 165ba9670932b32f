import type { BuildProblem } from '../problems/build-problem';
import type { MethodInput } from './method-input';
import { classKey } from './module-reader';
import type { ScanContext } from './scan-context';

/** MCP tool names: 1 to 128 characters of A-Z, a-z, 0-9, `_`, `.` and `-`. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** A tool or prompt name, resource URI or URI template one method claims, with where the claim is written. */
export interface NameClaim {
  readonly kind: 'tool' | 'prompt' | 'resource' | 'resourceTemplate';
  /** The name, or the resource's URI, or the template. */
  readonly name: string;
  /** Where a duplicate is reported: the name option, or the method name. */
  readonly at: Pick<BuildProblem, 'file' | 'line' | 'column' | 'className' | 'method'>;
  /** `Class.method (file:line)`, for the message naming the first owner. */
  readonly owner: string;
  /** `<file>#<Class>` of the class declaring the method (module nodes list handlers by this key). */
  readonly classKey: string;
}

/**
 * The name a tool or prompt method claims: the decorator's `name` option when it is a
 * literal, else the method name; undefined for other kinds and for names computed at run
 * time (which cannot be checked). An invalid tool name is reported here.
 */
export function claimName(input: MethodInput, context: ScanContext): NameClaim | undefined {
  const kind = input.decorator.kind;
  if (kind === 'resource' || kind === 'resourceTemplate') return uriClaim(kind, input, context);
  if (kind !== 'tool' && kind !== 'prompt') return undefined;
  const option = input.options.name;
  if (option && option.value === undefined) return undefined;
  const name = option?.value ?? input.methodName;
  const subject = { className: input.className, method: input.methodName };
  const node = option?.node ?? input.node.name;
  if (kind === 'tool' && !TOOL_NAME_PATTERN.test(name)) {
    context.report(
      node,
      'ARM_ERR_TOOL_NAME',
      subject,
      `${JSON.stringify(name)} is not a valid tool name: use 1 to 128 characters of A-Z, a-z, 0-9, "_", "." and "-".`,
    );
    return undefined;
  }
  const at = { ...context.locate(node), ...subject };
  const method = context.locate(input.node);
  const owner = `${input.className}.${input.methodName} (${method.file}:${method.line})`;
  return { kind, name, at, owner, classKey: classKey(context, input.node.getSourceFile().fileName, input.className) };
}

/** The URI or template a resource method claims, when it is a literal. */
function uriClaim(kind: 'resource' | 'resourceTemplate', input: MethodInput, context: ScanContext): NameClaim | undefined {
  const option = input.options.uri;
  if (option?.value === undefined) return undefined;
  const subject = { className: input.className, method: input.methodName };
  const at = { ...context.locate(option.node ?? input.node.name), ...subject };
  const method = context.locate(input.node);
  const owner = `${input.className}.${input.methodName} (${method.file}:${method.line})`;
  return { kind, name: option.value, at, owner, classKey: classKey(context, input.node.getSourceFile().fileName, input.className) };
}

/** How a message names what a claim claims. */
export function claimLabel(kind: NameClaim['kind']): string {
  return kind === 'tool' ? 'tool name' : kind === 'prompt' ? 'prompt name' : kind === 'resource' ? 'resource URI' : 'resource template';
}
