import 'reflect-metadata';
import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArmatureError } from '@armature/di';
import { BOOT_FILE_NAME, readBootFile } from '../../src/manifest/boot-file';
import { writeBootFileBeside } from '../../src/manifest/boot-file-build';
import { ManifestFileCache } from '../../src/manifest/manifest-file';
import { checkManifest } from '../../src/manifest/manifest-format';
import { decodeParamList } from '../../src/manifest/param-list-text';
import { MANIFEST_FILE_NAME, type BuiltManifest } from '../../src/manifest/manifest.types';
import { arg, builtManifest, ctx } from '../app/support/manifest-builder';

/** A built manifest with what a real one carries: shared and distinct schemas, texts a line split must not cut, forms, modules. */
function realisticManifest(): BuiltManifest {
  const tricky = {
    type: 'object',
    properties: {
      note: { type: 'string', description: 'Line one\nline two\r\n\u2028separated\u2029 “quoted” \\ back\\slash é 🚀', default: 'a\nb' },
      tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+\\n?$' } },
    },
    required: ['note'],
    additionalProperties: false,
  };
  const plain = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false };
  const built = builtManifest({
    armature: 1,
    generator: 'test',
    handlers: {
      'src/notes.js#Notes': {
        className: 'Notes',
        source: 'src/notes.ts:3',
        methods: {
          write: {
            kind: 'tool',
            description: 'Writes a note.\nTwo lines.',
            params: [arg(0, 'note'), arg(1, 'tags', false), ctx(2)],
            inputSchema: tricky,
          },
          find: {
            kind: 'tool',
            params: [arg(0, 'q')],
            inputSchema: plain,
            outputSchema: { type: 'object', properties: { result: { type: 'string' } } },
          },
          again: { kind: 'tool', params: [arg(0, 'q')], inputSchema: plain },
        },
      },
    },
  });
  return {
    ...built,
    sourceHash: 'sha256-test',
    modules: { 'src/app.js#AppModule': [{ kind: 'tool', name: 'write', owner: 'Notes.write', source: '../src/notes.ts:5' }] },
  };
}

describe('the manifest boot copy (armature.boot.jsonl)', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'armature-boot-'));
    dir = join(root, 'dist');
    mkdirSync(dir);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function writeManifest(manifest: object): string {
    const file = join(dir, MANIFEST_FILE_NAME);
    writeFileSync(file, `${JSON.stringify(manifest)}\n`);
    return file;
  }

  /** What a boot reads for the manifest in `dir`, through a fresh cache. */
  function boot() {
    const found = new ManifestFileCache().nearest(join(dir, 'src', 'notes.js'));
    if (found === undefined) throw new Error('no manifest found');
    return found;
  }

  /** The boot copy with its head's manifest changed by `edit` (the stamp kept). */
  function editCopy(edit: (manifest: Record<string, unknown>) => void): void {
    const file = join(dir, BOOT_FILE_NAME);
    const text = readFileSync(file, 'utf8');
    const newline = text.indexOf('\n');
    const head = JSON.parse(text.slice(0, newline)) as { manifest: Record<string, unknown> };
    edit(head.manifest);
    writeFileSync(file, JSON.stringify(head) + text.slice(newline));
  }

  it('holds the manifest without its schemas and modules in line 1, then one schema text per line, and loads as the manifest does', () => {
    const manifest = realisticManifest();
    const file = writeManifest(manifest);
    const result = writeBootFileBeside(dir, manifest);
    expect(result).to.deep.equal({ file: join(dir, BOOT_FILE_NAME), written: true, schemas: manifest.schemas.length });
    const lines = readFileSync(result.file, 'utf8').split('\n');
    expect(lines.at(-1)).to.equal('');
    const head = JSON.parse(lines[0] as string) as { manifest: Record<string, unknown>; schemaCount: number };
    expect(head.schemaCount).to.equal(manifest.schemas.length);
    expect(head.manifest).to.not.have.any.keys('schemas', 'modules');
    expect(head.manifest.sourceHash).to.equal('sha256-test');
    expect(lines.slice(1, -1)).to.deep.equal(manifest.schemas);

    const read = boot();
    const expected = checkManifest(JSON.parse(readFileSync(file, 'utf8')), file, 'file');
    expect(JSON.stringify(read.manifest.handlers)).to.equal(JSON.stringify(expected.handlers));
    for (let i = 0; i < expected.schemas.size; i++) {
      expect(read.manifest.schemas.text(i)).to.equal(expected.schemas.text(i));
      expect(read.manifest.schemas.get(i)).to.deep.equal(expected.schemas.get(i));
    }
    expect(read.manifest.schemas.get(0)).to.have.nested.property('properties.note.description').that.includes('\u2028separated');
  });

  it('is what a boot reads while the manifest keeps the size and time it records', () => {
    const manifest = realisticManifest();
    writeManifest(manifest);
    writeBootFileBeside(dir);
    // A copy that differs from the manifest (never written so) shows which file the boot read.
    editCopy(
      (m) =>
        (((m.handlers as BuiltManifest['handlers'])['src/notes.js#Notes']!.methods.find as { description?: string }).description =
          'from the copy'),
    );
    expect(boot().manifest.handlers['src/notes.js#Notes']?.methods.find?.description).to.equal('from the copy');
  });

  it('is passed over once the manifest was edited or touched: the manifest is read', () => {
    const manifest = realisticManifest();
    const file = writeManifest(manifest);
    writeBootFileBeside(dir);
    editCopy(
      (m) =>
        (((m.handlers as BuiltManifest['handlers'])['src/notes.js#Notes']!.methods.find as { description?: string }).description =
          'from the copy'),
    );
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect(boot().manifest.handlers['src/notes.js#Notes']?.methods.find?.description).to.equal(undefined);
  });

  it('is passed over when damaged: the manifest is read', () => {
    const manifest = realisticManifest();
    writeManifest(manifest);
    const copy = join(dir, BOOT_FILE_NAME);
    const damages: ((text: string) => string)[] = [
      (text) => text.slice(0, -40), // cut short
      (text) => text.replace('\n', '\n{"extra":1}\n'), // one schema too many
      (text) => `{not json${text.slice(text.indexOf('\n'))}`,
      (text) => text.replace('"armatureBoot":1', '"armatureBoot":99'),
      (text) => text.replace(/\n\{[^\n]*\n$/, '\n[1]\n'), // a schema line that is no object
      (text) => text.replace(/"paramLists":\[/, '"paramLists":[7,'),
      () => '',
    ];
    for (const damage of damages) {
      writeBootFileBeside(dir);
      writeFileSync(copy, damage(readFileSync(copy, 'utf8')));
      const read = boot();
      expect(read.manifest.schemas.size).to.equal(manifest.schemas.length);
      expect(Object.keys(read.manifest.handlers)).to.deep.equal(['src/notes.js#Notes']);
    }
  });

  it("does not hide the manifest's own faults: a broken manifest fails the boot even beside an old copy", () => {
    writeManifest(realisticManifest());
    writeBootFileBeside(dir);
    writeFileSync(join(dir, MANIFEST_FILE_NAME), '{"armature":4,');
    expect(() => boot()).to.throw(ArmatureError, /Cannot read manifest/);
  });

  it('is not written for a manifest whose schemas are objects (format 2), and an old copy is removed', () => {
    writeManifest(realisticManifest());
    writeBootFileBeside(dir);
    const built = realisticManifest();
    const objects = {
      ...built,
      armature: 2,
      paramLists: built.paramLists.map((list) => (typeof list === 'string' ? decodeParamList(list) : list)),
      schemas: built.schemas.map((text) => JSON.parse(text) as object),
    };
    writeManifest(objects);
    expect(writeBootFileBeside(dir)).to.deep.include({ written: false });
    expect(existsSync(join(dir, BOOT_FILE_NAME))).to.equal(false);
    expect(boot().manifest.schemas.size).to.equal(objects.schemas.length);
  });

  it('keeps the digest of the manifest bytes (what the validators file and the tool index are bound to)', () => {
    const file = writeManifest(realisticManifest());
    writeBootFileBeside(dir);
    const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(boot().digest()).to.equal(digest);
  });

  it('reads an empty schema list', () => {
    const empty = { armature: 4, paramLists: [], schemas: [], handlers: {} };
    writeManifest(empty);
    writeBootFileBeside(dir);
    const stamp = boot().stamp;
    expect(readBootFile(dir, stamp)).to.deep.equal({ armature: 4, paramLists: [], handlers: {}, schemas: [] });
  });
});
