import type { CallToolResult } from '../wire/mcp-types.generated';
import type { Validator } from '../validation/validation-result';
import { isBranded } from './content-brand';
import { isContentBlock, isContentBlockArray } from './content-guards';
import { OutputViolation } from './output-violation';

/** How a tool's output schema applies to its return value. */
export interface ToolOutput {
  readonly validate: Validator;
  /** The schema describes `{ result: value }` (arrays and primitives). */
  readonly wrapped: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function looksLikeToolResult(value: unknown): value is CallToolResult {
  return isPlainObject(value) && Array.isArray(value.content) && value.content.every(isContentBlock);
}

function checkStructured(result: CallToolResult, output: ToolOutput): CallToolResult {
  if (result.isError) return result;
  if (result.structuredContent === undefined) {
    throw new OutputViolation([{ path: '', message: 'has an output schema but the result carries no structuredContent' }]);
  }
  const verdict = output.validate(result.structuredContent);
  if (!verdict.valid) throw new OutputViolation(verdict.issues);
  return result;
}

/**
 * Turns whatever a tool returned into a `CallToolResult`:
 * helper-built results and content blocks pass through; a string is one text block; with an
 * output schema the value (wrapped as `{ result }` when the manifest says so) becomes
 * `structuredContent`, validated, plus its JSON as text; without one a plain object still
 * becomes `structuredContent`, and other values become their JSON text.
 * Throws `OutputViolation` when the output schema rejects the value.
 */
export function shapeToolResult(value: unknown, output: ToolOutput | null): CallToolResult {
  // The commonest return, a string without an output schema, skips the object checks below (none can match a string).
  if (typeof value === 'string' && output === null) return { content: [{ type: 'text', text: value }] };
  // With an output schema only helper-built values are taken as results; look-alikes are data.
  const trusted = output === null || isBranded(value);
  if (trusted && looksLikeToolResult(value)) return output ? checkStructured(value, output) : value;
  if (trusted && isContentBlock(value)) return output ? checkStructured({ content: [value] }, output) : { content: [value] };
  if (isContentBlockArray(value) && (output === null || value.every(isBranded))) {
    return output ? checkStructured({ content: value }, output) : { content: value };
  }
  if (output === null) {
    if (value === undefined || value === null) return { content: [] };
    if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
    const json = JSON.stringify(value);
    if (json === undefined) return { content: [] };
    const normalized: unknown = JSON.parse(json);
    return isPlainObject(normalized)
      ? { content: [{ type: 'text', text: json }], structuredContent: normalized }
      : { content: [{ type: 'text', text: json }] };
  }
  const json = JSON.stringify(output.wrapped ? { result: value } : value);
  const structured: unknown = json === undefined ? undefined : JSON.parse(json);
  if (!isPlainObject(structured)) {
    throw new OutputViolation([{ path: '', message: `must be an object (got ${value === undefined ? 'undefined' : typeof value})` }]);
  }
  const verdict = output.validate(structured);
  if (!verdict.valid) throw new OutputViolation(verdict.issues);
  return { content: [{ type: 'text', text: json as string }], structuredContent: structured };
}
