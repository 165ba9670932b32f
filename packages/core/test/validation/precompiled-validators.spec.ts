import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArmatureError } from '@armature/di';
import { PrecompiledValidators, VALIDATORS_FILE_NAME } from '../../src/validation/precompiled-validators';
import { SchemaCompiler } from '../../src/validation/schema-compiler';
import { generateValidatorsModule } from '../../src/validation/validator-module';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';

const FORMATS: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 5 },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
    email: { type: 'string', format: 'email' },
    when: { type: 'string', format: 'date-time' },
    kind: { enum: ['a', 'b'] },
    pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 1 },
    nested: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } }, additionalProperties: false },
    nullable: { type: ['string', 'null'] },
  },
  required: ['title'],
  additionalProperties: false,
};
const DRAFT7: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { a: { type: 'number' } },
  required: ['a'],
};
const DEFS: JsonSchema = {
  type: 'object',
  properties: { item: { $ref: '#/$defs/Item' } },
  $defs: { Item: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } }, required: ['id'] } },
};

const INPUTS: unknown[] = [
  { title: 't' },
  {},
  { title: '' },
  { title: 'toolong' },
  {
    title: 't',
    tags: ['x', 3],
    email: 'nope',
    when: 'yesterday',
    kind: 'c',
    pair: [1, 'x'],
    nested: { n: -1, extra: 1 },
    bogus: true,
    nullable: 1,
  },
  { title: 't', email: 'a@b.co', when: '2025-11-25T10:00:00Z', pair: ['x', 2], nullable: null },
  JSON.parse('{"title":"t","__proto__":{"admin":true}}'),
  { title: 't', toString: 'x' },
  { a: 1 },
  { a: 'x' },
  { item: { id: 'abc' } },
  { item: { id: 'ABC' } },
  { item: {} },
  'not an object',
  null,
];

describe('precompiled validators (armature.validators.js)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'armature-validators-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function writeModule(schemas: JsonSchema[]): string {
    const file = join(dir, VALIDATORS_FILE_NAME);
    writeFileSync(file, generateValidatorsModule(schemas, file).source);
    return file;
  }

  function load(file: string, warnings: string[] = []): PrecompiledValidators {
    const loaded = PrecompiledValidators.load(file, (m) => warnings.push(m));
    expect(loaded, 'the generated file loads').to.not.equal(undefined);
    return loaded as PrecompiledValidators;
  }

  it('answers every input exactly as the boot compile does (issues, order and defaults included)', () => {
    const schemas = [FORMATS, DRAFT7, DEFS];
    const precompiled = load(writeModule(schemas));
    for (const schema of schemas) {
      const booted = new SchemaCompiler().compile(schema, 'boot');
      const loaded = new SchemaCompiler().compile(schema, 'pre', precompiled);
      expect(precompiled.get(JSON.stringify(schema)), 'found by its text').to.be.a('function');
      for (const input of INPUTS) expect(loaded(input), JSON.stringify(input)).to.deep.equal(booted(input));
    }
  });

  it('is looked up by exact schema text, so a changed schema is compiled at boot instead', () => {
    const precompiled = load(writeModule([DRAFT7]));
    const changed = { ...DRAFT7, required: [] };
    expect(precompiled.get(JSON.stringify(changed))).to.equal(undefined);
    expect(new SchemaCompiler().compile(changed, 'changed', precompiled)({}).valid).to.equal(true);
  });

  it('is used in place of compiling when the text matches', () => {
    const file = join(dir, VALIDATORS_FILE_NAME);
    const real = readFileSync(writeModule([DRAFT7]), 'utf8');
    // Same header, but a factory that accepts everything: proves the boot took it, not ajv.
    writeFileSync(
      file,
      real.replace(
        /exports\.factories = \[[\s\S]*\];\n$/,
        'exports.factories = [function () { const v = () => true; v.errors = null; return v; }];\n',
      ),
    );
    const validate = new SchemaCompiler().compile(DRAFT7, 'd7', load(file));
    expect(validate({ a: 'not a number' }).valid).to.equal(true);
  });

  it('runs a factory on the first validation, not when the route is compiled, and only once', () => {
    const file = join(dir, VALIDATORS_FILE_NAME);
    const real = readFileSync(writeModule([DRAFT7]), 'utf8');
    const counter = globalThis as { armatureFactoryRuns?: number };
    counter.armatureFactoryRuns = 0;
    writeFileSync(
      file,
      real.replace(
        /exports\.factories = \[[\s\S]*\];\n$/,
        'exports.factories = [function () { globalThis.armatureFactoryRuns++; const v = (d) => typeof d.a === "number"; v.errors = [{ instancePath: "/a", keyword: "type", params: { type: "number" }, data: d => d }]; return v; }];\n',
      ),
    );
    const validate = new SchemaCompiler().compile(DRAFT7, 'd7', load(file));
    expect(counter.armatureFactoryRuns).to.equal(0);
    expect(validate({ a: 1 }).valid).to.equal(true);
    expect(validate({ a: 'x' }).valid).to.equal(false);
    expect(counter.armatureFactoryRuns).to.equal(1);
    delete counter.armatureFactoryRuns;
  });

  it('is ignored when generated for another ajv or other options', () => {
    const file = writeModule([DRAFT7]);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/exports\.fingerprint = ".*";/, 'exports.fingerprint = "ajv@0.0.0";'));
    const warnings: string[] = [];
    expect(PrecompiledValidators.load(file, (m) => warnings.push(m))).to.equal(undefined);
    expect(warnings).to.deep.equal([]);
  });

  it('is used whatever ajv is installed when ajv made nothing in it (every schema the shared checker plans)', () => {
    const file = writeModule([]);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/exports\.fingerprint = ".*";/, 'exports.fingerprint = "ajv@0.0.0";'));
    const loaded = PrecompiledValidators.load(file, () => undefined);
    expect(loaded).to.not.equal(undefined);
    expect(loaded?.get(JSON.stringify(DRAFT7))).to.equal(undefined);
  });

  it('reports a file that cannot be loaded, and the boot compiles instead', () => {
    const file = join(dir, VALIDATORS_FILE_NAME);
    writeFileSync(file, 'this is not javascript');
    const warnings: string[] = [];
    expect(PrecompiledValidators.load(file, (m) => warnings.push(m))).to.equal(undefined);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include(file).and.include('armature build');
  });

  it('is absent without a word when there is no file', () => {
    const warnings: string[] = [];
    expect(PrecompiledValidators.load(join(dir, VALIDATORS_FILE_NAME), (m) => warnings.push(m))).to.equal(undefined);
    expect(warnings).to.deep.equal([]);
  });

  it('lets generated code require only ajv run-time helpers', () => {
    const file = join(dir, VALIDATORS_FILE_NAME);
    const real = readFileSync(writeModule([DRAFT7]), 'utf8');
    writeFileSync(
      file,
      real.replace(
        /exports\.factories = \[[\s\S]*\];\n$/,
        'exports.factories = [function (require) { return require("child_process"); }];\n',
      ),
    );
    expect(() => load(file).get(JSON.stringify(DRAFT7))).to.throw(/may not require "child_process"/);
  });

  describe('generation', () => {
    it('writes each distinct schema once and carries unchanged ones over from the previous file', () => {
      const file = join(dir, VALIDATORS_FILE_NAME);
      const first = generateValidatorsModule([FORMATS, { ...FORMATS }, DRAFT7], file);
      expect(first).to.include({ count: 2, compiled: 2 });
      writeFileSync(file, first.source);
      const second = generateValidatorsModule([FORMATS, DRAFT7, DEFS], file);
      expect(second).to.include({ count: 3, compiled: 1 });
      writeFileSync(file, second.source);
      const precompiled = load(file);
      const input = { title: '', tags: [1] };
      expect(new SchemaCompiler().compile(FORMATS, 'x', precompiled)(input)).to.deep.equal(
        new SchemaCompiler().compile(FORMATS, 'x')(input),
      );
    });

    it('leaves out a schema ajv cannot compile; the boot then refuses it', () => {
      const broken: JsonSchema = { type: 'object', properties: { a: { type: 'nonsense' } } };
      const generated = generateValidatorsModule([broken, DRAFT7]);
      expect(generated.count).to.equal(1);
      expect(generated.failures).to.have.length(1);
      const file = join(dir, VALIDATORS_FILE_NAME);
      writeFileSync(file, generated.source);
      expect(() => new SchemaCompiler().compile(broken, 'X.y input schema', load(file)))
        .to.throw(ArmatureError, /X\.y input schema/)
        .with.property('code', 'ARM_ERR_INVALID_SCHEMA');
    });
  });
});

describe('SchemaCompiler: one validator per schema text', () => {
  it('compiles a schema shared by many routes once, and shares one frozen copy for list entries', () => {
    const compiler = new SchemaCompiler();
    const a = compiler.compileShared(JSON.parse(JSON.stringify(FORMATS)) as JsonSchema, 'a');
    const b = compiler.compileShared(JSON.parse(JSON.stringify(FORMATS)) as JsonSchema, 'b');
    expect(b).to.equal(a);
    expect(a.schema).to.deep.equal(FORMATS);
    expect(Object.isFrozen(a.schema)).to.equal(true);
    expect(Object.isFrozen((a.schema.properties as Record<string, unknown>).title)).to.equal(true);
  });

  it('still names the failing route for each schema that does not compile', () => {
    const compiler = new SchemaCompiler();
    const broken: JsonSchema = { type: 'object', properties: { a: { type: 'nonsense' } } };
    expect(() => compiler.compile(broken, 'First.tool input schema')).to.throw(/First\.tool/);
    expect(() => compiler.compile({ ...broken }, 'Second.tool input schema')).to.throw(/Second\.tool/);
  });

  it('refuses a schema that is not JSON', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.self = cyclic;
    expect(() => new SchemaCompiler().compile(cyclic, 'C.c input schema'))
      .to.throw(ArmatureError, /C\.c input schema: the schema is not JSON/)
      .with.property('code', 'ARM_ERR_INVALID_SCHEMA');
  });
});
