import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import type { Armature } from '@armature/core';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { createNotesApp } from '@armature-examples/notes';

const REPO = join(__dirname, '../../..');
// examples/notes, built by `armature build`: dist/server.json beside dist/armature.manifest.json.
const NOTES_DIST = join(dirname(require.resolve('@armature-examples/notes')), '..');
const CARD_SCHEMA = join(REPO, 'packages/http/schemas/server-card/server-card.schema.json');

function cardValidator(): (data: unknown) => boolean {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(CARD_SCHEMA, 'utf8')) as object;
  return ajv.compile({ ...schema, $ref: '#/$defs/ServerCard' });
}

interface Card {
  name: string;
  version: string;
  remotes: { url: string; supportedProtocolVersions: string[] }[];
  _meta: Record<string, { tools: { name: string }[]; prompts: { name: string }[] }>;
}

/**
 * The server card of the real notes app, from its real build output, over real HTTP: valid
 * against the draft's schema, and what it lists is what the official SDK clients then get,
 * on both revisions it names.
 */
describe('examples/notes server card (experimental), official SDK clients', function () {
  this.timeout(20_000);
  let app: Armature;
  let http: HttpListenHandle;
  const closers: (() => Promise<unknown>)[] = [];

  before(async () => {
    app = await createNotesApp();
    http = await listenHttp(app, { port: 0, experimentalServerCard: { serverJson: join(NOTES_DIST, 'server.json') } });
  });
  after(async () => {
    for (const close of closers) await close();
    await http.close(100);
    await app.close();
  });

  it('serves a valid card whose identity is the committed server.json and whose lists match tools/list and prompts/list', async () => {
    const response = await fetch(`${http.url}/server-card`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/mcp-server-card+json');
    const card = (await response.json()) as Card;
    expect(cardValidator()(card), JSON.stringify(card)).to.equal(true);
    const committed = JSON.parse(readFileSync(join(REPO, 'examples/notes/server.json'), 'utf8')) as { name: string; version: string };
    expect(card.name).to.equal(committed.name);
    expect(card.version).to.equal(committed.version);
    const versions = card.remotes[0]!.supportedProtocolVersions;
    expect(versions[0]).to.equal('2026-07-28');
    expect(versions).to.include('2025-11-25');
    const listed = card._meta['dev.armature/primitives']!;

    const v1 = new ClientV1({ name: 'card-v1', version: '1.0.0' });
    await v1.connect(new HttpTransportV1(new URL(card.remotes[0]!.url)));
    closers.push(() => v1.close());
    const v2 = new ClientV2({ name: 'card-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await v2.connect(new HttpTransportV2(new URL(card.remotes[0]!.url)));
    closers.push(() => v2.close());
    for (const client of [v1, v2]) {
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(listed.tools.map((t) => t.name).sort()).to.deep.equal(tools);
      const prompts = (await client.listPrompts()).prompts.map((p) => p.name).sort();
      expect(listed.prompts.map((p) => p.name).sort()).to.deep.equal(prompts);
    }
  });
});
