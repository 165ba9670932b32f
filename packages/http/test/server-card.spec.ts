import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@armature/core';
import { createKernelApp } from './support/kernel-app';
import { Opened } from './support/servers';
import { spawn, type ChildProcess } from 'node:child_process';

const CARD_SCHEMA_FILE = path.join(__dirname, '..', '..', 'schemas', 'server-card', 'server-card.schema.json');

/** The vendored Server Card schema (2020-12), compiled on its own. */
function cardValidator(): (data: unknown) => boolean {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = JSON.parse(fs.readFileSync(CARD_SCHEMA_FILE, 'utf8')) as { $defs: Record<string, unknown> };
  // The file holds definitions only; the card is its `ServerCard`.
  return ajv.compile({ ...schema, $ref: '#/$defs/ServerCard' });
}

/** What `armature build` leaves in dist/ for a package with `armature.registry`: server.json and the manifest beside it. */
function buildOutput(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'armature-card-'));
  const serverJson = {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'io.github.acme/weather',
    title: 'Weather',
    description: 'Forecasts for any city.',
    version: '1.4.2',
    repository: { url: 'https://github.com/acme/weather', source: 'github' },
    packages: [{ registryType: 'npm', identifier: '@acme/weather-mcp', version: '1.4.2', transport: { type: 'stdio' } }],
  };
  const manifest = {
    armature: 4,
    handlers: {
      'src/weather.handlers.js#WeatherHandlers': {
        className: 'WeatherHandlers',
        methods: {
          forecast: { kind: 'tool', name: 'forecast', description: "Today's forecast for a city.", inputSchema: 0 },
          cities: { kind: 'resource', uri: 'weather://cities', description: 'Every city with a forecast.' },
          city: { kind: 'resourceTemplate', uri: 'weather://cities/{name}' },
          brief: { kind: 'prompt', name: 'brief', description: 'A morning weather brief.' },
        },
      },
    },
  };
  fs.writeFileSync(path.join(dir, 'server.json'), JSON.stringify(serverJson));
  fs.writeFileSync(path.join(dir, 'armature.manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('listenHttp experimentalServerCard (SEP-2127 draft), over real HTTP', () => {
  const opened = new Opened();
  let dir: string;
  beforeEach(() => {
    dir = buildOutput();
  });
  afterEach(async () => {
    await opened.closeAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a card valid against the Server Card schema at <endpoint>/server-card, beside a working MCP endpoint', async () => {
    const handle = await opened.listen(createKernelApp(), { experimentalServerCard: { serverJson: path.join(dir, 'server.json') } });
    const response = await fetch(`${handle.url}/server-card`, { headers: { accept: 'application/mcp-server-card+json' } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/mcp-server-card+json');
    expect(response.headers.get('access-control-allow-origin')).to.equal('*');
    expect(response.headers.get('cache-control')).to.equal('public, max-age=3600');
    const card = (await response.json()) as Record<string, unknown>;
    const validate = cardValidator();
    expect(validate(card), JSON.stringify(card)).to.equal(true);
    expect(card).to.include({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'io.github.acme/weather',
      version: '1.4.2',
      title: 'Weather',
    });
    expect(card).to.not.have.property('packages');
    // The MCP endpoint beside it still works, and speaks a version the card names.
    const { transport } = await opened.client(handle.url);
    expect(card.remotes).to.deep.equal([
      { type: 'streamable-http', url: handle.url, supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS] },
    ]);
    expect(SUPPORTED_PROTOCOL_VERSIONS).to.include(transport.protocolVersion);
    expect(card._meta).to.deep.equal({
      'dev.armature/primitives': {
        tools: [{ name: 'forecast', description: "Today's forecast for a city." }],
        resources: [{ uri: 'weather://cities', description: 'Every city with a forecast.' }],
        resourceTemplates: [{ uriTemplate: 'weather://cities/{name}' }],
        prompts: [{ name: 'brief', description: 'A morning weather brief.' }],
      },
    });
    const etag = response.headers.get('etag');
    expect(etag).to.match(/^"[\w-]+"$/);
    const again = await fetch(`${handle.url}/server-card`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).to.equal(304);
    const post = await fetch(`${handle.url}/server-card`, { method: 'POST', body: '{}' });
    expect(post.status).to.equal(405);
    expect(post.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
  });

  it('takes the public URL and can leave the primitives out', async () => {
    const handle = await opened.listen(createKernelApp(), {
      experimentalServerCard: { serverJson: path.join(dir, 'server.json'), url: 'https://weather.acme.example/mcp', listPrimitives: false },
    });
    const card = (await (await fetch(`${handle.url}/server-card`)).json()) as Record<string, unknown>;
    expect(cardValidator()(card)).to.equal(true);
    expect((card.remotes as { url: string }[])[0]?.url).to.equal('https://weather.acme.example/mcp');
    expect(card).to.not.have.property('_meta');
  });

  it('is absent when the option is off (the default): 404 like any other path', async () => {
    const handle = await opened.listen(createKernelApp());
    const response = await fetch(`${handle.url}/server-card`);
    expect(response.status).to.equal(404);
    expect(response.headers.get('content-type')).to.equal('application/json');
  });

  it('with `true`, finds the server.json armature build put beside the manifest above the entry script', async () => {
    // A built app's layout: dist/server.json and dist/armature.manifest.json, the entry in dist/src/.
    // The folder sits inside the package so the entry resolves @armature/http from the workspace.
    const app = fs.mkdtempSync(path.join(__dirname, '..', '.card-app-'));
    const child = { process: undefined as ChildProcess | undefined };
    try {
      for (const name of ['server.json', 'armature.manifest.json']) fs.copyFileSync(path.join(dir, name), path.join(app, name));
      fs.mkdirSync(path.join(app, 'src'));
      fs.writeFileSync(
        path.join(app, 'src', 'main.js'),
        `const { listenHttp } = require('@armature/http');
const app = { connect: () => Promise.reject(new Error('no MCP here')) };
listenHttp(app, { port: 0, experimentalServerCard: true }).then((h) => process.stdout.write(h.url + '\\n'));
`,
      );
      const started = spawn(process.execPath, [path.join(app, 'src', 'main.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.process = started;
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the child did not listen within 10 s')), 10_000);
        started.stdout?.once('data', (chunk: Buffer) => {
          clearTimeout(timer);
          resolve(chunk.toString('utf8').trim());
        });
        started.once('exit', (code) => reject(new Error(`the child exited with ${code}`)));
      });
      const card = (await (await fetch(`${url}/server-card`)).json()) as Record<string, unknown>;
      expect(cardValidator()(card)).to.equal(true);
      expect(card.name).to.equal('io.github.acme/weather');
    } finally {
      if (child.process && child.process.exitCode === null) {
        const exited = new Promise((resolve) => child.process?.once('exit', resolve));
        child.process.kill();
        await exited;
      }
      fs.rmSync(app, { recursive: true, force: true });
    }
  });

  it('refuses to listen without a server.json, saying what to run', async () => {
    let failure: unknown;
    try {
      await opened.listen(createKernelApp(), { experimentalServerCard: { serverJson: path.join(dir, 'missing.json') } });
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message).to.contain('experimentalServerCard needs the server.json armature build writes');
    expect((failure as Error).message).to.contain('run armature build');
  });
});
