import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { camelCase, NameScope, pascalCase, toolName } from '../src/openapi/identifiers';
import { checkDocument, OpenApiError, readOpenApiDocument, type OpenApiDocument } from '../src/openapi/openapi-document';
import { readOperations } from '../src/openapi/operations';
import { SchemaToTs } from '../src/openapi/schema-to-ts';

const DOC: OpenApiDocument = { openapi: '3.1.0', components: { schemas: { Pet: { type: 'object' }, Tag: { type: 'string' } } } };
const NAMES = new Map([
  ['Pet', 'Pet'],
  ['Tag', 'Tag'],
]);

function type(schema: unknown): string {
  return new SchemaToTs(DOC, NAMES).type(schema);
}

function doc(schema: unknown): string[] {
  return new SchemaToTs(DOC, NAMES).docLines(schema);
}

describe('armature openapi: schema to TypeScript', () => {
  it('writes nullable the 3.0 way and the 3.1 way alike', () => {
    expect(type({ type: 'string', nullable: true })).to.equal('string | null');
    expect(type({ type: ['string', 'null'] })).to.equal('string | null');
    expect(type({ $ref: '#/components/schemas/Pet', nullable: true })).to.equal('Pet');
    expect(type({ type: 'array', items: { type: ['integer', 'null'] } })).to.equal('(number | null)[]');
  });

  it('writes enums and const as literal unions, adding null once for a nullable enum', () => {
    expect(type({ type: 'string', enum: ['a', 'b"c'] })).to.equal('"a" | "b\\"c"');
    expect(type({ enum: [1, 2], nullable: true })).to.equal('1 | 2 | null');
    expect(type({ enum: ['x', null], nullable: true })).to.equal('"x" | null');
    expect(type({ const: true })).to.equal('true');
    expect(() => type({ enum: [{ a: 1 }] })).to.throw(OpenApiError, /only string, number, boolean and null enum values/);
  });

  it('writes allOf as an intersection, oneOf and anyOf as unions, with the object beside them', () => {
    expect(
      type({
        allOf: [{ $ref: '#/components/schemas/Pet' }, { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }],
      }),
    ).to.equal(
      'Pet & {\n  /** @TJS-type integer */\n  id: number;\n}'.replace('/** @TJS-type integer */', '/**\n   * @TJS-type integer\n   */'),
    );
    expect(type({ oneOf: [{ $ref: '#/components/schemas/Pet' }, { $ref: '#/components/schemas/Tag' }] })).to.equal('Pet | Tag');
    expect(type({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'string' }] })).to.equal('string | number');
    expect(type({ oneOf: [{ type: 'string' }, { type: 'number' }], allOf: [{ $ref: '#/components/schemas/Tag' }] })).to.equal(
      '(string | number) & Tag',
    );
  });

  it('writes maps, open objects and empty schemas', () => {
    expect(type({ type: 'object', additionalProperties: { type: 'integer' } })).to.equal('Record<string, number>');
    expect(type({ type: 'object' })).to.equal('Record<string, unknown>');
    expect(type({ type: 'object', additionalProperties: false })).to.equal('Record<string, never>');
    expect(type({})).to.equal('unknown');
    expect(type(true)).to.equal('unknown');
    expect(type(false)).to.equal('never');
    expect(type({ type: 'array' })).to.equal('unknown[]');
  });

  it('quotes property names that are not identifiers', () => {
    expect(type({ type: 'object', properties: { 'x-rate': { type: 'string' }, ok: { type: 'boolean' } }, required: ['ok'] })).to.equal(
      '{\n  "x-rate"?: string;\n  ok: boolean;\n}',
    );
  });

  it('follows local references other than component schemas, and refuses remote ones', () => {
    const document: OpenApiDocument = { openapi: '3.0.3', components: { parameters: { Limit: { schema: { type: 'integer' } } } } };
    expect(new SchemaToTs(document, new Map()).type({ $ref: '#/components/parameters/Limit/schema' })).to.equal('number');
    expect(() => type({ $ref: 'https://example.com/pet.json' })).to.throw(OpenApiError, /only local references/);
    expect(() => type({ $ref: '#/components/schemas/Nope/x' })).to.throw(OpenApiError, /points at nothing/);
  });

  it('writes constraints as tags: bounds of both versions, formats ajv knows, patterns and defaults', () => {
    expect(doc({ type: 'integer', minimum: 1, maximum: 10, exclusiveMaximum: true })).to.deep.equal([
      '@TJS-type integer',
      '@minimum 1',
      '@exclusiveMaximum 10',
    ]);
    expect(doc({ type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 })).to.deep.equal(['@multipleOf 0.5', '@exclusiveMinimum 0']);
    expect(doc({ type: 'string', format: 'uuid', minLength: 2, pattern: '^a*/b$', default: 'a' })).to.deep.equal([
      '@minLength 2',
      '@pattern ^a*\\/b$',
      '@format uuid',
      '@default "a"',
    ]);
    expect(doc({ type: 'string', format: 'color', description: 'A colour.' })).to.deep.equal(['A colour. (format: color)']);
    expect(doc({ type: 'array', minItems: 1, uniqueItems: true, deprecated: true })).to.deep.equal([
      '@minItems 1',
      '@uniqueItems true',
      '@deprecated',
    ]);
  });

  it('never lets a description end the comment early', () => {
    expect(doc({ description: 'ends */ here\nsecond line' })).to.deep.equal(['ends *\\/ here', 'second line']);
  });
});

describe('armature openapi: names and operations', () => {
  it('keeps valid operationIds as tool names and sanitizes the rest', () => {
    expect(toolName('findPetsByStatus')).to.equal('findPetsByStatus');
    expect(toolName('pets/list all!')).to.equal('pets_list_all');
    expect(toolName('///')).to.equal('operation');
    expect(toolName('x'.repeat(300))).to.have.length(120);
  });

  it('makes identifiers: no reserved words, no leading digits', () => {
    expect(camelCase('delete', 'x')).to.equal('delete_');
    expect(camelCase('get_pet-by id', 'x')).to.equal('getPetById');
    expect(pascalCase('3d-models', 'X')).to.equal('_3dModels');
    expect(pascalCase('!!!', 'Fallback')).to.equal('Fallback');
  });

  it('resolves collisions in the order asked, case-insensitively', () => {
    const scope = new NameScope(['Reserved']);
    expect(['get_pets', 'Get_Pets', 'get_pets', 'reserved'].map((n) => scope.claim(n))).to.deep.equal([
      'get_pets',
      'Get_Pets_2',
      'get_pets_3',
      'reserved_2',
    ]);
  });

  const document = checkDocument(
    {
      openapi: '3.1.0',
      paths: {
        '/b': { get: { operationId: 'listB', tags: ['b'] } },
        '/a/{id}': {
          parameters: [
            { name: 'id', in: 'path', schema: { type: 'string' } },
            { name: 'trace', in: 'cookie' },
          ],
          delete: { operationId: 'deleteA', tags: ['a'] },
          get: {
            operationId: 'getA',
            tags: ['a', 'b'],
            parameters: [{ name: 'id', in: 'path', description: 'own', schema: { type: 'integer' } }],
          },
        },
      },
    },
    'inline',
  );

  it('orders operations by path, then method, and filters by tag and operationId', () => {
    const all = readOperations(document, { tags: [], operationIds: [] });
    expect(all.map((o) => o.operationId)).to.deep.equal(['getA', 'deleteA', 'listB']);
    expect(readOperations(document, { tags: ['b'], operationIds: [] }).map((o) => o.operationId)).to.deep.equal(['getA', 'listB']);
    expect(readOperations(document, { tags: [], operationIds: ['deleteA'] }).map((o) => o.operationId)).to.deep.equal(['deleteA']);
  });

  it('lets an operation parameter override the path item one, and drops cookies', () => {
    const [getA, deleteA] = readOperations(document, { tags: ['a'], operationIds: [] });
    expect(getA?.parameters).to.deep.equal([{ name: 'id', in: 'path', required: true, description: 'own', schema: { type: 'integer' } }]);
    expect(deleteA?.parameters.map((p) => p.name)).to.deep.equal(['id']);
  });

  it('refuses Swagger 2.0 and names the version', () => {
    expect(() => checkDocument({ swagger: '2.0' }, 'old.json')).to.throw(
      OpenApiError,
      'old.json: only OpenAPI 3.0 and 3.1 are supported, found Swagger 2.0.',
    );
  });

  it('bounds YAML alias expansion (a "billion laughs" document is refused, not expanded)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-openapi-'));
    try {
      const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
      for (let i = 1; i < 9; i++)
        levels.push(
          `l${i}: &l${i} [${Array(10)
            .fill(i === 1 ? '*a' : `*l${i - 1}`)
            .join(', ')}]`,
        );
      const file = path.join(dir, 'bomb.yaml');
      fs.writeFileSync(file, `openapi: 3.1.0\n${levels.join('\n')}\npaths: {}\n`);
      expect(() => readOpenApiDocument(file)).to.throw(OpenApiError, /bomb\.yaml is not valid YAML: .*alias/i);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
