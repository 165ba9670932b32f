import { expect } from 'chai';
import { JSON_SCHEMA_DIALECT, type JsonSchema } from '../src';
import Ajv2020 from 'ajv/dist/2020';
import { methodOf, problemLines, scan, scanClean } from './helpers/scan-helpers';

/** The conformance suite's json-schema-2020-12 tool, as examples/conformance writes it. */
const CONFORMANCE_TOOL = `import { Tool } from '@armature/core';
export class SchemaTools {
  /**
   * Tool with JSON Schema 2020-12 features.
   * @param name A name.
   */
  @Tool({
    name: 'json_schema_2020_12_tool',
    extendInputSchema: {
      $defs: {
        address: {
          $anchor: 'addressDef',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: { address: { $ref: '#/$defs/address' }, contactMethod: { enum: ['phone', 'email'] } },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      then: { required: ['phone'] },
      else: { required: ['email'] },
    },
  })
  jsonSchema2020(name?: string, address?: unknown, contactMethod?: string, phone?: string, email?: string): string { return ''; }
}`;

describe('armature build: @Tool({ extendInputSchema, headers })', () => {
  it('merges a literal extension into the generated input schema (the conformance tool)', () => {
    const schema = methodOf(scanClean(CONFORMANCE_TOOL), 'SchemaTools', 'jsonSchema2020').inputSchema as JsonSchema;
    expect(schema).to.deep.equal({
      $schema: JSON_SCHEMA_DIALECT,
      type: 'object',
      properties: {
        name: { type: 'string', description: 'A name.' },
        address: { $ref: '#/$defs/address' },
        contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      additionalProperties: false,
      $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      then: { required: ['phone'] },
      else: { required: ['email'] },
    });
    // As the kernel compiles it: strict mode off (its strictRequired flags `if: { required }`, which is exact as written).
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).to.equal(true);
    const validate = ajv.compile(schema);
    expect(validate({ contactMethod: 'phone', phone: '1' })).to.equal(true);
    expect(validate({ contactMethod: 'phone', email: 'a@b.c' })).to.equal(false);
  });

  it('adds to a definition the types generate, and sees constants and `as const` through', () => {
    const schema = methodOf(
      scanClean(`import { Tool } from '@armature/core';
const ANCHOR = 'addressDef';
/** @defName address */
export interface Address { city?: string }
export class Places {
  /** @schemaDefs */
  @Tool({ extendInputSchema: { $defs: { address: { $anchor: ANCHOR } }, required: ['address'] } as const })
  find(address?: Address): string { return ''; }
}`),
      'Places',
      'find',
    ).inputSchema as JsonSchema;
    expect(schema.$defs).to.deep.equal({
      address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false, $anchor: 'addressDef' },
    });
    expect(schema.required).to.deep.equal(['address']);
  });

  it('marks literal headers x-mcp-header, DTO properties included', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
export class Query { region!: string; page?: number }
export class HeaderTools {
  /** @integer priority */
  @Tool({ name: 'test_custom_headers', headers: { region: 'Region', priority: 'Priority', 'verbose': 'Verbose' } })
  custom(region: string, priority?: number, verbose?: boolean): string { return region; }

  /** @integer page */
  @Tool({ headers: { region: 'Region', page: 'Page' } })
  byDto(query: Query): string { return query.region; }
}`);
    const positional = methodOf(result, 'HeaderTools', 'custom').inputSchema as { properties: Record<string, JsonSchema> };
    expect(positional.properties).to.deep.equal({
      region: { type: 'string', 'x-mcp-header': 'Region' },
      priority: { type: 'integer', 'x-mcp-header': 'Priority' },
      verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
    });
    const dto = methodOf(result, 'HeaderTools', 'byDto').inputSchema as { properties: Record<string, JsonSchema> };
    expect(dto.properties).to.deep.equal({
      region: { type: 'string', 'x-mcp-header': 'Region' },
      page: { type: 'integer', 'x-mcp-header': 'Page' },
    });
  });

  it('reports conflicts as ARM_ERR_SCHEMA_EXTENSION, at the option, with the JSON Pointer', () => {
    const result = scan({
      'src/clash.ts': `import { Tool } from '@armature/core';
export class Clash {
  @Tool({ extendInputSchema: { properties: { count: { type: 'string' } }, additionalProperties: true } })
  count(count: number): number { return count; }
}`,
    });
    expect(problemLines(result)).to.deep.equal([
      'src/clash.ts:3:30 - error ARM_ERR_SCHEMA_EXTENSION: Clash.count: extendInputSchema cannot be merged into the generated input schema at /properties/count/type: changes the type: the input schema has "number", the extension "string"; an extension adds keywords, it cannot change a value.',
      'src/clash.ts:3:30 - error ARM_ERR_SCHEMA_EXTENSION: Clash.count: extendInputSchema cannot be merged into the generated input schema at /additionalProperties: conflicts with the generated value: the input schema has false, the extension true; an extension adds keywords, it cannot change a value.',
    ]);
  });

  it('reports header problems as ARM_ERR_HEADER_PARAMETER, naming the parameter', () => {
    const result = scan({
      'src/headers.ts': `import { Tool } from '@armature/core';
export class Headers {
  @Tool({ headers: { score: 'Score', zone: 'Zone' } })
  a(score: number): number { return score; }
  @Tool({ headers: { region: 'My Region' } })
  b(region: string): string { return region; }
  @Tool({ headers: { region: 'Region', other: 'region' } })
  c(region: string, other: boolean): string { return region; }
  @Tool({ headers: { score: 'Score' } })
  d(score: number): number { return score; }
}`,
    });
    expect(problemLines(result)).to.deep.equal([
      'src/headers.ts:3:20 - error ARM_ERR_HEADER_PARAMETER: Headers.a(zone): the parameter cannot be a header: the input schema has no parameter "zone" (its parameters: score).',
      'src/headers.ts:5:20 - error ARM_ERR_HEADER_PARAMETER: Headers.b(region): the parameter cannot be a header: "My Region" is not a header name: use a non-empty RFC 9110 token (letters, digits and !#$%&\'*+-.^_`|~; no spaces, colons or non-ASCII characters).',
      'src/headers.ts:7:20 - error ARM_ERR_HEADER_PARAMETER: Headers.c(other): the parameter cannot be a header: the header name "region" is already used by parameter "region" (header names are compared ignoring case).',
      'src/headers.ts:9:20 - error ARM_ERR_HEADER_PARAMETER: Headers.d(score): the parameter cannot be a header: only string, integer and boolean parameters can be headers, and its type is "number" (a number cannot be a header: use an integer, e.g. with the JSDoc tag @integer).',
    ]);
  });

  it('leaves an extension it cannot read, and headers with it, to the boot', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
const EXTENSION = { properties: { tenant: { type: 'string' } } };
const HEADERS: Record<string, string> = { region: 'Region' };
export class Later {
  @Tool({ extendInputSchema: EXTENSION, headers: { tenant: 'Tenant' } })
  a(region: string): string { return region; }
  @Tool({ headers: HEADERS })
  b(region: string): string { return region; }
  @Tool({ extendInputSchema: { ...EXTENSION } })
  c(region: string): string { return region; }
}`);
    const plain = {
      $schema: JSON_SCHEMA_DIALECT,
      type: 'object',
      properties: { region: { type: 'string' } },
      required: ['region'],
      additionalProperties: false,
    };
    for (const method of ['a', 'b', 'c']) expect(methodOf(result, 'Later', method).inputSchema, method).to.deep.equal(plain);
  });

  it('writes no input schema for a tool with an explicit inputSchema (the boot extends that one)', () => {
    const result = scanClean(`import { Tool } from '@armature/core';
export class Explicit {
  @Tool({ inputSchema: { type: 'object', properties: { a: { type: 'string' } } }, extendInputSchema: { required: ['a'] }, headers: { a: 'A' } })
  a(args: { a: string }): string { return args.a; }
}`);
    expect(methodOf(result, 'Explicit', 'a').inputSchema).to.equal(undefined);
  });
});
