import 'reflect-metadata';
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Armature } from '../../src/app/armature.app';
import type { BuiltManifest } from '../../src/manifest/manifest.types';
import { writeValidatorsBeside } from '../../src/routes/validators-build';
import { VALIDATORS_FILE_NAME } from '../../src/validation/precompiled-validators';
import { connectClient, RecordingLogger } from '../app/support/app-client';
import { builtManifest } from '../app/support/manifest-builder';
import { bootHandlerModule, writeBuiltProject } from './support/built-project';

const CORE_ENTRY = join(__dirname, '../../src/index.js');

function handlerModule(): string {
  return `const core = require(${JSON.stringify(CORE_ENTRY)});
class Notes { create(title, tags) { return title + ':' + tags.join(','); } other(n) { return String(n); } }
for (const m of ['create', 'other']) core.Tool()(Notes.prototype, m, Object.getOwnPropertyDescriptor(Notes.prototype, m));
exports.Notes = Notes;
`;
}

// `uniqueItems` and `multipleOf` are outside the shared checker's subset (simple/), so these two
// schemas are validated by ajv: precompiled by the build, or compiled at boot.
const CREATE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, default: [] },
  },
  required: ['title'],
  additionalProperties: false,
};

/** Only keywords of the shared checker's subset. */
const SIMPLE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { title: { type: 'string', minLength: 1 }, tags: { type: 'array', items: { type: 'string' }, default: [] } },
  required: ['title'],
  additionalProperties: false,
};

const MANIFEST_CREATE = {
  kind: 'tool',
  params: [
    { index: 0, name: 'title', role: 'argument', required: true },
    { index: 1, name: 'tags', role: 'argument', required: false },
  ],
} as const;

/** Packages beyond ajv's run-time helpers that booting the app in `file` loads, in a fresh process. */
function heavyModules(file: string): string[] {
  const script = `
    require('reflect-metadata');
    const core = require(${JSON.stringify(CORE_ENTRY)});
    const di = require('@armature/di');
    const { Notes } = require(${JSON.stringify(file)});
    class Root {}
    di.Module({ handlers: [Notes] })(Root);
    core.Armature.create(Root, { name: 'p', version: '1' }).then(async (app) => {
      const heavy = Object.keys(require.cache)
        .filter((k) => /node_modules[\\\\/](ajv|ajv-formats|class-validator|class-transformer|libphonenumber-js)[\\\\/]/.test(k))
        .filter((k) => !/ajv[\\\\/]dist[\\\\/]runtime[\\\\/]|ajv-formats[\\\\/]dist[\\\\/]formats|package\\.json$/.test(k));
      console.log(JSON.stringify([...new Set(heavy.map((k) => k.split(/node_modules[\\\\/]/).pop().split(/[\\\\/]/)[0]))]));
      await app.close();
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: __dirname, encoding: 'utf8' }).trim()) as string[];
}

const MANIFEST: BuiltManifest = builtManifest({
  armature: 1,
  handlers: {
    'src/notes.js#Notes': {
      className: 'Notes',
      methods: {
        create: {
          kind: 'tool',
          params: [
            { index: 0, name: 'title', role: 'argument', required: true },
            { index: 1, name: 'tags', role: 'argument', required: false },
          ],
          inputSchema: CREATE_SCHEMA,
        },
        other: {
          kind: 'tool',
          params: [{ index: 0, name: 'n', role: 'argument', required: true }],
          inputSchema: {
            type: 'object',
            properties: { n: { type: 'integer', multipleOf: 1 } },
            required: ['n'],
            additionalProperties: false,
          },
        },
      },
    },
  },
});

describe('precompiled validators at boot', () => {
  let root: string;
  let count = 0;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'armature-precompiled-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A compiled-looking project: handler module, manifest and (unless told) validators file. */
  function project(withValidators: boolean, manifest: BuiltManifest = MANIFEST): { dir: string; file: string } {
    const dir = join(root, `p${count++}`);
    const file = writeBuiltProject(dir, 'notes', handlerModule(), manifest);
    if (withValidators) expect(writeValidatorsBeside(join(dir, 'dist'))).to.include({ count: 2, compiled: 2, written: true });
    return { dir, file };
  }

  const boot = (file: string, logger = new RecordingLogger()): Promise<Armature> => bootHandlerModule(file, 'Notes', 'precompiled', logger);

  async function answers(app: Armature): Promise<unknown[]> {
    const conn = await connectClient(app);
    const out = [];
    for (const args of [{ title: 'a' }, { title: 'a', tags: ['x'] }, {}, { title: '', tags: [1], extra: true }]) {
      out.push(await conn.client.callTool({ name: 'create', arguments: args }));
    }
    out.push(await conn.client.callTool({ name: 'other', arguments: { n: 1.5 } }));
    await conn.close();
    return out;
  }

  it('serves the same answers as validators compiled at boot', async () => {
    const logger = new RecordingLogger();
    const pre = await boot(project(true).file, logger);
    const compiled = await boot(project(false).file);
    expect(await answers(pre)).to.deep.equal(await answers(compiled));
    expect(logger.warnings).to.deep.equal([]);
    await pre.close();
    await compiled.close();
  });

  it('takes the validators from beside the manifest', async () => {
    const { dir, file } = project(true);
    const validators = join(dir, 'dist', VALIDATORS_FILE_NAME);
    const text = readFileSync(validators, 'utf8');
    // The first factory (create's schema) replaced by one that refuses everything with no issue listed.
    writeFileSync(
      validators,
      text
        .replace('exports.factories = [\n', 'exports.factories = [\nfunction () { const v = () => false; v.errors = []; return v; },\n')
        .replace(/\n(function \(require\)[\s\S]*?\n}),\n(?=function)/, '\n'),
    );
    const app = await boot(file);
    const conn = await connectClient(app);
    const result = await conn.client.callTool({ name: 'create', arguments: { title: 'fine' } });
    expect(result.isError).to.equal(true);
    await conn.close();
    await app.close();
  });

  it('generates no code for a schema the shared checker validates, and such an app never loads ajv', () => {
    const simple = builtManifest({
      armature: 1,
      handlers: {
        'src/notes.js#Notes': {
          className: 'Notes',
          methods: {
            create: { ...MANIFEST_CREATE, inputSchema: SIMPLE_SCHEMA },
            other: { ...MANIFEST_CREATE, inputSchema: SIMPLE_SCHEMA },
          },
        },
      },
    });
    const { dir, file } = project(false, simple);
    expect(writeValidatorsBeside(join(dir, 'dist'))).to.include({ count: 0, compiled: 0 });
    expect(heavyModules(file)).to.deep.equal([]);
  });

  it('loads neither ajv (beyond its run-time helpers and version) nor class-validator when every schema was precompiled and no tool takes a DTO', () => {
    const run = heavyModules;
    expect(run(project(true).file)).to.deep.equal([]);
    expect(run(project(false).file)).to.include('ajv');
  });
});
