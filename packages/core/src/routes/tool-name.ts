/** MCP 2025-11-25 tool names: 1–128 characters of `A-Za-z0-9_.-`, case-sensitive. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Why `name` is not a valid tool name, or undefined when it is. */
export function toolNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'must be a string';
  if (name.length === 0) return 'must not be empty';
  if (name.length > 128) return `is ${name.length} characters long; the limit is 128`;
  if (!TOOL_NAME.test(name)) return 'may only contain letters, digits, "_", "-" and "."';
  return undefined;
}
