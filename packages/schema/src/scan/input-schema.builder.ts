import * as ts from 'typescript';
import type { JsonSchema } from '../manifest/manifest.types';
import { DefsPool } from '../convert/defs-pool';
import { setOwn } from '../convert/own-keys';
import { inlineRootRef } from '../convert/named-defs';
import { describeUnsupported } from '../convert/type-to-schema';
import { applyDtoConstraints } from './dto-constraints';
import { reportConversionFindings } from './option-title-notes';
import { applyKeywordTags } from './keyword-tags';
import type { MethodInput } from './method-input';
import { paramName } from './parameter-checks';
import type { ParamInfo } from './parameter-reader';
import type { ScanContext } from './scan-context';

/** The input schema of a tool taking one property per parameter; undefined after a problem. */
export function buildPositionalInput(input: MethodInput, args: readonly ParamInfo[], context: ScanContext): JsonSchema | undefined {
  const pool = new DefsPool();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let failed = false;
  for (const param of args) {
    const converted = convertParam(input, param, context);
    if (!converted) {
      failed = true;
      continue;
    }
    const property: JsonSchema = { ...pool.add(converted) };
    const description = input.docs.params.get(paramName(param));
    if (description !== undefined) property.description = description;
    if (param.defaultValue) property.default = param.defaultValue.value;
    setOwn(properties, paramName(param), property);
    if (!param.optional) required.push(paramName(param));
  }
  if (!applyKeywordTags(input, properties, args.map(paramName), 'parameter', context) || failed) return undefined;
  const schema: JsonSchema = { type: 'object' };
  if (args.length > 0) schema.properties = properties;
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  return pool.attachTo(schema);
}

/** The input schema of a tool in the DTO style: the class's own object schema. */
export function buildDtoInput(input: MethodInput, dto: ParamInfo, context: ScanContext): JsonSchema | undefined {
  const pool = new DefsPool();
  const converted = convertParam(input, dto, context, context.checker.getNonNullableType(dto.type));
  if (!converted) return undefined;
  // The DTO's own properties are the arguments: they stay at the top, not behind a $ref.
  const inlined = inlineRootRef(converted);
  // class-validator decorators checked at call time are said by the schema too, where it can.
  applyDtoConstraints(context.checker.getNonNullableType(dto.type), inlined, context);
  const schema: JsonSchema = { ...pool.add(inlined) };
  const properties =
    typeof schema.properties === 'object' && schema.properties !== null && !Array.isArray(schema.properties)
      ? (schema.properties as Record<string, JsonSchema>)
      : {};
  if (!applyKeywordTags(input, properties, Object.keys(properties), 'property of the DTO', context)) return undefined;
  const description = input.docs.params.get(paramName(dto));
  if (description !== undefined && schema.description === undefined) schema.description = description;
  return pool.attachTo(schema.type === 'object' ? schema : { type: 'object', ...schema });
}

function convertParam(input: MethodInput, param: ParamInfo, context: ScanContext, type = param.type) {
  const result = context.converter.convert(type, 'input', input.docs.schemaDefs ? 'named' : 'recursive');
  if (result.ok) {
    reportConversionFindings(result.findings, context);
    return result.value;
  }
  const typeText = param.node.type?.getText() ?? context.checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
  context.report(
    param.node,
    'ARM_ERR_SCHEMA_TYPE',
    { className: input.className, method: input.methodName, parameter: paramName(param) },
    describeUnsupported('parameter', typeText, result.problem),
  );
  return undefined;
}
