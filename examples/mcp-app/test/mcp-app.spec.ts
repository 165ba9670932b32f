import { expect } from 'chai';
import { join } from 'node:path';
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from '@armature/core/mcp-apps';
import { callTool, createTestServer, ensureManifest, type TestServer } from '@armature/testing';
import type { Tally } from '../src/tally.handlers';
import { WordTallyModule } from '../src/word-tally.module';

const PROJECT = join(__dirname, '../..');
const VIEW_URI = 'ui://word-tally/tally.html';

describe('examples/mcp-app: an MCP App view served by Armature (SEP-1865)', () => {
  let server: TestServer;

  before(async function () {
    this.timeout(60_000);
    ensureManifest(PROJECT);
    // The client says it renders views, as an MCP Apps host does (every server message is checked against the wire schema).
    server = await createTestServer(WordTallyModule, {
      name: 'armature-word-tally',
      version: '0.1.0',
      capabilities: { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } } as Record<string, unknown>,
    });
  });
  after(() => server.close());

  it('lists the tool with _meta.ui.resourceUri (and the flat key older hosts read) pointing at the view', async () => {
    const { tools } = await server.client.listTools();
    const tally = tools.find((tool) => tool.name === 'tally');
    expect(tally?._meta).to.deep.equal({ ui: { resourceUri: VIEW_URI }, 'ui/resourceUri': VIEW_URI });
  });

  it('lists the view as a ui:// resource of the app MIME type, with its _meta.ui', async () => {
    const { resources } = await server.client.listResources();
    expect(resources).to.deep.include({
      uri: VIEW_URI,
      name: 'tallyView',
      title: 'Word tally',
      description: 'A bar chart of the most frequent words of a text.',
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui: { prefersBorder: true } },
    });
  });

  it('reads the view: HTML that speaks the MCP Apps protocol, with _meta.ui on the contents', async () => {
    const { contents } = await server.client.readResource({ uri: VIEW_URI });
    expect(contents).to.have.length(1);
    expect(contents[0]).to.deep.include({ uri: VIEW_URI, mimeType: 'text/html;profile=mcp-app', _meta: { ui: { prefersBorder: true } } });
    const view = contents[0];
    const html = view !== undefined && 'text' in view ? view.text : '';
    expect(html)
      .to.match(/^<!doctype html>/)
      .and.to.include("method: 'ui/initialize'")
      .and.to.include("'ui/notifications/tool-result'");
  });

  it('calls the tool: the structured result the view draws', async () => {
    const tally = await callTool<Tally>(server.client, 'tally', { text: 'the cat and the hat and the bat', limit: 2 });
    expect(tally).to.deep.equal({
      words: 8,
      distinct: 5,
      top: [
        { word: 'the', count: 3 },
        { word: 'and', count: 2 },
      ],
    });
  });

  it('does not declare the extension to a 2025-11-25 session (that revision has no capabilities.extensions)', () => {
    // Hosts find the view through the tool's _meta.ui.resourceUri; 2026-07-28 clients also see the
    // extension in server/discover (packages/core/test/extensions/mcp-apps.spec.ts).
    expect(server.client.getServerCapabilities()).to.not.have.property('extensions');
  });
});
