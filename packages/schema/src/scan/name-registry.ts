import type * as ts from 'typescript';
import type { MethodInput } from './method-input';
import type { ScanContext } from './scan-context';

/** MCP tool names: 1 to 128 characters of A-Z, a-z, 0-9, `_`, `.` and `-`. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

interface NameOwner {
  readonly where: string;
}

/**
 * Checks tool names (validity and uniqueness) and prompt names (uniqueness) across one scan.
 * The name is the decorator's `name` option when it is a literal, else the method name;
 * a name computed at run time cannot be checked and is skipped.
 */
export class NameRegistry {
  private readonly owners = new Map<string, NameOwner>();

  constructor(private readonly context: ScanContext) {}

  /** Checks the name of a tool or prompt method. */
  check(input: MethodInput): void {
    const kind = input.decorator.kind;
    if (kind !== 'tool' && kind !== 'prompt') return;
    const option = input.options.name;
    if (option && option.value === undefined) return;
    const name = option?.value ?? input.methodName;
    const node: ts.Node = option?.node ?? input.node.name;
    const subject = { className: input.className, method: input.methodName };
    if (kind === 'tool' && !TOOL_NAME_PATTERN.test(name)) {
      this.context.report(
        node,
        'ARM_ERR_TOOL_NAME',
        subject,
        `${JSON.stringify(name)} is not a valid tool name: use 1 to 128 characters of A-Z, a-z, 0-9, "_", "." and "-".`,
      );
      return;
    }
    const key = `${kind}:${name}`;
    const first = this.owners.get(key);
    if (first) {
      this.context.report(node, 'ARM_ERR_DUPLICATE_NAME', subject, `the ${kind} name ${JSON.stringify(name)} is already used by ${first.where}; names must be unique per server.`);
      return;
    }
    const file = input.node.getSourceFile();
    const line = file.getLineAndCharacterOfPosition(input.node.getStart(file)).line + 1;
    this.owners.set(key, { where: `${input.className}.${input.methodName} (${this.context.relative(file.fileName)}:${line})` });
  }
}
