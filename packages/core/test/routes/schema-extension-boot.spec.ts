import 'reflect-metadata';
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';
import { mergeSchemaExtension } from '../../src/routes/schema-extension';
import { writeValidatorsBeside } from '../../src/routes/validators-build';
import { VALIDATORS_FILE_NAME, type ValidatorsModule } from '../../src/validation/precompiled-validators';
import { connectClient, RecordingLogger } from '../app/support/app-client';
import { builtManifest } from '../app/support/manifest-builder';
import { bootHandlerModule, writeBuiltProject } from './support/built-project';

const CORE_ENTRY = join(__dirname, '../../src/index.js');

const EXTENSION = { allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }] };

// `minProperties` is outside the shared checker's subset, so ajv's precompiled code validates it.
const GENERATED: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { phone: { type: 'string' }, email: { type: 'string' } },
  minProperties: 0,
  additionalProperties: false,
};

/** A compiled handler whose decorator carries the extension (and, when asked, a header). */
function handlerModule(headers: boolean): string {
  return `const core = require(${JSON.stringify(CORE_ENTRY)});
class Contacts { contact(phone, email) { return (phone || '') + (email || ''); } }
const options = { extendInputSchema: ${JSON.stringify(EXTENSION)}${headers ? ", headers: { phone: 'Phone' }" : ''} };
core.Tool(options)(Contacts.prototype, 'contact', Object.getOwnPropertyDescriptor(Contacts.prototype, 'contact'));
exports.Contacts = Contacts;
`;
}

/** Every validator in the file replaced by one that refuses everything: a call shows whether it was used. */
function sabotage(file: string): void {
  const loaded = require(file) as ValidatorsModule;
  delete require.cache[file];
  const refuse = 'function () { const v = () => false; v.errors = []; return v; }';
  writeFileSync(
    file,
    `exports.format = ${loaded.format};\nexports.fingerprint = ${JSON.stringify(loaded.fingerprint)};\n` +
      `exports.manifestDigest = ${JSON.stringify(loaded.manifestDigest)};\nexports.failed = ${JSON.stringify(loaded.failed)};\n` +
      `exports.schemas = ${JSON.stringify(loaded.schemas)};\nexports.factories = exports.schemas.map(() => ${refuse});\n`,
  );
}

describe('schema extensions and the precompiled validators', () => {
  let root: string;
  let count = 0;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'armature-extension-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A built-looking project whose manifest holds `inputSchema`, validators precompiled (then sabotaged). */
  function project(inputSchema: JsonSchema, headers = false): string {
    const dir = join(root, `p${count++}`);
    const manifest = builtManifest({
      armature: 1,
      handlers: {
        'src/contacts.js#Contacts': {
          className: 'Contacts',
          methods: {
            contact: {
              kind: 'tool',
              params: [
                { index: 0, name: 'phone', role: 'argument', required: false },
                { index: 1, name: 'email', role: 'argument', required: false },
              ],
              inputSchema,
            },
          },
        },
      },
    });
    const file = writeBuiltProject(dir, 'contacts', handlerModule(headers), manifest);
    expect(writeValidatorsBeside(join(dir, 'dist'))).to.include({ count: 1, written: true });
    sabotage(join(dir, 'dist', VALIDATORS_FILE_NAME));
    return file;
  }

  async function callWith(file: string, args: Record<string, unknown>): Promise<{ isError?: unknown; listed: unknown }> {
    const app = await bootHandlerModule(file, 'Contacts', 'p', new RecordingLogger());
    const conn = await connectClient(app);
    try {
      const result = await conn.client.callTool({ name: 'contact', arguments: args });
      return { isError: result.isError, listed: app.tools.list()[0]?.inputSchema };
    } finally {
      await conn.close();
      await app.close();
    }
  }

  it('uses the precompiled validator when the build merged the same extension (the boot merge changes nothing)', async () => {
    const merged = mergeSchemaExtension(GENERATED, EXTENSION).schema as JsonSchema;
    const result = await callWith(project(merged), { phone: '1' });
    // The sabotaged precompiled validator answered: the boot did not compile the schema again.
    expect(result.isError).to.equal(true);
    expect(result.listed).to.deep.equal(merged);
  });

  it('compiles at boot when the build did not see the extension (the manifest holds the schema without it)', async () => {
    const file = project(GENERATED);
    expect((await callWith(file, { phone: '1' })).isError).to.not.equal(true);
    // ...and validates with the extension.
    expect((await callWith(file, {})).isError).to.equal(true);
  });

  it('compiles at boot when only headers are new to the manifest schema', async () => {
    const merged = mergeSchemaExtension(GENERATED, EXTENSION).schema as JsonSchema;
    const result = await callWith(project(merged, true), { email: 'a' });
    expect(result.isError).to.not.equal(true);
    expect((result.listed as { properties: Record<string, unknown> }).properties.phone).to.deep.equal({
      type: 'string',
      'x-mcp-header': 'Phone',
    });
  });
});
