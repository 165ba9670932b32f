import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@armature/core';
import { createKernelApp } from './support/kernel-app';
import { Opened } from './support/servers';

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
