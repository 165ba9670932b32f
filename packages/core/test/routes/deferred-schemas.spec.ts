import 'reflect-metadata';
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { SchemaTable } from '../../src/manifest/schema-table';
import type { BuiltManifest } from '../../src/manifest/manifest.types';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';
import { jsonOf } from '../../src/metadata/known-json';
import { toolListEntry } from '../../src/routes/tool-list-entry';
import { writeValidatorsBeside } from '../../src/routes/validators-build';
import { PrecompiledValidators, VALIDATORS_FILE_NAME } from '../../src/validation/precompiled-validators';
import { SchemaCompiler } from '../../src/validation/schema-compiler';
import { generateValidatorsModule } from '../../src/validation/validator-module';
import { connectClient, RecordingLogger } from '../app/support/app-client';
import { builtManifest } from '../app/support/manifest-builder';

const CORE_ENTRY = join(__dirname, '../../src/index.js');

/** In the shared checker's subset (simple/): `armature build` generates no code for it. */
const SEARCH: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { q: { type: 'string', minLength: 1, description: 'Text "to" find.' }, n: { type: 'integer', default: 3 } },
  required: ['q'],
  additionalProperties: false,
};
/** Outside the subset (`format`): precompiled by the build. */
const MAIL: JsonSchema = { type: 'object', properties: { to: { type: 'string', format: 'email' } }, required: ['to'] };
/** ajv cannot compile it (`type` is not a type name): the build lists it as failed. */
const BROKEN: JsonSchema = { type: 'object', properties: { x: { type: 'text' } } };

const root = mkdtempSync(join(tmpdir(), 'armature-deferred-'));
after(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

/** Validators generated for manifest bytes `digest`, loaded back as the runtime loads them. */
function validatorsFor(schemas: readonly JsonSchema[], digest: string | undefined, loadWith: string | undefined): PrecompiledValidators {
  const file = join(root, `v${count++}.js`);
  writeFileSync(file, generateValidatorsModule(schemas, undefined, digest).source);
  const loaded = PrecompiledValidators.load(file, () => undefined, loadWith);
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

  it('defers parsing and planning a vouched schema to its first use, and validates as the boot compile does', () => {
    const table = new SchemaTable(texts, true);
    const compiled = new SchemaCompiler().compileListed(table, 0, 'search', validatorsFor([SEARCH, MAIL], 'd', 'd'));
    expect(compiled.json).to.equal(texts[0]);
    expect(table.isText(0)).to.equal(true);
    const eager = new SchemaCompiler().compileShared(SEARCH, 'eager');
    for (const value of [{ q: 'a' }, { q: '' }, { q: 'a', n: 1.5 }, { q: 'a', extra: true }, {}]) {
      expect(compiled.validate(value)).to.deep.equal(eager.validate(value));
    }
    expect(table.isText(0)).to.equal(false);
    expect(compiled.schema).to.equal(table.get(0));
    // Without vouching validators the schema is parsed and planned at once, as before.
    const other = new SchemaTable(texts, true);
    new SchemaCompiler().compileListed(other, 0, 'search');
    expect(other.isText(0)).to.equal(false);
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
});

describe('a built project booted with deferred schemas', () => {
  function handlerModule(): string {
    return `const core = require(${JSON.stringify(CORE_ENTRY)});
class Notes { search(q, n) { return q + ':' + n; } mail(to) { return 'to ' + to; } }
for (const m of ['search', 'mail']) core.Tool()(Notes.prototype, m, Object.getOwnPropertyDescriptor(Notes.prototype, m));
exports.Notes = Notes;
`;
  }

  function manifest(search: JsonSchema): BuiltManifest {
    return builtManifest({
      armature: 1,
      handlers: {
        'src/notes.js#Notes': {
          className: 'Notes',
          methods: {
            search: {
              kind: 'tool',
              params: [
                { index: 0, name: 'q', role: 'argument', required: true },
                { index: 1, name: 'n', role: 'argument', required: false },
              ],
              inputSchema: search,
            },
            mail: { kind: 'tool', params: [{ index: 0, name: 'to', role: 'argument', required: true }], inputSchema: MAIL },
          },
        },
      },
    });
  }

  /** A compiled-looking project (handler module, format 3 manifest, validators unless told); returns the handler file. */
  function project(withValidators: boolean, search: JsonSchema = SEARCH): { dir: string; file: string } {
    const dir = join(root, `p${count++}`);
    mkdirSync(join(dir, 'dist/src'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"name":"p","private":true}');
    const file = join(dir, 'dist/src/notes.js');
    writeFileSync(file, handlerModule());
    writeFileSync(join(dir, 'dist/armature.manifest.json'), JSON.stringify(manifest(search)));
    if (withValidators) writeValidatorsBeside(join(dir, 'dist'));
    return { dir, file };
  }

  async function boot(file: string, logger = new RecordingLogger()): Promise<Armature> {
    const cls = (require(file) as Record<string, new () => object>).Notes as new () => object;
    @Module({ handlers: [cls] })
    class Root {}
    return Armature.create(Root, { name: 'deferred', version: '1', logger });
  }

  async function answers(app: Armature): Promise<unknown[]> {
    const conn = await connectClient(app);
    try {
      const out: unknown[] = [(await conn.client.listTools()).tools];
      for (const args of [{ q: 'a' }, { q: 'a', n: 2 }, {}, { q: '', n: 'x', extra: 1 }]) {
        out.push(await conn.client.callTool({ name: 'search', arguments: args }));
      }
      for (const to of ['a@b.co', 'nobody']) out.push(await conn.client.callTool({ name: 'mail', arguments: { to } }));
      return out;
    } finally {
      await conn.close();
    }
  }

  it('lists and validates exactly as a boot that parses every schema', async () => {
    const logger = new RecordingLogger();
    const deferred = await boot(project(true).file, logger);
    const eager = await boot(project(false).file);
    try {
      const [got, expected] = [await answers(deferred), await answers(eager)];
      expect(got).to.deep.equal(expected);
      expect((got[0] as { inputSchema: unknown }[])[0]?.inputSchema).to.deep.equal(SEARCH);
      expect(logger.warnings).to.deep.equal([]);
    } finally {
      await deferred.close();
      await eager.close();
    }
  });

  it('takes a manifest edited after the build on no trust: its schemas are checked at boot again', async () => {
    const { dir, file } = project(true);
    const manifestFile = join(dir, 'dist/armature.manifest.json');
    // The build's validators stay; the manifest's search schema is replaced by text that is not JSON.
    const edited = readFileSync(manifestFile, 'utf8').replace(JSON.stringify(JSON.stringify(SEARCH)), JSON.stringify('{"type":"object",'));
    writeFileSync(manifestFile, edited);
    const error = await boot(file).then(
      (app) => app.close().then(() => undefined),
      (thrown: unknown) => thrown,
    );
    expect(error).to.have.property('code', 'ARM_ERR_MANIFEST_INVALID');
    expect(String((error as Error).message)).to.include('is not the JSON text of an object');
  });

  it('still refuses to start for a schema ajv cannot compile, though the validators file is current', async () => {
    const { dir, file } = project(true, BROKEN);
    expect(readFileSync(join(dir, 'dist', VALIDATORS_FILE_NAME), 'utf8')).to.include('exports.failed = ["{');
    const error = await boot(file).then(
      (app) => app.close().then(() => undefined),
      (thrown: unknown) => thrown,
    );
    expect(String((error as Error).message)).to.include('does not compile');
  });
});
