import { expect } from 'chai';
import { ArmatureError, Injectable, Module } from '@armature/di';
import { Armature } from '../../src/app/armature.app';
import { RequestContext } from '../../src/context/request-context';
import { Resource } from '../../src/decorators/resource.decorator';
import { Tool } from '../../src/decorators/tool.decorator';
import {
  clientSupportsMcpApps,
  MCP_APP_MIME_TYPE,
  MCP_APPS_EXTENSION,
  mcpAppsCapability,
  mcpAppView,
  type McpAppContents,
} from '../../src/extensions/mcp-apps';
import type { ServerLogger } from '../../src/logging/server-logger';
import { Peer2026 } from '../kernel/support/peer-2026';

const view = mcpAppView('ui://test/view.html', {
  title: 'A view',
  csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
  permissions: { clipboardWrite: {} },
  prefersBorder: false,
});
const UI_META = {
  ui: {
    csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
    permissions: { clipboardWrite: {} },
    prefersBorder: false,
  },
};
const APPS_CAPS = { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } } };
const OBJECT = { type: 'object', properties: {} } as const;

@Injectable()
class AppHandlers {
  @Tool({
    description: 'Opens the view; says whether the client renders views.',
    inputSchema: OBJECT,
    _meta: view.toolMeta({ visibility: ['model', 'app'] }),
  })
  show(ctx: RequestContext): string {
    return clientSupportsMcpApps(ctx) ? 'rendered' : 'text only';
  }

  @Resource(view.uri, view.resource)
  view(): McpAppContents {
    return view.contents('<!doctype html><p>hi</p>');
  }
}

@Module({ handlers: [AppHandlers] })
class AppModule {}

const quiet: ServerLogger = { debug: () => undefined, warn: () => undefined, error: () => undefined };

describe('MCP Apps (SEP-1865): mcpAppView, mcpAppsCapability, clientSupportsMcpApps', () => {
  describe('declaring a view', () => {
    it('refuses a URI outside the ui:// scheme with ARM_ERR_INVALID_RESOURCE_URI', () => {
      expect(() => mcpAppView('https://example.com/view.html'))
        .to.throw(ArmatureError, /must use the ui:\/\/ scheme/)
        .with.property('code', 'ARM_ERR_INVALID_RESOURCE_URI');
    });

    it('builds the resource options, the tool _meta and the contents from one declaration', () => {
      expect(view.resource).to.deep.equal({ title: 'A view', mimeType: 'text/html;profile=mcp-app', _meta: UI_META });
      expect(view.toolMeta()).to.deep.equal({ ui: { resourceUri: 'ui://test/view.html' }, 'ui/resourceUri': 'ui://test/view.html' });
      expect(view.contents('<p>x</p>')).to.deep.equal({
        uri: 'ui://test/view.html',
        mimeType: 'text/html;profile=mcp-app',
        text: '<p>x</p>',
        _meta: UI_META,
      });
      // No _meta.ui options: no _meta at all.
      expect(mcpAppView('ui://bare/v.html').contents('x')).to.deep.equal({
        uri: 'ui://bare/v.html',
        mimeType: 'text/html;profile=mcp-app',
        text: 'x',
      });
    });
  });

  describe('served on MCP 2026-07-28 (raw messages, every server message schema-checked)', () => {
    let app: Armature;
    let peer: Peer2026;

    beforeEach(async () => {
      app = await Armature.create(AppModule, {
        name: 'apps',
        version: '1.0.0',
        manifest: { armature: 1, handlers: {} },
        logger: quiet,
        serverCapabilities: { extensions: mcpAppsCapability() },
      });
      peer = await Peer2026.open(app);
    });
    afterEach(async () => {
      await peer.close();
      await app.close({ drainMs: 0 });
    });

    it('server/discover declares the extension with the app MIME type', async () => {
      const discover = await peer.request('server/discover', {}, 1);
      expect((discover.result?.capabilities as Record<string, unknown>).extensions).to.deep.equal({
        [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] },
      });
    });

    it('lists the tool with _meta.ui, the view with its MIME type and _meta.ui, and reads the view with _meta.ui', async () => {
      const tools = await peer.request('tools/list', {}, 1);
      expect((tools.result?.tools as Array<Record<string, unknown>>)[0]?._meta).to.deep.equal({
        ui: { resourceUri: 'ui://test/view.html', visibility: ['model', 'app'] },
        'ui/resourceUri': 'ui://test/view.html',
      });
      const resources = await peer.request('resources/list', {}, 2);
      expect(resources.result?.resources).to.deep.equal([
        { uri: 'ui://test/view.html', name: 'view', title: 'A view', mimeType: MCP_APP_MIME_TYPE, _meta: UI_META },
      ]);
      const read = await peer.request('resources/read', { uri: 'ui://test/view.html' }, 3);
      expect(read.result?.contents).to.deep.equal([
        { uri: 'ui://test/view.html', mimeType: MCP_APP_MIME_TYPE, text: '<!doctype html><p>hi</p>', _meta: UI_META },
      ]);
    });

    it("clientSupportsMcpApps reads the request's client capabilities", async () => {
      const text = async (caps: Record<string, unknown>, id: number): Promise<unknown> =>
        ((await peer.call('show', {}, id, { caps })).result?.content as Array<{ text?: string }>)[0]?.text;
      expect(await text(APPS_CAPS, 1)).to.equal('rendered');
      expect(await text({ extensions: { [MCP_APPS_EXTENSION]: {} } }, 2)).to.equal('rendered');
      expect(await text({}, 3)).to.equal('text only');
      expect(await text({ extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: ['text/uri-list'] } } }, 4)).to.equal('text only');
    });
  });
});
