import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { Armature, silentLogger, type RootModule } from '@armature/core';
import { listenHttp } from '@armature/http';
import {
  CLIENT_KINDS,
  connectScenarioClient,
  until,
  type ClientKind,
  type ScenarioClient,
  type ScenarioEndpoint,
} from '@armature/transport-fixtures';
import { CLASHING_APP, MOUNTED_APP, createSearchWorkspace, removeSearchWorkspace, writeAppModule } from './support/search-plugins';

const ARMATURE_BIN = path.resolve(__dirname, '../../../packages/cli/dist/src/bin/armature.js');

function armatureBuild(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [ARMATURE_BIN, 'build', '-p', 'app'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function appModule(dir: string): RootModule {
  const file = path.join(dir, 'app/dist/src/app.module.js');
  delete require.cache[file];
  return (require(file) as { AppModule: RootModule }).AppModule;
}

function textOf(result: { readonly content: readonly unknown[] }): string {
  return (result.content[0] as { text?: string } | undefined)?.text ?? '';
}

/** The mounted app's surface, driven by each official SDK client (SDK v1 on 2025-11-25, SDK v2 on 2026-07-28). */
function servedToEveryClient(endpoint: () => ScenarioEndpoint): void {
  for (const kind of Object.keys(CLIENT_KINDS) as ClientKind[]) {
    describe(CLIENT_KINDS[kind].title, () => {
      let client: ScenarioClient;
      before(async () => {
        client = await connectScenarioClient(kind, endpoint());
        expect(client.negotiatedVersion()).to.equal(CLIENT_KINDS[kind].revision);
      });
      after(async () => {
        client.wire.assertClean();
        await client.close();
      });

      it('lists and calls both search tools under their prefixes', async () => {
        expect((await client.listToolNames()).sort()).to.deep.equal(['code_search', 'docs_edit', 'docs_search']);
        expect(textOf(await client.callTool('docs_search', { query: 'npm' }))).to.equal('install');
        expect(textOf(await client.callTool('code_search', { query: 'parse' }))).to.equal('code matching parse');
      });

      it('reads a templated resource and a fixed one through the prefix', async () => {
        const page = await client.readResource('docs://docs/pages/install');
        expect(page.contents[0]).to.deep.include({ uri: 'docs://docs/pages/install', mimeType: 'text/plain', text: 'Run npm install.' });
        expect((await client.readResource('code://code/index')).contents[0]).to.deep.include({ uri: 'code://code/index', text: 'main.ts' });
      });

      it('gets a prompt and completes its argument and the template variable through the prefix', async () => {
        const prompt = await client.getPrompt('docs_summarize', { slug: 'install' });
        expect(JSON.stringify(prompt.messages)).to.include('Run npm install.');
        expect(await client.complete({ type: 'ref/prompt', name: 'docs_summarize' }, { name: 'slug', value: 'in' })).to.deep.equal([
          'intro',
          'install',
        ]);
        expect(
          await client.complete({ type: 'ref/resource', uri: 'docs://docs/pages/{slug}' }, { name: 'slug', value: 'ins' }),
        ).to.deep.equal(['install']);
      });

      it('sends resources/updated under the prefix when the plugin reports its own URI', async () => {
        const watch = await client.watch('docs://docs/pages/intro');
        try {
          expect(watch.honoured).to.deep.equal(['docs://docs/pages/intro']);
          await client.callTool('docs_edit', { slug: 'intro', text: `Edited by ${kind}.` });
          await until(() => watch.updates.length > 0, 'the resources/updated notification', 10_000);
          expect(watch.updates.map((u) => u.uri)).to.deep.equal(['docs://docs/pages/intro']);
          expect((await client.readResource('docs://docs/pages/intro')).contents[0]?.text).to.equal(`Edited by ${kind}.`);
        } finally {
          await watch.close();
        }
      });
    });
  }
}

describe('two workspace plugin packages that both serve a `search` tool', function () {
  this.timeout(180_000);
  let dir: string;

  before(() => {
    dir = createSearchWorkspace(CLASHING_APP);
  });
  after(() => removeSearchWorkspace(dir));

  it('armature build reports the clash before the app boots, with both definitions’ file:line', () => {
    const { status, output } = armatureBuild(dir);
    expect(status, output).to.equal(1);
    const [line] = output.split('\n').filter((l) => l.includes('ARM_ERR_DUPLICATE_NAME'));
    expect(line, output).to.be.a('string');
    // Where the second definition is (from the folder the build ran in), then the first one (from the app's project).
    expect(line).to.match(/^search-code\/src\/code\.handlers\.ts:10:1 - error ARM_ERR_DUPLICATE_NAME: CodeHandlers\.search: /);
    expect(line).to.include('the tool name "search" is already used by DocsHandlers.search (../search-docs/src/docs.handlers.ts:16)');
    expect(line).to.include('both are served by AppModule (src/app.module.ts:6)');
    expect(line).to.include('mount(Module, { prefix })');
  });

  it('and the app refuses to boot on it (ARM_ERR_DUPLICATE_NAME naming both)', async () => {
    const error = await Armature.create(appModule(dir), { name: 'clash', version: '1.0.0', logger: silentLogger }).then(
      async (app) => {
        await app.close();
        return undefined;
      },
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(error?.code).to.equal('ARM_ERR_DUPLICATE_NAME');
    expect(error?.message).to.include('DocsHandlers.search').and.to.include('CodeHandlers.search');
  });

  describe('mounted under prefixes', () => {
    before(() => {
      writeAppModule(dir, MOUNTED_APP);
      const { status, output } = armatureBuild(dir);
      expect(status, output).to.equal(0);
    });

    describe('over Streamable HTTP (127.0.0.1, a free port)', () => {
      let close: (() => Promise<void>) | undefined;
      let url = '';

      before(async () => {
        const app = await Armature.create(appModule(dir), { name: 'mounts', version: '1.0.0', logger: silentLogger });
        try {
          const http = await listenHttp(app, { port: 0, host: '127.0.0.1' });
          url = http.url;
          close = async () => {
            try {
              await http.close(100);
            } finally {
              await app.close();
            }
          };
        } catch (error) {
          await app.close();
          throw error;
        }
      });
      after(() => close?.());

      servedToEveryClient(() => ({ kind: 'http', url }));
    });

    describe('over stdio (each client spawns the built app)', () => {
      servedToEveryClient(() => ({ kind: 'stdio', command: process.execPath, args: [path.join(dir, 'app/dist/src/main.js')] }));
    });
  });
});
