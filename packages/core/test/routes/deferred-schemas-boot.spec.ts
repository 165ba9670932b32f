import 'reflect-metadata';
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Module } from '@armature/di';
import { serverMessageErrors } from '@armature/testing';
import { Armature } from '../../src/app/armature.app';
import { StdioServerTransport } from '../../src/transport/stdio.transport';
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

  /** tools/list over core's stdio transport on in-memory streams: the raw line of each answer. */
  async function rawLists(
    app: Armature,
  ): Promise<{ list: (params?: object) => Promise<string>; notified: () => number; close: () => Promise<void> }> {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    await app.connect(new StdioServerTransport({ stdin, stdout }));
    let id = 0;
    const lines = (): string[] => written.split('\n').filter((line) => line.length > 0);
    const answer = async (message: Record<string, unknown>): Promise<string> => {
      const mine = `{"jsonrpc":"2.0","id":${String(message.id)},`;
      stdin.write(`${JSON.stringify(message)}\n`);
      for (let turn = 0; turn < 200; turn++) {
        const line = lines().find((l) => l.startsWith(mine));
        if (line !== undefined) return line;
        await new Promise((r) => setImmediate(r));
      }
      throw new Error(`no answer to ${String(message.id)}`);
    };
    const clientInfo = { name: 't', version: '1' };
    await answer({
      jsonrpc: '2.0',
      id: id++,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
    });
    stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    return {
      list: (params = {}) => answer({ jsonrpc: '2.0', id: id++, method: 'tools/list', params }),
      notified: () => lines().filter((l) => l.includes('"method":"notifications/tools/list_changed"')).length,
      close: () => app.close(),
    };
  }

  /** The answer line re-serialized from its parsed form: equal when the spliced text is what JSON.stringify writes. */
  const reserialized = (line: string): string => JSON.stringify(JSON.parse(line));

  it('answers tools/list with the bytes of the uncached path, and a disabled, re-enabled or new tool changes the answer', async () => {
    const deferred = await boot(project(true).file);
    const eager = await boot(project(false).file);
    const a = await rawLists(deferred);
    const b = await rawLists(eager);
    try {
      const first = await a.list();
      expect(first).to.equal(await b.list());
      expect(first).to.equal(reserialized(first));
      expect(serverMessageErrors(JSON.parse(first), 'tools/list', '2025-11-25')).to.deep.equal([]);
      expect((JSON.parse(first) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).to.deep.equal([
        'search',
        'mail',
      ]);
      // The cached page's text is not served once the list changed.
      deferred.tools.disable('search');
      const disabled = await a.list();
      expect(a.notified()).to.equal(1);
      expect(JSON.parse(disabled).result.tools.map((t: { name: string }) => t.name)).to.deep.equal(['mail']);
      expect(disabled).to.equal(reserialized(disabled));
      deferred.tools.enable('search');
      expect((await a.list()).replace(/"id":\d+/, '')).to.equal(first.replace(/"id":\d+/, ''));
      deferred.tools.register({ name: 'extra', description: 'Added at run time.', inputSchema: { type: 'object' }, handler: () => 'x' });
      const grown = await a.list();
      expect(JSON.parse(grown).result.tools.map((t: { name: string }) => t.name)).to.deep.equal(['search', 'mail', 'extra']);
      expect(grown).to.equal(reserialized(grown));
      expect(a.notified()).to.equal(3);
      deferred.tools.remove('extra');
      expect((await a.list()).replace(/"id":\d+/, '')).to.equal(first.replace(/"id":\d+/, ''));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('pages a list of manifest tools with cursors: each page the bytes of the uncached path', async () => {
    const { file } = project(true);
    const cls = (require(file) as Record<string, new () => object>).Notes as new () => object;
    @Module({ handlers: [cls] })
    class Root {}
    const paged = await Armature.create(Root, { name: 'paged', version: '1', logger: new RecordingLogger(), pageSize: 1 });
    const a = await rawLists(paged);
    try {
      const first = await a.list();
      const { result } = JSON.parse(first) as { result: { tools: { name: string }[]; nextCursor: string } };
      expect(result.tools.map((t) => t.name)).to.deep.equal(['search']);
      expect(first).to.equal(reserialized(first));
      const second = await a.list({ cursor: result.nextCursor });
      expect(JSON.parse(second).result.tools.map((t: { name: string }) => t.name)).to.deep.equal(['mail']);
      expect(JSON.parse(second).result).to.not.have.property('nextCursor');
      expect(second).to.equal(reserialized(second));
      expect(serverMessageErrors(JSON.parse(second), 'tools/list', '2025-11-25')).to.deep.equal([]);
    } finally {
      await a.close();
    }
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
