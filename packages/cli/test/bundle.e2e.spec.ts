import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { spawn } from 'node:child_process';
import { FIXTURE_COMPILER_OPTIONS, runArmature } from './support/fixture-project';
import { builtProjectPerSuite, type BuiltProject } from './support/built-project';
import { NOTES_HANDLERS } from './support/notes-handlers';
import { notesProjectPerSuite } from './support/notes-project';

/** Connects the SDK v1 client over stdio to `node <runner>` in the project; closed after the test. */
async function connect(project: BuiltProject, runner: string, env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [runner],
    cwd: project.dir,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bundle-e2e', version: '1.0.0' });
  await client.connect(transport);
  project.closeAfterTest(() => client.close());
  return client;
}

/** Closes the client and waits (bounded) until its server process has exited, so its exit hooks have run. */
async function closeAndWait(client: Client, cacheDir: string, expectCache: boolean): Promise<string[]> {
  await client.close();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const caches = fs.readdirSync(cacheDir).filter((name) => name.endsWith('.cache'));
    if (caches.length > 0 === expectCache || Date.now() > deadline) return caches;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function callText(client: Client, name: string, args: Record<string, unknown>): Promise<string | undefined> {
  const result = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; isError?: boolean };
  return result.isError === true ? `error: ${result.content[0]?.text}` : result.content[0]?.text;
}

describe('armature bundle packs a built app into one file that runs from a code cache (the SDK client over stdio)', function () {
  this.timeout(120_000);
  const project = notesProjectPerSuite();
  const runner = (): string => path.join(project.dir, 'dist/src/main.bundle.js');
  const packed = (): string => path.join(project.dir, 'dist/src/main.bundle.packed.js');

  before(() => {
    const bundled = runArmature(['bundle', 'dist/src/main.js'], project.dir);
    expect(bundled.status, bundled.stdout + bundled.stderr).to.equal(0);
    expect(bundled.stdout).to.match(
      /packed dist\/src\/main\.js into dist\/src\/main\.bundle\.packed\.js \(\d+ KB\); run node dist\/src\/main\.bundle\.js\./,
    );
    expect(bundled.stderr).to.equal('');
  });

  it('packs the framework and the dependencies in: the packed program requires none of them from node_modules', () => {
    const text = fs.readFileSync(packed(), 'utf8');
    for (const name of ['@armature/core', '@armature/di', 'reflect-metadata', 'class-validator', 'ajv'])
      expect(text, name).to.not.match(new RegExp(`require\\(["']${name.replace('/', '\\/')}["']\\)`));
    // The app imports class-validator itself, so core's requires of it and of class-transformer (its optional
    // peers, used together) are packed too: one instance each, shared with the app.
    expect(text).to.not.match(/require\("class-(validator|transformer)"\)/);
    // The framework packages' loaders were swapped for their bundles: no second code cache of their own.
    expect(text).to.not.contain('BUNDLE_DIGEST');
    expect(fs.existsSync(`${packed()}.map`)).to.equal(true);
  });

  it('serves every kind of method with the manifest found beside it, then writes its code cache at exit, which the next start uses', async () => {
    const dir = path.dirname(runner());
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.cache')) fs.rmSync(path.join(dir, name));
    const client = await connect(project, runner());
    const { tools } = await client.listTools();
    const add = tools.find((tool) => tool.name === 'add');
    // From the manifest: the JSDoc's description and parameter text (no design types were emitted).
    expect(add?.description).to.equal('Adds two numbers.');
    expect(add?.inputSchema.properties).to.deep.include({ a: { type: 'number', description: 'The first addend.' } });
    expect(await callText(client, 'add', { a: 2, b: 3 })).to.equal('5');
    expect(await callText(client, 'add', { a: 'two', b: 3 })).to.match(/^error: Invalid arguments for tool "add"/);
    expect(await callText(client, 'whoAsks', { name: 'ada' })).to.match(/^hello ada \(request \d+\)$/);
    expect(await callText(client, 'create', { title: 'GROCERIES' })).to.equal('note GROCERIES');
    expect(await callText(client, 'create', { title: 'groceries' })).to.match(
      /^error: Invalid arguments for tool "create"[\s\S]*uppercase/,
    );
    const read = await client.readResource({ uri: 'notes://readme' });
    expect((read.contents[0] as { text?: string }).text).to.equal('read me');
    const prompt = await client.getPrompt({ name: 'summarize', arguments: { topic: 'tides' } });
    expect(prompt.messages[0]?.content).to.deep.equal({ type: 'text', text: 'Summarize tides' });

    const caches = await closeAndWait(client, dir, true);
    expect(caches, 'the code cache written at exit').to.have.length(1);
    const cache = path.join(dir, caches[0] ?? '');
    const written = fs.statSync(cache).mtimeMs;
    expect(fs.statSync(cache).mode & 0o022, 'writable by its owner only').to.equal(0);

    // A second start compiles from it: it serves, and leaves the cache as it was (a rejected one is rewritten).
    const again = await connect(project, runner());
    expect(await callText(again, 'add', { a: 20, b: 22 })).to.equal('42');
    await closeAndWait(again, dir, true);
    expect(fs.statSync(cache).mtimeMs).to.equal(written);

    // A cache others could have written is never used: the next start ignores it and replaces it at exit.
    fs.chmodSync(cache, 0o666);
    const distrusting = await connect(project, runner());
    expect(await callText(distrusting, 'add', { a: 1, b: 2 })).to.equal('3');
    await distrusting.close();
    const deadline = Date.now() + 10_000;
    while ((fs.statSync(cache).mode & 0o022) !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.statSync(cache).mode & 0o777).to.equal(0o644);
    // Named after the packed file's digest: a packing with other text never meets this cache.
    const digest = createHash('sha256').update(fs.readFileSync(packed())).digest('hex').slice(0, 16);
    expect(path.basename(cache)).to.match(new RegExp(`^main\\.bundle\\.packed-${digest}-[0-9a-f]{8}\\.cache$`));
  });

  it('writes no code cache with ARMATURE_CODE_CACHE=off, and keeps it in the folder ARMATURE_CODE_CACHE names', async () => {
    const dir = path.dirname(runner());
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.cache')) fs.rmSync(path.join(dir, name));
    const off = await connect(project, runner(), { ARMATURE_CODE_CACHE: 'off' });
    expect(await callText(off, 'add', { a: 1, b: 1 })).to.equal('2');
    expect(await closeAndWait(off, dir, false)).to.deep.equal([]);

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-bundle-cache-'));
    try {
      const aside = await connect(project, runner(), { ARMATURE_CODE_CACHE: elsewhere });
      expect(await callText(aside, 'add', { a: 2, b: 2 })).to.equal('4');
      expect(await closeAndWait(aside, elsewhere, true)).to.have.length(1);
      expect(fs.readdirSync(dir).filter((name) => name.endsWith('.cache'))).to.deep.equal([]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('--out names the runner, wherever it is: the runner lists the manifests it was packed with', async () => {
    const bundled = runArmature(['bundle', 'dist/src/main.js', '--out', 'dist/server.js'], project.dir);
    expect(bundled.status, bundled.stderr).to.equal(0);
    expect(fs.existsSync(path.join(project.dir, 'dist/server.js'))).to.equal(true);
    expect(fs.existsSync(path.join(project.dir, 'dist/server.packed.js'))).to.equal(true);
    expect(bundled.stderr).to.equal('');

    // Outside the project (its own package.json between them): found through the runner's list.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-bundle-out-'));
    project.closeAfterTest(async () => fs.rmSync(outside, { recursive: true, force: true }));
    fs.writeFileSync(path.join(outside, 'package.json'), '{}');
    const away = runArmature(['bundle', 'dist/src/main.js', '--out', path.join(outside, 'server.js')], project.dir);
    expect(away.status, away.stderr).to.equal(0);
    expect(away.stderr).to.equal('');
    expect(fs.readFileSync(path.join(outside, 'server.js'), 'utf8')).to.match(/const MANIFESTS = \[".*dist\/armature\.manifest\.json"\];/);
    const client = await connect(project, path.join(outside, 'server.js'), { ARMATURE_CODE_CACHE: 'off' });
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'add')?.description).to.equal('Adds two numbers.');
  });

  it('warns when no packed file has a manifest above it', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-bundle-bare-'));
    try {
      fs.writeFileSync(path.join(bare, 'package.json'), '{}');
      fs.writeFileSync(path.join(bare, 'main.js'), "console.log('no handlers');\n");
      const bundled = runArmature(['bundle', 'main.js'], bare);
      expect(bundled.status, bundled.stderr).to.equal(0);
      expect(bundled.stderr).to.contain('warning: none of the packed files has an armature.manifest.json above it');
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it('--external leaves a package out: the packed program requires it from node_modules, and serves', async () => {
    const bundled = runArmature(['bundle', 'dist/src/main.js', '--out', 'dist/src/lean.js', '--external', 'class-validator'], project.dir);
    expect(bundled.status, bundled.stderr).to.equal(0);
    const text = fs.readFileSync(path.join(project.dir, 'dist/src/lean.packed.js'), 'utf8');
    expect(text).to.match(/require\("class-validator"\)/);
    expect(text).to.not.match(/require\("@armature\/core"\)/);
    const client = await connect(project, path.join(project.dir, 'dist/src/lean.js'), { ARMATURE_CODE_CACHE: 'off' });
    expect(await callText(client, 'create', { title: 'groceries' })).to.match(
      /^error: Invalid arguments for tool "create"[\s\S]*uppercase/,
    );
  });

  it("leaves a framework bundle's require of a package that is not installed (an optional peer) to run time", () => {
    const framework = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-bundle-peer-'));
    try {
      // A package shaped like Armature's: a generated loader (its mark) beside a bundle that requires an optional peer.
      fs.mkdirSync(path.join(framework, 'node_modules/shaped-like-core/dist'), { recursive: true });
      fs.writeFileSync(path.join(framework, 'package.json'), '{}');
      fs.writeFileSync(
        path.join(framework, 'node_modules/shaped-like-core/dist/load.js'),
        "const BUNDLE_DIGEST = '0';\nmodule.exports = (id) => require('./bundle.js')[id]();\n",
      );
      fs.writeFileSync(
        path.join(framework, 'node_modules/shaped-like-core/dist/bundle.js'),
        "module.exports = { index: () => ({ peer: () => require('an-optional-peer-nobody-installed') }) };\n",
      );
      fs.writeFileSync(
        path.join(framework, 'node_modules/shaped-like-core/package.json'),
        JSON.stringify({ name: 'shaped-like-core', main: 'dist/load.js' }),
      );
      fs.writeFileSync(
        path.join(framework, 'main.js'),
        "const load = require('shaped-like-core');\nconsole.log(typeof load('index').peer);\n",
      );
      const bundled = runArmature(['bundle', 'main.js'], framework);
      expect(bundled.status, bundled.stderr).to.equal(0);
      expect(fs.readFileSync(path.join(framework, 'main.bundle.packed.js'), 'utf8')).to.contain(
        'require("an-optional-peer-nobody-installed")',
      );
    } finally {
      fs.rmSync(framework, { recursive: true, force: true });
    }
  });

  it("fails with esbuild's message when the entry imports what cannot be resolved", () => {
    fs.writeFileSync(path.join(project.dir, 'dist/src/broken.js'), "require('./main');\nrequire('a-package-nobody-installed');\n");
    const broken = runArmature(['bundle', 'dist/src/broken.js'], project.dir);
    expect(broken.status).to.equal(1);
    expect(broken.stderr).to.contain('armature: esbuild could not pack dist/src/broken.js:');
    expect(broken.stderr).to.contain('Could not resolve "a-package-nobody-installed"');
    expect(fs.existsSync(path.join(project.dir, 'dist/src/broken.bundle.js'))).to.equal(false);
  });

  it('refuses an entry that is not a built .js file, and a runner that would overwrite it', () => {
    const missing = runArmature(['bundle', 'dist/src/nowhere.js'], project.dir);
    expect(missing.status).to.equal(1);
    expect(missing.stderr).to.contain('dist/src/nowhere.js: no such file (run armature build first).');
    const source = runArmature(['bundle', 'src/main.ts'], project.dir);
    expect(source.status).to.equal(1);
    expect(source.stderr).to.contain('src/main.ts: the entry must be a compiled .js file');
    const same = runArmature(['bundle', 'dist/src/main.js', '--out', 'dist/src/main.js'], project.dir);
    expect(same.status).to.equal(1);
    expect(same.stderr).to.contain('the runner would overwrite the entry');
    const none = runArmature(['bundle'], project.dir);
    expect(none.status).to.equal(2);
    expect(none.stderr).to.contain('bundle needs the compiled entry');
  });
});

const PLUGIN = `import { Tool } from '@armature/core';
import { Module } from '@armature/di';

export class PluginTools {
  /** Shouts the text. */
  @Tool()
  shout(text: string): string {
    return text.toUpperCase();
  }
}

@Module({ handlers: [PluginTools] })
export class PluginModule {}
`;

const APP_WITH_PLUGIN = `import 'reflect-metadata';
import { Armature, Tool } from '@armature/core';
import { Module } from '@armature/di';
import { PluginModule } from 'notes-plugin';

export class AppTools {
  /** Echoes the text. */
  @Tool()
  echo(text: string): string {
    return text;
  }
}

@Module({ imports: [PluginModule], handlers: [AppTools] })
class AppModule {}

void Armature.create(AppModule, { name: 'app', version: '1.0.0' }).then((app) => app.listen());
`;

describe('armature bundle with a plugin package that has its own manifest (the SDK client over stdio)', function () {
  this.timeout(120_000);
  const plugin = 'node_modules/notes-plugin';
  const project = builtProjectPerSuite(
    {
      [`${plugin}/package.json`]: JSON.stringify({
        name: 'notes-plugin',
        version: '1.0.0',
        main: 'dist/src/index.js',
        types: 'dist/src/index.d.ts',
      }),
      [`${plugin}/tsconfig.json`]: JSON.stringify({
        compilerOptions: { ...FIXTURE_COMPILER_OPTIONS, declaration: true },
        include: ['src'],
      }),
      [`${plugin}/src/index.ts`]: PLUGIN,
      'src/main.ts': APP_WITH_PLUGIN,
    },
    [],
    { before: [['build', '-p', plugin]] },
  );

  it("finds each packed class's schemas in its own project's manifest: the app's and the plugin's", async () => {
    const bundled = runArmature(['bundle', 'dist/src/main.js'], project.dir);
    expect(bundled.status, bundled.stderr).to.equal(0);
    // No packed file imports class-validator: core's require of it (an optional peer) stays a run-time one.
    const packedText = fs.readFileSync(path.join(project.dir, 'dist/src/main.bundle.packed.js'), 'utf8');
    expect(packedText).to.contain('require("class-validator")');
    const runnerText = fs.readFileSync(path.join(project.dir, 'dist/src/main.bundle.js'), 'utf8');
    expect(runnerText).to.contain(
      'const MANIFESTS = ["../armature.manifest.json","../../node_modules/notes-plugin/dist/armature.manifest.json"];',
    );
    const client = await connect(project, 'dist/src/main.bundle.js', { ARMATURE_CODE_CACHE: 'off' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.description])).to.deep.equal([
      ['echo', 'Echoes the text.'],
      ['shout', 'Shouts the text.'],
    ]);
    expect(await callText(client, 'shout', { text: 'quiet' })).to.equal('QUIET');
    expect(await callText(client, 'shout', { text: 3 })).to.match(/^error: Invalid arguments for tool "shout"/);
  });

  it('refuses to pack two handler classes of one name, naming both', () => {
    fs.writeFileSync(
      path.join(project.dir, 'src/clash.ts'),
      "import { Tool } from '@armature/core';\n\nexport class PluginTools {\n  @Tool()\n  whisper(text: string): string {\n    return text.toLowerCase();\n  }\n}\n",
    );
    const built = runArmature(['build'], project.dir);
    expect(built.status, built.stdout + built.stderr).to.equal(0);
    const bundled = runArmature(['bundle', 'dist/src/main.js'], project.dir);
    expect(bundled.status).to.equal(1);
    expect(bundled.stderr).to.match(
      /two handler classes are named PluginTools: .*armature\.manifest\.json \(.*#PluginTools\) and .*armature\.manifest\.json \(.*#PluginTools\)\. A packed app finds each handler class's schemas by its name; rename one\./,
    );
  });
});

const HTTP_MAIN = `import 'reflect-metadata';
import { Armature } from '@armature/core';
import { Module } from '@armature/di';
import { listenHttp } from '@armature/http';
import { Greeter, Notes } from './notes.handlers';

// The fixture compiles without Node's types.
declare const process: { stdout: { write(text: string): void }; once(event: 'SIGTERM', listener: () => void): void; exit(code: number): never };

@Module({ providers: [Greeter], handlers: [Notes] })
class NotesModule {}

void (async () => {
  const app = await Armature.create(NotesModule, { name: 'notes', version: '1.0.0' });
  const handle = await listenHttp(app, { host: '127.0.0.1', port: 0 });
  process.stdout.write(JSON.stringify({ url: handle.url }) + '\\n');
  process.once('SIGTERM', () => void handle.close(1000).then(() => app.close()).then(() => process.exit(0)));
})();
`;

describe('armature bundle: a packed Streamable HTTP server, through the SDK v2 client (2026-07-28) and v1 (2025-11-25)', function () {
  this.timeout(120_000);
  const project = builtProjectPerSuite({ 'src/notes.handlers.ts': NOTES_HANDLERS, 'src/main.ts': HTTP_MAIN }, [
    'class-validator',
    'class-transformer',
    '@armature/http',
  ]);

  /** Starts `node <runner>`; resolves its URL. Stopped with SIGTERM (and awaited) after the test. */
  async function serve(runner: string): Promise<{ url: string; stop: () => void; exited: Promise<number | null> }> {
    const child = spawn(process.execPath, [runner], { cwd: project.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    project.closeAfterTest(async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no URL within 20 s; stderr: ${stderr}`)), 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n')[0];
        if (out.includes('\n') && line !== undefined) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        }
      });
      child.once('exit', () => reject(new Error(`exited before listening; stderr: ${stderr}`)));
    });
    return { url, stop: () => child.kill('SIGTERM'), exited };
  }

  it('serves both revisions with the manifest schemas, and exits on SIGTERM writing its code cache', async () => {
    const bundled = runArmature(['bundle', 'dist/src/main.js'], project.dir);
    expect(bundled.status, bundled.stderr).to.equal(0);
    const { url, stop, exited } = await serve('dist/src/main.bundle.js');

    const v2 = new ClientV2({ name: 'bundle-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await v2.connect(new HttpTransportV2(new URL(url)));
    project.closeAfterTest(() => v2.close());
    const listed = await v2.listTools();
    expect(listed.tools.find((tool) => tool.name === 'add')?.description).to.equal('Adds two numbers.');
    const sum = (await v2.callTool({ name: 'add', arguments: { a: 2, b: 40 } })) as { content: { text: string }[] };
    expect(sum.content[0]?.text).to.equal('42');
    const dto = (await v2.callTool({ name: 'create', arguments: { title: 'lower' } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(dto.isError).to.equal(true);
    expect(dto.content[0]?.text).to.match(/uppercase/);

    const v1 = new Client({ name: 'bundle-v1', version: '1.0.0' });
    await v1.connect(new StreamableHTTPClientTransport(new URL(url)));
    project.closeAfterTest(() => v1.close());
    expect(await callText(v1, 'whoAsks', { name: 'ada' })).to.match(/^hello ada \(request \d+\)$/);

    await v1.close();
    await v2.close();
    const dir = path.join(project.dir, 'dist/src');
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.cache'))).to.deep.equal([]);
    stop();
    expect(await exited).to.equal(0);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.cache'))).to.have.length(1);
  });
});
