import * as ts from 'typescript';
import type { JsonSchema, JsonValue } from '../manifest/manifest.types';
import { DefsPool } from '../convert/defs-pool';
import { inlineRootRef } from '../convert/named-defs';
import { describeUnsupported } from '../convert/type-to-schema';
import { isContentType, isContentTypeNode } from './content-types';
import { reportConversionFindings } from './option-title-notes';
import type { MethodInput } from './method-input';
import type { ScanContext } from './scan-context';

/** The output part of a tool entry. */
export interface OutputEntry {
  readonly outputSchema?: JsonSchema;
  readonly outputWrapped?: boolean;
}

/**
 * The output schema from the awaited return type. None for string, void/undefined, any/unknown
 * and content returns (`ContentBlock`, `ContentBlock[]`, `ToolResult`, the content helper types);
 * an object type gives its own schema; arrays, primitives and mixed unions are wrapped as
 * `{ result: … }` with `outputWrapped: true`, as the kernel shapes them.
 */
export function buildOutput(input: MethodInput, context: ScanContext): OutputEntry {
  const { checker } = context;
  const signature = checker.getSignatureFromDeclaration(input.node);
  if (!signature) return {};
  const returned = checker.getReturnTypeOfSignature(signature);
  const awaited = checker.getAwaitedType(returned) ?? returned;
  if (isErrorType(awaited) || hasNoOutput(awaited, context)) return {};
  if (input.node.type && isContentTypeNode(input.node.type, context)) return {};
  const converted = context.converter.convert(awaited, 'output', input.docs.schemaDefs ? 'named' : 'recursive');
  if (!converted.ok) {
    const typeText = input.node.type?.getText() ?? checker.typeToString(awaited, undefined, ts.TypeFormatFlags.NoTruncation);
    context.report(
      input.node.type ?? input.node.name,
      'ARM_ERR_SCHEMA_TYPE',
      { className: input.className, method: input.methodName },
      describeUnsupported('return', typeText, converted.problem),
    );
    return {};
  }
  reportConversionFindings(converted.findings, context);
  const pool = new DefsPool();
  // The top of an output schema describes the result itself, not a $ref (MCP wants `type: "object"` there).
  const value = inlineRootRef(converted.value);
  const schema = pool.add(value);
  if (onlyObjects(schema, value.defs)) {
    return { outputSchema: pool.attachTo(schema.type === 'object' ? schema : { type: 'object', ...schema }), outputWrapped: false };
  }
  const wrapped: JsonSchema = { type: 'object', properties: { result: schema as JsonValue }, required: ['result'] };
  return { outputSchema: pool.attachTo(wrapped), outputWrapped: true };
}

function hasNoOutput(type: ts.Type, context: ScanContext): boolean {
  const members = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
  return members.every((t) => isTextLike(t) || isContentType(t, context)) || isContentType(type, context);
}

/** Strings (branded ones too) become text content; any/unknown/never give no schema either. */
function isTextLike(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never)) return true;
  return type.isIntersection() && type.types.some((t) => (t.flags & ts.TypeFlags.StringLike) !== 0);
}

function isErrorType(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.Any) !== 0 && (type as { intrinsicName?: string }).intrinsicName === 'error';
}

/** True when the schema admits only objects: `type: object`, or every branch / the `$ref` target does. */
function onlyObjects(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>>, depth = 0): boolean {
  if (depth > 20) return false;
  if (schema.type !== undefined) return schema.type === 'object';
  if (typeof schema.$ref === 'string') {
    const target = defs[schema.$ref.replace('#/$defs/', '')];
    return target !== undefined && onlyObjects(target, defs, depth + 1);
  }
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches) return branches.length > 0 && branches.every((b) => isSchema(b) && onlyObjects(b, defs, depth + 1));
  if (Array.isArray(schema.allOf)) return schema.allOf.some((b) => isSchema(b) && onlyObjects(b, defs, depth + 1));
  return false;
}

function isSchema(value: JsonValue): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
