import { expect } from 'chai';
import { frozenCopy } from '../../src/metadata/frozen-copy';
import { checkHeaderParameters, markHeaderParameters, mergeSchemaExtension, type SchemaObject } from '../../src/routes/schema-extension';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** A generated-looking input schema, frozen as the manifest's schema table holds it. */
const GENERATED: SchemaObject = frozenCopy({
  $schema: DIALECT,
  type: 'object',
  properties: {
    name: { type: 'string', description: 'A name.' },
    address: { $ref: '#/$defs/address' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name'],
  additionalProperties: false,
  $defs: { address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false } },
});

describe('schema extensions: merge rules', () => {
  it('adds keywords the schema lacks, at the root and inside $defs, properties and subschemas', () => {
    const result = mergeSchemaExtension(GENERATED, {
      $defs: { address: { $anchor: 'addressDef' }, zip: { type: 'string' } },
      properties: { tags: { items: { minLength: 1 } }, name: { maxLength: 40 } },
      if: { properties: { name: { const: 'x' } } },
      then: { required: ['tags'] },
    });
    expect(result.problems).to.deep.equal([]);
    expect(result.changed).to.equal(true);
    expect(result.schema).to.deep.equal({
      $schema: DIALECT,
      type: 'object',
      properties: {
        name: { type: 'string', description: 'A name.', maxLength: 40 },
        address: { $ref: '#/$defs/address' },
        tags: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
      required: ['name'],
      additionalProperties: false,
      $defs: {
        address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false, $anchor: 'addressDef' },
        zip: { type: 'string' },
      },
      if: { properties: { name: { const: 'x' } } },
      then: { required: ['tags'] },
    });
  });

  it('keeps the schema key order, appends new keys, and leaves the original (frozen) schema untouched', () => {
    const result = mergeSchemaExtension(GENERATED, { allOf: [{ required: ['tags'] }], properties: { zip: { type: 'string' } } });
    expect(Object.keys(result.schema)).to.deep.equal([
      '$schema',
      'type',
      'properties',
      'required',
      'additionalProperties',
      '$defs',
      'allOf',
    ]);
    expect(Object.keys(result.schema.properties as object)).to.deep.equal(['name', 'address', 'tags', 'zip']);
    expect(GENERATED.allOf).to.equal(undefined);
    expect((GENERATED.properties as Record<string, unknown>).zip).to.equal(undefined);
    // Untouched branches are shared, not copied.
    expect(result.schema.$defs).to.equal(GENERATED.$defs);
  });

  it('unites `required` and `allOf` with the extension entries, each once', () => {
    const base = { type: 'object', required: ['a'], allOf: [{ required: ['b'] }] };
    const result = mergeSchemaExtension(base, {
      required: ['a', 'c', 'c'],
      allOf: [{ required: ['b'] }, { anyOf: [{ required: ['x'] }, { required: ['y'] }] }],
    });
    expect(result.problems).to.deep.equal([]);
    expect(result.schema).to.deep.equal({
      type: 'object',
      required: ['a', 'c'],
      allOf: [{ required: ['b'] }, { anyOf: [{ required: ['x'] }, { required: ['y'] }] }],
    });
  });

  it('accepts values equal to the generated ones, and then changes nothing (merging twice is merging once)', () => {
    const extension = {
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string' } },
      required: ['name'],
      allOf: [{ minProperties: 1 }],
    };
    const once = mergeSchemaExtension(GENERATED, extension);
    expect(once.changed).to.equal(true);
    const twice = mergeSchemaExtension(once.schema, extension);
    expect(twice).to.deep.equal({ schema: once.schema, changed: false, problems: [] });
    expect(twice.schema).to.equal(once.schema);
    expect(mergeSchemaExtension(GENERATED, { properties: { name: { type: 'string' } } }).schema).to.equal(GENERATED);
  });

  it('refuses to change a value, naming each conflict by its JSON Pointer', () => {
    const result = mergeSchemaExtension(GENERATED, {
      type: 'array',
      additionalProperties: true,
      properties: { name: { type: 'number', description: 'Another.' }, 'a/b~c': { type: 'string' } },
      $defs: { address: { properties: { city: { type: ['string', 'null'] } } } },
    });
    expect(result.changed).to.equal(false);
    expect(result.schema).to.equal(GENERATED);
    expect(result.problems.map((p) => p.pointer)).to.deep.equal([
      '/type',
      '/additionalProperties',
      '/properties/name/type',
      '/properties/name/description',
      '/$defs/address/properties/city/type',
    ]);
    expect(result.problems[0]?.message).to.equal(
      'changes the type: the input schema has "object", the extension "array"; an extension adds keywords, it cannot change a value',
    );
    expect(result.problems[1]?.message).to.include('conflicts with the generated value: the input schema has false, the extension true');
  });

  it('treats names inside properties and $defs as names, not keywords', () => {
    const base = { type: 'object', properties: { type: { type: 'string' }, required: { type: 'boolean' } } };
    const result = mergeSchemaExtension(base, { properties: { type: { enum: ['a', 'b'] }, required: { default: false } } });
    expect(result.problems).to.deep.equal([]);
    expect(result.schema.properties).to.deep.equal({
      type: { type: 'string', enum: ['a', 'b'] },
      required: { type: 'boolean', default: false },
    });
    const clash = mergeSchemaExtension(base, { properties: { type: { type: 'integer' } } });
    expect(clash.problems.map((p) => p.pointer)).to.deep.equal(['/properties/type/type']);
  });

  it('needs equal arrays for other list keywords (enum, anyOf, type lists, examples)', () => {
    const base = { type: 'object', properties: { mode: { type: 'string', enum: ['a', 'b'] } }, anyOf: [{ required: ['mode'] }] };
    expect(
      mergeSchemaExtension(base, { properties: { mode: { enum: ['a', 'b'] } }, anyOf: [{ required: ['mode'] }] }).problems,
    ).to.deep.equal([]);
    const result = mergeSchemaExtension(base, { properties: { mode: { enum: ['a', 'b', 'c'] } }, anyOf: [{ required: ['other'] }] });
    expect(result.problems.map((p) => p.pointer)).to.deep.equal(['/properties/mode/enum', '/anyOf']);
  });

  it('refuses a true/false schema being turned into an object and the other way round', () => {
    const base = { type: 'object', additionalProperties: false, properties: { a: true } };
    const result = mergeSchemaExtension(base, { additionalProperties: { type: 'string' }, properties: { a: { type: 'string' } } });
    expect(result.problems.map((p) => p.pointer)).to.deep.equal(['/additionalProperties', '/properties/a']);
  });

  it('refuses an extension that is not a JSON object, or holds values JSON cannot', () => {
    expect(mergeSchemaExtension(GENERATED, [1]).problems).to.deep.equal([
      { pointer: '', message: 'the extension must be a JSON Schema object, got an array' },
    ]);
    expect(mergeSchemaExtension(GENERATED, null).problems[0]?.message).to.equal('the extension must be a JSON Schema object, got null');
    const result = mergeSchemaExtension(GENERATED, {
      minProperties: Number.NaN,
      properties: { when: { default: new Date(0) } },
      examples: [() => 1],
    });
    expect(result.problems).to.deep.equal([
      { pointer: '/minProperties', message: 'NaN is not a JSON number' },
      { pointer: '/properties/when/default', message: 'an instance of Date is not JSON' },
      { pointer: '/examples/0', message: 'a function is not JSON' },
    ]);
  });

  it('ignores undefined properties, and keeps a "__proto__" key an own property', () => {
    const extension = JSON.parse('{"properties":{"__proto__":{"type":"string"}},"description":"d"}') as SchemaObject;
    const result = mergeSchemaExtension({ type: 'object', properties: {} }, { ...extension, title: undefined });
    expect(result.problems).to.deep.equal([]);
    expect(Object.keys(result.schema)).to.deep.equal(['type', 'properties', 'description']);
    const properties = result.schema.properties as object;
    expect(Object.prototype.hasOwnProperty.call(properties, '__proto__')).to.equal(true);
    expect(Object.getPrototypeOf(properties)).to.equal(Object.prototype);
  });
});

describe('schema extensions: header parameters', () => {
  const schema: SchemaObject = frozenCopy({
    type: 'object',
    properties: {
      region: { type: 'string' },
      priority: { type: 'integer' },
      verbose: { type: 'boolean' },
      score: { type: 'number' },
      filter: { type: 'object' },
      list: { type: 'array', items: { type: 'string' } },
      nullable: { type: ['string', 'null'] },
      ref: { $ref: '#/$defs/x' },
    },
  });

  it('marks top-level string, integer and boolean properties with x-mcp-header', () => {
    const result = markHeaderParameters(schema, { region: 'Region', priority: 'Priority', verbose: 'X-Verbose_1.b' });
    expect(result.problems).to.deep.equal([]);
    expect(result.changed).to.equal(true);
    const properties = result.schema.properties as Record<string, SchemaObject>;
    expect(properties.region).to.deep.equal({ type: 'string', 'x-mcp-header': 'Region' });
    expect(properties.priority).to.deep.equal({ type: 'integer', 'x-mcp-header': 'Priority' });
    expect(properties.verbose).to.deep.equal({ type: 'boolean', 'x-mcp-header': 'X-Verbose_1.b' });
    expect(properties.score).to.equal((schema.properties as Record<string, unknown>).score);
    // Marking again with the same names changes nothing.
    const again = markHeaderParameters(result.schema, { region: 'Region' });
    expect(again.changed).to.equal(false);
    expect(again.schema).to.equal(result.schema);
  });

  it('refuses parameters that are not there, and types a header cannot carry', () => {
    const result = markHeaderParameters(schema, {
      missing: 'M',
      score: 'Score',
      filter: 'Filter',
      list: 'List',
      nullable: 'N',
      ref: 'Ref',
    });
    expect(result.changed).to.equal(false);
    expect(result.problems.map((p) => p.parameter)).to.deep.equal(['missing']);
    expect(result.problems[0]?.message).to.match(/^the input schema has no parameter "missing" \(its parameters: region, priority/);
    const types = markHeaderParameters(schema, { score: 'Score', filter: 'Filter', list: 'List', nullable: 'N', ref: 'Ref' });
    expect(types.problems.map((p) => [p.parameter, p.message])).to.deep.equal([
      [
        'score',
        'only string, integer and boolean parameters can be headers, and its type is "number" (a number cannot be a header: use an integer, e.g. with the JSDoc tag @integer)',
      ],
      ['filter', 'only string, integer and boolean parameters can be headers, and its type is "object"'],
      ['list', 'only string, integer and boolean parameters can be headers, and its type is "array"'],
      ['nullable', 'only string, integer and boolean parameters can be headers, and its type is ["string","null"]'],
      ['ref', 'only string, integer and boolean parameters can be headers, and its type is not stated'],
    ]);
  });

  it('refuses header names that are not RFC 9110 tokens', () => {
    for (const name of ['', 'My Region', 'Region:Primary', 'Région', 'a\tb', 'line\n', '"quoted"', 'a,b', 'x(y)']) {
      const result = markHeaderParameters(schema, { region: name });
      expect(result.problems, JSON.stringify(name)).to.have.length(1);
      expect(result.problems[0]?.message).to.include('is not a header name');
    }
    expect(markHeaderParameters(schema, { region: 7 }).problems[0]?.message).to.equal('the header name must be a string, got number 7');
    expect(markHeaderParameters(schema, ['region']).problems).to.deep.equal([
      { message: '"headers" must map parameter names to header names, got an array' },
    ]);
  });

  it('refuses a header name used twice in one tool, ignoring case, and a parameter marked with another name', () => {
    const result = markHeaderParameters(schema, { region: 'Region', priority: 'REGION' });
    expect(result.problems).to.deep.equal([
      {
        parameter: 'priority',
        message: 'the header name "REGION" is already used by parameter "region" (header names are compared ignoring case)',
      },
    ]);
    const marked = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Zone' } } };
    expect(markHeaderParameters(marked, { region: 'Region' }).problems).to.deep.equal([
      { parameter: 'region', message: 'it is already marked x-mcp-header: "Zone", not "Region"' },
    ]);
  });

  it('checks x-mcp-header annotations wherever they come from', () => {
    expect(
      checkHeaderParameters({
        type: 'object',
        properties: { a: { type: 'string', 'x-mcp-header': 'A' }, b: { type: 'number', 'x-mcp-header': 'B' } },
      }),
    ).to.have.length(1);
    expect(checkHeaderParameters({ type: 'object' })).to.deep.equal([]);
  });
});
