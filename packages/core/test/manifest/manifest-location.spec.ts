import 'reflect-metadata';
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import type { BuiltManifest } from '../../src/manifest/manifest.types';
import { RecordingLogger } from '../app/support/app-client';
import { builtManifest } from '../app/support/manifest-builder';

const CORE_ENTRY = join(__dirname, '../../src/index.js');

/** Writes a compiled-looking handler module that uses the real decorators. */
function handlerModule(className: string): string {
  return `const core = require(${JSON.stringify(CORE_ENTRY)});
class ${className} { greet(name, ctx) { return 'hi ' + name + ' via ' + ctx.method; } }
core.Tool()(${className}.prototype, 'greet', Object.getOwnPropertyDescriptor(${className}.prototype, 'greet'));
exports.${className} = ${className};
`;
}

function manifest(key: string, className: string): BuiltManifest {
  return builtManifest({
    armature: 1,
    handlers: {
      [key]: {
        className,
        methods: {
          greet: {
            kind: 'tool',
            params: [
              { index: 0, name: 'name', role: 'argument', required: true },
              { index: 1, name: 'ctx', role: 'context' },
            ],
            inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
          },
        },
      },
    },
  });
}

describe('manifest location at boot', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'armature-manifest-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  function project(name: string, className: string, manifestKey: string | undefined): string {
    const dir = join(root, name);
    mkdirSync(join(dir, 'dist/src'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"name":"p","private":true}');
    const file = join(dir, 'dist/src', `${className}.js`);
    writeFileSync(file, handlerModule(className));
    if (manifestKey !== undefined)
      writeFileSync(join(dir, 'dist/armature.manifest.json'), JSON.stringify(manifest(manifestKey, className)));
    return file;
  }

  async function boot(file: string, className: string, logger = new RecordingLogger(), allowStaleManifest?: boolean): Promise<Armature> {
    const cls = (require(file) as Record<string, new () => object>)[className] as new () => object;
    @Module({ handlers: [cls] })
    class Root {}
    return Armature.create(Root, { name: 'located', version: '1', logger, allowStaleManifest });
  }

  it('finds armature.manifest.json above the compiled file and matches <relative path>#<ClassName>', async () => {
    const file = project('exact', 'ExactHandlers', 'src/ExactHandlers.js#ExactHandlers');
    const app = await boot(file, 'ExactHandlers');
    expect(app.tools.list()[0]?.inputSchema).to.deep.include({ required: ['name'] });
    await app.close();
  });

  it('falls back to a unique class name when the path differs', async () => {
    const file = project('renamed', 'MovedHandlers', 'lib/old-place.js#MovedHandlers');
    const app = await boot(file, 'MovedHandlers');
    expect(app.tools.list().map((t) => t.name)).to.deep.equal(['greet']);
    await app.close();
  });

  it('fails with ARM_ERR_SCHEMA_MISSING when no manifest exists within the package', async () => {
    const file = project('bare', 'BareHandlers', undefined);
    // A manifest above the package root must not be used.
    writeFileSync(
      join(root, 'armature.manifest.json'),
      JSON.stringify(manifest('bare/dist/src/BareHandlers.js#BareHandlers', 'BareHandlers')),
    );
    const error = await boot(file, 'BareHandlers').then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_SCHEMA_MISSING');
    expect(error?.message).to.include('BareHandlers.greet');
  });

  it('refuses to start when the compiled file is newer than the manifest (tsc ran without armature build), naming both and the command', async () => {
    const file = project('stale', 'StaleHandlers', 'src/StaleHandlers.js#StaleHandlers');
    const old = new Date(Date.now() - 60_000);
    const manifestFile = join(root, 'stale/dist/armature.manifest.json');
    utimesSync(manifestFile, old, old);
    const logger = new RecordingLogger();
    const error = await boot(file, 'StaleHandlers', logger).then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_MANIFEST_STALE');
    expect(error?.message).to.include(`Manifest ${manifestFile} is older than ${file}`);
    expect(error?.message).to.include('Run `armature build`');
    expect(error?.message).to.include('allowStaleManifest: true');
    expect(logger.warnings.filter((w) => w.includes('older than'))).to.deep.equal([]);
  });

  it('with allowStaleManifest, serves the older schemas and warns once', async () => {
    const file = project('stale-allowed', 'StaleAllowedHandlers', 'src/StaleAllowedHandlers.js#StaleAllowedHandlers');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'stale-allowed/dist/armature.manifest.json'), old, old);
    const logger = new RecordingLogger();
    const app = await boot(file, 'StaleAllowedHandlers', logger, true);
    expect(app.tools.list()[0]?.inputSchema).to.deep.include({ required: ['name'] });
    await app.close();
    expect(logger.warnings.filter((w) => w.includes('older than'))).to.have.length(1);
    expect(logger.warnings[0]).to.include('armature build');
  });

  it('refuses a manifest file in the inline form (format 1) and asks for armature build', async () => {
    const file = project('format1', 'OldHandlers', undefined);
    const inline = { armature: 1, handlers: { 'src/OldHandlers.js#OldHandlers': { className: 'OldHandlers', methods: {} } } };
    writeFileSync(join(root, 'format1/dist/armature.manifest.json'), JSON.stringify(inline));
    const error = await boot(file, 'OldHandlers').then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_MANIFEST_INVALID');
    expect(error?.message).to.include('format1/dist/armature.manifest.json');
    expect(error?.message).to.include('format version 1, written by an older armature build; this runtime reads versions 2 to 4');
    expect(error?.message).to.include('Regenerate it with `armature build`');
  });

  it('refuses a schema reference outside the schemas table', async () => {
    const file = project('badref', 'RefHandlers', undefined);
    const bad = manifest('src/RefHandlers.js#RefHandlers', 'RefHandlers');
    const greet = bad.handlers['src/RefHandlers.js#RefHandlers']?.methods.greet;
    writeFileSync(
      join(root, 'badref/dist/armature.manifest.json'),
      JSON.stringify({
        ...bad,
        handlers: { 'src/RefHandlers.js#RefHandlers': { className: 'RefHandlers', methods: { greet: { ...greet, inputSchema: 1 } } } },
      }),
    );
    const error = await boot(file, 'RefHandlers').then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_MANIFEST_INVALID');
    expect(error?.message).to.include('method "greet" "inputSchema" is not an index of "schemas"');
  });

  it('reports a corrupt manifest with its path', async () => {
    const file = project('corrupt', 'CorruptHandlers', undefined);
    writeFileSync(join(root, 'corrupt/dist/armature.manifest.json'), '{"armature": 1, "handlers": ');
    const error = await boot(file, 'CorruptHandlers').then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string },
    );
    expect(error?.code).to.equal('ARM_ERR_MANIFEST_INVALID');
    expect(error?.message).to.include('corrupt');
  });
});
