import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchemaTable } from '../../src/manifest/schema-table';
import type { JsonSchema, ToolRecord } from '../../src/metadata/handler-metadata.types';
import { jsonOf } from '../../src/metadata/known-json';
import { toolListEntry } from '../../src/routes/tool-list-entry';
import { compileToolSchema, inputSchemaOf, outputSchemaOf } from '../../src/routes/tool-schemas';
import type { LoadedMethod } from '../../src/manifest/manifest-format';
import { ParamList } from '../../src/manifest/param-list';
import { PrecompiledValidators } from '../../src/validation/precompiled-validators';
import { SchemaCompiler } from '../../src/validation/schema-compiler';
import { generateValidatorsModule } from '../../src/validation/validator-module';
import { BROKEN, LOOKUP, MAIL, SEARCH } from './support/deferred-schemas';

const root = mkdtempSync(join(tmpdir(), 'armature-deferred-'));
after(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

/** Validators generated for manifest bytes `digest`, loaded back as the runtime loads them. */
function validatorsFor(schemas: readonly JsonSchema[], digest: string | undefined, loadWith: string | undefined): PrecompiledValidators {
  const file = join(root, `v${count++}.js`);
  writeFileSync(file, generateValidatorsModule(schemas, undefined, digest).source);
  const loaded = PrecompiledValidators.load(file, () => undefined, loadWith === undefined ? undefined : { digest: () => loadWith });
  if (loaded === undefined) throw new Error('validators not loaded');
  return loaded;
}

describe('manifest schemas kept as JSON text (format 3)', () => {
  const texts = [JSON.stringify(SEARCH), JSON.stringify(MAIL)];

  it('parses a text entry only when its object is asked for, then freezes it', () => {
    const table = new SchemaTable(texts, true);
    expect(table.isText(0)).to.equal(true);
    expect(table.text(0)).to.equal(texts[0]);
    const schema = table.get(0);
    expect(schema).to.deep.equal(SEARCH);
    expect(Object.isFrozen(schema.properties)).to.equal(true);
    expect(table.isText(0)).to.equal(false);
    expect(table.get(0)).to.equal(schema);
    // An object entry (format 2) is serialized once for its text.
    expect(new SchemaTable([SEARCH]).text(0)).to.equal(texts[0]);
  });

  it('refuses a text that is not the JSON of an object when it is first parsed, naming the entry', () => {
    const table = new SchemaTable(['{"type":"object"', '[1]'], true, 'm.json');
    for (const index of [0, 1]) {
      expect(() => table.get(index))
        .to.throw(/Invalid manifest m\.json: "schemas"\[\d\] is not the JSON text of an object/)
        .with.property('code', 'ARM_ERR_MANIFEST_INVALID');
    }
  });

  it('vouches for a schema only with validators generated for the same manifest bytes, and never for one ajv refused', () => {
    const vouching = validatorsFor([SEARCH, MAIL, BROKEN], 'abc', 'abc');
    expect(vouching.vouchesFor(texts[0] as string)).to.equal(true);
    expect(vouching.vouchesFor(texts[1] as string)).to.equal(true);
    expect(vouching.vouchesFor(JSON.stringify(BROKEN))).to.equal(false);
    expect(validatorsFor([SEARCH], 'abc', 'other').vouchesFor(texts[0] as string)).to.equal(false);
    expect(validatorsFor([SEARCH], undefined, 'abc').vouchesFor(texts[0] as string)).to.equal(false);
  });

  it("trusts a validators file on the manifest's stamp alone, and lets the digest decide when the stamps differ", () => {
    const file = join(root, `v${count++}.js`);
    writeFileSync(file, generateValidatorsModule([SEARCH], undefined, 'abc', '100:5').source);
    let hashed = 0;
    const identity = (stamp: string | undefined, digest: string) => ({
      stamp,
      digest: () => {
        hashed++;
        return digest;
      },
    });
    const load = (stamp: string | undefined, digest: string) =>
      (PrecompiledValidators.load(file, () => undefined, identity(stamp, digest)) as PrecompiledValidators).vouchesFor(texts[0] as string);
    expect(load('100:5', 'abc')).to.equal(true);
    expect(hashed).to.equal(0);
    // Copied or touched (same bytes, another time): hashed, and still vouched for.
    expect(load('100:6', 'abc')).to.equal(true);
    // Edited: another stamp and another digest.
    expect(load('101:6', 'other')).to.equal(false);
    expect(hashed).to.equal(2);
    // A file written without a stamp (an older CLI): the digest decides.
    expect(validatorsFor([SEARCH], 'abc', 'abc').vouchesFor(texts[0] as string)).to.equal(true);
  });

  it('defers parsing and planning a vouched schema to its first use, and validates as the boot compile does, keeping no parsed copy', () => {
    const table = new SchemaTable(texts, true);
    const compiled = new SchemaCompiler().compileListed(table, 0, 'search', validatorsFor([SEARCH, MAIL], 'd', 'd'));
    expect(compiled.json).to.equal(texts[0]);
    expect(table.isText(0)).to.equal(true);
    const eager = new SchemaCompiler().compileShared(SEARCH, 'eager');
    for (const value of [{ q: 'a' }, { q: '' }, { q: 'a', n: 1.5 }, { q: 'a', extra: true }, {}]) {
      expect(compiled.validate(value)).to.deep.equal(eager.validate(value));
    }
    // The validator was planned from a private parse: the table still holds only the text.
    expect(table.isText(0)).to.equal(true);
    expect(compiled.schema).to.deep.equal(SEARCH).and.equal(table.get(0));
    expect(table.isText(0)).to.equal(false);
    // Without vouching validators the schema is parsed and planned at once, as before.
    const other = new SchemaTable(texts, true);
    new SchemaCompiler().compileListed(other, 0, 'search');
    expect(other.isText(0)).to.equal(false);
  });

  it("validates a generated tool's deferred schema from its one-pass tables exactly as the boot compile does (verdicts, values, issues text)", () => {
    const text = JSON.stringify(LOOKUP);
    const table = new SchemaTable([text], true);
    const compiled = new SchemaCompiler().compileListed(table, 0, 'lookup', validatorsFor([LOOKUP], 'd', 'd'));
    const eager = new SchemaCompiler().compileShared(LOOKUP, 'eager');
    const values: unknown[] = [
      { query: 'q', region: 'eu', limit: 5 },
      { query: 'q', region: 'eu', limit: 5, tags: ['a'], order: 'asc' },
      { query: 'q', region: 'eu', limit: 5, tags: ['a', 2], order: 'up' },
      { query: 'q', limit: '5', extra: true },
      { query: 'q', region: 'eu', limit: 5, tags: 'a' },
      [],
      'q',
      null,
    ];
    const results = values.map((value) => compiled.validate(value));
    expect(results).to.deep.equal(values.map((value) => eager.validate(value)));
    expect(results.map((result) => result.valid)).to.deep.equal([true, true, false, false, false, false, false, false]);
    expect(table.isText(0)).to.equal(true);
  });

  it('gives a list entry the stored text, and its schema object only when read', () => {
    const table = new SchemaTable(texts, true);
    const input = new SchemaCompiler().compileListed(table, 0, 'search', validatorsFor([SEARCH, MAIL], 'd', 'd'));
    const entry = toolListEntry('search', {}, 'Finds.', input, null);
    expect(jsonOf(entry)).to.equal(`{"name":"search","description":"Finds.","inputSchema":${texts[0]}}`);
    expect(table.isText(0)).to.equal(true);
    expect(Object.isFrozen(entry)).to.equal(true);
    expect(JSON.stringify(entry)).to.equal(jsonOf(entry));
    expect(entry.inputSchema).to.deep.equal(SEARCH).and.equal(table.get(0));
  });
  it("leaves a tool's manifest input and output schemas as text while its route is compiled", () => {
    const table = new SchemaTable(texts, true);
    const record = { kind: 'tool', method: 'find', options: {} } as unknown as ToolRecord;
    const entry = { kind: 'tool', params: new ParamList([]), inputSchema: 0, outputSchema: 1 } as unknown as LoadedMethod;
    const vouching = validatorsFor([SEARCH, MAIL], 'd', 'd');
    const compiler = new SchemaCompiler();
    const output = outputSchemaOf(record, entry, table);
    const input = compileToolSchema(compiler, inputSchemaOf('T.find', record, entry, table), 'input', vouching);
    const compiledOutput = compileToolSchema(compiler, output ?? { schema: {} }, 'output', vouching);
    expect([table.isText(0), table.isText(1)]).to.deep.equal([true, true]);
    expect(output?.wrapped).to.equal(false);
    expect(compiledOutput.validate({ to: 'nobody' }).valid).to.equal(false);
    // MAIL is outside the shared checker's subset: its precompiled (ajv) validator takes the table's parsed copy.
    expect([table.isText(0), table.isText(1), input.json === texts[0]]).to.deep.equal([true, false, true]);
  });
});
