import 'reflect-metadata';
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Armature } from '../../src/app/armature.app';
import type { BuiltManifest } from '../../src/manifest/manifest.types';
import type { JsonSchema } from '../../src/metadata/handler-metadata.types';
import { writeValidatorsBeside } from '../../src/routes/validators-build';
import { VALIDATORS_FILE_NAME } from '../../src/validation/precompiled-validators';
import { connectClient, RecordingLogger } from '../app/support/app-client';
import { builtManifest } from '../app/support/manifest-builder';
import { bootHandlerModule, writeBuiltProject } from './support/built-project';
import { BROKEN, MAIL, SEARCH } from './support/deferred-schemas';

const CORE_ENTRY = join(__dirname, '../../src/index.js');

const root = mkdtempSync(join(tmpdir(), 'armature-deferred-boot-'));
after(() => rmSync(root, { recursive: true, force: true }));
let count = 0;

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
    const file = writeBuiltProject(dir, 'notes', handlerModule(), manifest(search));
    if (withValidators) writeValidatorsBeside(join(dir, 'dist'));
    return { dir, file };
  }

  const boot = (file: string, logger = new RecordingLogger()): Promise<Armature> => bootHandlerModule(file, 'Notes', 'deferred', logger);

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
