import 'reflect-metadata';
import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { formatNotes, NOTE_CODES, scanSources, type JsonSchema, type ScanResult } from '../src';
import { ConstraintsDto } from './fixtures/constraints.dto';
import { createAjv, expectValidSchema } from './helpers/schema-assertions';
import { methodOf } from './helpers/scan-helpers';

const PACKAGE_DIR = path.join(__dirname, '..', '..');
const fixture = (name: string): Record<string, string> => {
  const file = `test/fixtures/${name}`;
  return { [file]: readFileSync(path.join(PACKAGE_DIR, file), 'utf8') };
};

/** What core runs at call time: its schema compiler (ajv) and its DTO validator (class-transformer + class-validator). */
interface CoreValidation {
  compile(schema: JsonSchema, where: string): (value: unknown) => { readonly valid: boolean };
  dto(dto: new () => object): (plain: Record<string, unknown>) => Promise<{ readonly valid: boolean }>;
}

function coreValidation(): CoreValidation {
  const dir = path.join(path.dirname(require.resolve('@armature/core')), 'validation');
  const { SchemaCompiler } = require(path.join(dir, 'schema-compiler.js')) as {
    SchemaCompiler: new () => { compile: CoreValidation['compile'] };
  };
  const { dtoValidator } = require(path.join(dir, 'dto-validation.js')) as { dtoValidator: CoreValidation['dto'] };
  const compiler = new SchemaCompiler();
  return { compile: (schema, where) => compiler.compile(schema, where), dto: dtoValidator };
}

const ADDRESS = {
  description: 'A nested DTO with constraints of its own.',
  type: 'object',
  properties: { street: { type: 'string', minLength: 2, maxLength: 20 }, number: { type: 'integer', minimum: 1 } },
  additionalProperties: false,
  required: ['number', 'street'],
};

describe('class-validator decorators on a DTO → JSON Schema keywords', () => {
  let result: ScanResult;
  let schema: JsonSchema;
  before(() => {
    result = scanSources(fixture('constraints.dto.ts'), { baseDir: PACKAGE_DIR });
    expect(result.problems).to.deep.equal([]);
    schema = methodOf(result, 'ConstraintsHandlers', 'constrained').inputSchema ?? {};
  });

  it('emits the keyword of every supported decorator, nested DTOs with their own', () => {
    const properties = schema.properties as Record<string, JsonSchema>;
    expect(properties).to.deep.equal({
      email: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      at: { type: 'string' },
      on: { type: 'string' },
      name: { type: 'string', minLength: 2, maxLength: 10 },
      nick: { type: 'string', minLength: 1, maxLength: 5 },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      score: { type: 'number', exclusiveMinimum: 0 },
      slug: { type: 'string', pattern: '^[a-z]+-[0-9]+$' },
      color: { type: ['string', 'number'], enum: ['red', 'green', 3] },
      role: { type: 'string', enum: ['admin', 'user'] },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
      note: {
        description: 'Required for TypeScript, optional for class-validator (and so for the schema).',
        type: 'string',
        minLength: 1,
        maxLength: 3,
      },
      address: ADDRESS,
      others: { type: 'array', items: ADDRESS },
      words: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 3 } },
    });
    // @IsOptional: `note` is required for TypeScript (`note!: string`), not for class-validator.
    expect(schema.required).to.deep.equal([
      'address',
      'age',
      'at',
      'color',
      'email',
      'id',
      'name',
      'nick',
      'on',
      'others',
      'role',
      'score',
      'site',
      'slug',
      'tags',
      'words',
    ]);
    expectValidSchema(createAjv(), schema);
    // ISO 8601 as class-validator reads it has no format: a note each, no keyword.
    expect(formatNotes(result.notes).split('\n')).to.deep.equal([
      'test/fixtures/constraints.dto.ts:56:3 - note ARM_NOTE_DTO_CONSTRAINT: ConstraintsDto.at: @IsISO8601 accepts ISO 8601 forms that format "date-time" refuses (2026-01-02, 2026-01-02T03:04 without offset); it is not in the schema (for date-times with offset only, add the JSDoc tag @format date-time to the property).',
      'test/fixtures/constraints.dto.ts:59:3 - note ARM_NOTE_DTO_CONSTRAINT: ConstraintsDto.on: @IsDateString accepts ISO 8601 forms that format "date-time" refuses (2026-01-02, 2026-01-02T03:04 without offset); it is not in the schema (for date-times with offset only, add the JSDoc tag @format date-time to the property).',
    ]);
  });

  it('puts nested constraints into $defs (@schemaDefs, recursion) and nullable anyOf members', () => {
    const source = `import { Tool } from '@armature/core';
import { Length, Min, ValidateNested, IsOptional } from 'class-validator';
import { Type } from 'class-transformer';
export class Address { @Length(2, 40) street!: string; }
export class TreeNode {
  @Min(1) value!: number;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => TreeNode) children?: TreeNode[];
}
export class Dto {
  @ValidateNested() @Type(() => Address) home!: Address;
  @ValidateNested() @Type(() => Address) work?: Address | null;
  @ValidateNested() @Type(() => TreeNode) tree!: TreeNode;
}
export class H {
  /** @schemaDefs */
  @Tool() named(d: Dto): string { return ''; }
  @Tool() inline(d: Dto): string { return ''; }
}`;
    const scanned = scanSources({ 'src/nested.ts': source }, { baseDir: PACKAGE_DIR });
    expect(scanned.problems).to.deep.equal([]);
    expect(scanned.notes).to.deep.equal([]);
    const street = { type: 'string', minLength: 2, maxLength: 40 };
    const tree = {
      type: 'object',
      properties: { value: { type: 'number', minimum: 1 }, children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } } },
      additionalProperties: false,
      required: ['value'],
    };
    const named = methodOf(scanned, 'H', 'named').inputSchema as JsonSchema;
    expect(named.$defs).to.deep.equal({
      Address: { type: 'object', properties: { street }, additionalProperties: false, required: ['street'] },
      TreeNode: tree,
    });
    const inline = methodOf(scanned, 'H', 'inline').inputSchema as JsonSchema;
    const properties = inline.properties as Record<string, JsonSchema>;
    expect((properties.home?.properties as Record<string, JsonSchema>).street).to.deep.equal(street);
    expect(((properties.work?.anyOf as JsonSchema[])[0]?.properties as Record<string, JsonSchema>).street).to.deep.equal(street);
    expect(inline.$defs).to.deep.equal({ TreeNode: tree });
    expectValidSchema(createAjv(), named);
    expectValidSchema(createAjv(), inline);
  });

  it('an ISO 8601 property takes format date-time from its JSDoc tag when the author means only that', () => {
    const source = `import { Tool } from '@armature/core';
import { IsISO8601 } from 'class-validator';
export class Dto {
  /** @format date-time */
  @IsISO8601() at!: string;
}
export class H { @Tool() t(input: Dto): string { return input.at; } }`;
    const scanned = scanSources({ 'src/iso.ts': source }, { baseDir: PACKAGE_DIR });
    expect(scanned.problems).to.deep.equal([]);
    expect((methodOf(scanned, 'H', 't').inputSchema?.properties as Record<string, JsonSchema>).at).to.deep.equal({
      type: 'string',
      format: 'date-time',
    });
    expect(scanned.notes.map((n) => n.code)).to.deep.equal(['ARM_NOTE_DTO_CONSTRAINT']);
  });

  it('reads decorators only from class-validator (a same-named decorator of the author is not one)', () => {
    const source = `import { Tool } from '@armature/core';
const IsEmail = () => (_target: object, _key: string): void => undefined;
export class Dto { @IsEmail() email!: string }
export class H { @Tool() t(input: Dto): string { return input.email; } }`;
    const scanned = scanSources({ 'src/own.ts': source }, { baseDir: PACKAGE_DIR });
    expect(scanned.problems).to.deep.equal([]);
    expect((methodOf(scanned, 'H', 't').inputSchema?.properties as Record<string, JsonSchema>).email).to.deep.equal({ type: 'string' });
    expect(scanned.notes).to.deep.equal([]);
  });

  it('reports every decorator the schema cannot say as a note (once per DTO, however many tools use it), and still writes the schema', () => {
    const scanned = scanSources(fixture('notes.dto.ts'), { baseDir: PACKAGE_DIR });
    expect(scanned.problems).to.deep.equal([]);
    expect(formatNotes(scanned.notes).split('\n')).to.deep.equal([
      'test/fixtures/notes.dto.ts:15:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.plain: @IsNotEmpty has no JSON Schema equivalent; it is not in the schema (class-validator checks it at call time).',
      'test/fixtures/notes.dto.ts:18:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.insensitive: @Matches(/^[a-z]+$/i): the flag i cannot be said by a JSON Schema pattern; it is not in the schema.',
      'test/fixtures/notes.dto.ts:21:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.multiline: @Matches(/^[a-z]+$/m): the flag m cannot be said by a JSON Schema pattern; it is not in the schema.',
      'test/fixtures/notes.dto.ts:24:3 - note ARM_NOTE_DTO_ARGUMENT: NotesDto.computed: @MinLength: argument 1 (dynamicLimit()) is not a literal; minLength is left out of the schema (class-validator checks it at call time).',
      "test/fixtures/notes.dto.ts:30:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.display: @IsEmail's options { allow_display_name: true } change what it accepts, which format cannot say; it is not in the schema.",
      'test/fixtures/notes.dto.ts:33:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.localUrl: @IsUrl\'s options { require_tld: false } change what it accepts, which format "uri" cannot say; it is not in the schema.',
      'test/fixtures/notes.dto.ts:36:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.bareUrl: @IsUrl() accepts a URL without a scheme (example.com), which format "uri" refuses; it is not in the schema (write @IsUrl({ require_protocol: true }) to have format "uri").',
      'test/fixtures/notes.dto.ts:39:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.v4: @IsUUID("4") asks for one UUID version, which format "uuid" cannot say; it is not in the schema.',
      'test/fixtures/notes.dto.ts:42:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.byId: @ArrayUnique with a selector compares selected values, which uniqueItems cannot say; it is not in the schema.',
      'test/fixtures/notes.dto.ts:45:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.conditional: @ValidateIf makes every constraint of the property conditional, which the schema cannot say; none of them is in the schema (class-validator checks them at call time).',
      'test/fixtures/notes.dto.ts:49:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.grouped: @IsEmail with groups holds only sometimes, which the schema cannot say; it is not in the schema.',
      'test/fixtures/notes.dto.ts:52:3 - note ARM_NOTE_DTO_CONSTRAINT: NotesDto.inner: @ValidateNested without @Type(() => X) from class-transformer: the value stays a plain object, so class-validator checks no nested constraints, and the schema has none.',
    ]);
    for (const note of scanned.notes) expect(NOTE_CODES).to.have.property(note.code);
    const properties = methodOf(scanned, 'NotesHandlers', 'noted').inputSchema?.properties as Record<string, JsonSchema>;
    // A constant of literal type is a literal; everything noted is left as the type says.
    expect(properties.constant).to.deep.equal({ type: 'string', minLength: 3 });
    for (const name of [
      'plain',
      'insensitive',
      'multiline',
      'computed',
      'display',
      'localUrl',
      'bareUrl',
      'v4',
      'conditional',
      'grouped',
    ]) {
      expect(properties[name], name).to.deep.equal({ type: 'string' });
    }
  });

  describe('ajv with the generated schema accepts and refuses what class-validator does (fast-check)', () => {
    let core: CoreValidation;
    let bySchema: (value: unknown) => { readonly valid: boolean };
    let byClass: (plain: Record<string, unknown>) => Promise<{ readonly valid: boolean }>;
    before(() => {
      core = coreValidation();
      bySchema = core.compile(schema, 'ConstraintsDto');
      byClass = core.dto(ConstraintsDto);
    });

    const lower = fc.stringMatching(/^[a-z]{1,8}$/);
    const tld = fc.stringMatching(/^[a-z]{2,6}$/);
    const host = fc.tuple(lower, tld).map(([name, top]) => `${name}.${top}`);
    const hex = (n: number): fc.Arbitrary<string> => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
    const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
    const notAString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
    const address = fc.record({
      street: fc.string({ maxLength: 24 }),
      number: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constant(1.5)),
    });

    /**
     * Per property: values inside the domain where format/keyword and class-validator agree
     * (documented divergences are listed in docs/schemas.md and checked below), valid and not.
     */
    const VALUES: Record<string, fc.Arbitrary<unknown>> = {
      email: fc.oneof(
        fc.tuple(lower, fc.option(lower), host).map(([a, b, h]) => `${a}${b ? `.${b}` : ''}@${h}`),
        fc.constantFrom('plain', 'a@', '@b.co', 'a b@c.de', 'a@@b.co', 'a@b', ''),
        notAString,
      ),
      site: fc.oneof(
        fc.tuple(fc.constantFrom('http', 'https'), host, fc.option(lower)).map(([scheme, h, p]) => `${scheme}://${h}${p ? `/${p}` : ''}`),
        fc.constantFrom('not a url', '://x.com', 'http:// x.com', ''),
        notAString,
      ),
      id: fc.oneof(
        fc
          .tuple(hex(8), hex(4), fc.integer({ min: 1, max: 8 }), hex(3), fc.constantFrom('8', '9', 'a', 'b'), hex(3), hex(12))
          .map(([a, b, v, c, variant, d, e]) => `${a}-${b}-${v}${c}-${variant}${d}-${e}`),
        fc.constantFrom('123', 'not-a-uuid', '0000000g-0000-4000-8000-000000000000', '00000000000040008000000000000000', ''),
        notAString,
      ),
      at: fc.oneof(
        fc
          .tuple(
            fc.integer({ min: 1970, max: 2099 }),
            fc.integer({ min: 1, max: 12 }),
            fc.integer({ min: 1, max: 28 }),
            fc.integer({ min: 0, max: 23 }),
            fc.integer({ min: 0, max: 59 }),
            fc.constantFrom('Z', '+02:00', '-05:30'),
          )
          .map(([y, mo, d, h, mi, zone]) => `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:00${zone}`),
        fc.constantFrom('yesterday', '2020-13-01T00:00:00Z', '2020-01-01T25:00:00Z', '2020/01/01', ''),
        notAString,
      ),
      name: fc.oneof(fc.string({ maxLength: 12 }), notAString),
      nick: fc.oneof(fc.string({ maxLength: 7 }), notAString),
      age: fc.oneof(fc.integer({ min: -5, max: 160 }), fc.double({ min: -5, max: 160, noNaN: true }), fc.constantFrom('5', true)),
      score: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('1', null)),
      slug: fc.oneof(fc.stringMatching(/^[a-z]{0,3}-?[0-9]{0,3}$/), fc.string({ maxLength: 6 }), notAString),
      color: fc.constantFrom('red', 'green', 'blue', 3, 4, '3', null),
      role: fc.constantFrom('admin', 'user', 'Admin', 'guest', 0, null),
      tags: fc.oneof(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 5 }), fc.constantFrom('a', null, {})),
      note: fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom(undefined, 5)),
      address: fc.oneof(address, fc.constantFrom('x', 3)),
      others: fc.oneof(fc.array(address, { maxLength: 3 }), fc.constantFrom('x', null)),
      words: fc.oneof(fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }), fc.constantFrom(null, 3)),
    };
    VALUES.on = VALUES.at as fc.Arbitrary<unknown>;
    /** No keyword (a build note): the schema only types them, class-validator checks ISO 8601 at call time. */
    const LOOSER = new Set(['at', 'on']);

    const VALID = {
      email: 'ada@example.com',
      site: 'https://example.com/docs',
      id: '123e4567-e89b-42d3-a456-426614174000',
      at: '2026-01-02T03:04:05Z',
      on: '2026-01-02T03:04:05+01:00',
      name: 'Ada',
      nick: 'ada',
      age: 36,
      score: 0.5,
      slug: 'ada-1',
      color: 'red',
      role: 'admin',
      tags: ['a'],
      note: 'hi',
      address: { street: 'Main', number: 1 },
      others: [],
      words: ['ab'],
    };

    /** Both verdicts on arguments as a transport delivers them (JSON text parsed). */
    async function verdicts(args: Record<string, unknown>): Promise<{ schema: boolean; classValidator: boolean }> {
      const text = JSON.stringify(args);
      const schemaVerdict = bySchema(JSON.parse(text)).valid;
      const classVerdict = (await byClass(JSON.parse(text) as Record<string, unknown>)).valid;
      return { schema: schemaVerdict, classValidator: classVerdict };
    }

    it('the valid example passes both', async () => {
      expect(await verdicts(VALID)).to.deep.equal({ schema: true, classValidator: true });
    });

    for (const [property, values] of Object.entries(VALUES)) {
      const looser = LOOSER.has(property);
      it(`${property}: ${looser ? 'the schema accepts whatever class-validator accepts' : 'same verdict'} for generated values (200 runs)`, async () => {
        await fc.assert(
          fc.asyncProperty(values, async (value) => {
            const args: Record<string, unknown> = { ...VALID, [property]: value };
            if (value === undefined) delete args[property];
            const both = await verdicts(args);
            if (looser) expect(both.schema || !both.classValidator, `${property} = ${JSON.stringify(value)}`).to.equal(true);
            else expect(both.schema, `${property} = ${JSON.stringify(value)}`).to.equal(both.classValidator);
          }),
          { numRuns: 200, seed: 19 },
        );
      });
    }

    it('every property at once: same verdict (300 runs)', async () => {
      // Leaving out a property is checked on its own below (only @IsOptional's may be missing).
      const exact = Object.fromEntries(Object.entries(VALUES).filter(([key]) => !LOOSER.has(key)));
      const record = fc
        .record(exact, { requiredKeys: Object.keys(exact).filter((key) => key !== 'note') })
        .map((args) => ({ ...VALID, ...args }));
      await fc.assert(
        fc.asyncProperty(record, async (args) => {
          const both = await verdicts(args);
          expect(both.schema, JSON.stringify(args)).to.equal(both.classValidator);
        }),
        { numRuns: 300, seed: 1919 },
      );
    });

    it("a required property left out is refused by both; @IsOptional's is accepted by both", async () => {
      const differ: string[] = [];
      for (const property of Object.keys(VALID)) {
        const args: Record<string, unknown> = { ...VALID };
        delete args[property];
        const both = await verdicts(args);
        if (both.schema !== both.classValidator) differ.push(property);
        else expect(both.schema, property).to.equal(property === 'note');
      }
      // Only @ValidateNested: class-validator lets undefined through; the schema requires what TypeScript requires.
      expect(differ).to.deep.equal(['address', 'others']);
    });

    it('the documented divergences of formats hold as documented', async () => {
      const verdict = async (property: string, value: unknown) => verdicts({ ...VALID, [property]: value });
      // A scheme required by both.
      expect(await verdict('site', 'example.com')).to.deep.equal({ schema: false, classValidator: false });
      // What a stricter format would have refused is accepted by both: no format is emitted for them.
      expect(await verdict('at', '2026-01-02')).to.deep.equal({ schema: true, classValidator: true });
      expect(await verdict('at', '2026-01-02T03:04:05')).to.deep.equal({ schema: true, classValidator: true });
      expect(await verdict('on', '2026-W01')).to.deep.equal({ schema: true, classValidator: true });
      // Stricter schema, non-ASCII only: international addresses and hosts.
      expect(await verdict('email', 'ëmail@example.com')).to.deep.equal({ schema: false, classValidator: true });
      expect(await verdict('site', 'https://ëxample.com')).to.deep.equal({ schema: false, classValidator: true });
      // Looser schema (class-validator still refuses at call time).
      expect(await verdict('site', 'mailto:ada@example.com')).to.deep.equal({ schema: true, classValidator: false });
      expect(await verdict('at', 'yesterday')).to.deep.equal({ schema: true, classValidator: false });
      expect(await verdict('id', '123e4567-e89b-02d3-c456-426614174000')).to.deep.equal({ schema: true, classValidator: false });
      // From the TypeScript type, as before: class-validator takes an array for a nested object
      // and checks a lone value under { each: true }; the schema wants the declared shape.
      expect(await verdict('address', [])).to.deep.equal({ schema: false, classValidator: true });
      expect(await verdict('words', 'abc')).to.deep.equal({ schema: false, classValidator: true });
      // @IsOptional lets null through class-validator; the schema keeps the type (string).
      expect(await verdict('note', null)).to.deep.equal({ schema: false, classValidator: true });
    });
  });
});
