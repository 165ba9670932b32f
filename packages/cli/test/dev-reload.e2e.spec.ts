import { expect } from 'chai';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { until } from '@armature/testing';
import { ARMATURE_BIN, removeFixture, writeFiles } from './support/fixture-project';
import { createRealProject } from './support/real-project';

const TOOLS = (extra = ''): string => `import { Tool } from '@armature/core';

export class Tools {
  /** Says hello. */
  @Tool()
  hello(name: string): string {
    return 'hello ' + name;
  }
${extra}}
`;

const FILES = {
  'src/tools.ts': TOOLS(),
  'src/app.module.ts':
    "import { Module } from '@armature/di';\nimport { Tools } from './tools';\n\n@Module({ handlers: [Tools] })\nexport class AppModule {}\n",
  'src/main.ts':
    "import 'reflect-metadata';\nimport { Armature } from '@armature/core';\nimport { AppModule } from './app.module';\n\n" +
    "void Armature.create(AppModule, { name: 'dev-e2e', version: '1.0.0' }).then((app) => app.listen());\n",
};

function textOf(result: unknown): string {
  return ((result as { content: { text: string }[] }).content[0] as { text: string }).text;
}

describe('armature dev with a stdio client (end to end)', () => {
  let dir: string;
  let client: Client | undefined;
  let stderr = '';

  afterEach(async () => {
    await client?.close();
    client = undefined;
    removeFixture(dir);
  });

  it('reloads the server in place after a source edit: the client hears tools/list_changed and calls the new tool without reconnecting', async () => {
    dir = createRealProject(FILES);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [ARMATURE_BIN, 'dev', '-p', dir, '-e', path.join(dir, 'dist/src/main.js')],
      cwd: dir,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    client = new Client({ name: 'dev-e2e-client', version: '1.0.0' });
    let listChanged = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged++;
    });
    await client.connect(transport, { timeout: 60_000 });
    expect(textOf(await client.callTool({ name: 'hello', arguments: { name: 'a' } }))).to.equal('hello a');

    writeFiles(dir, {
      'src/tools.ts': TOOLS("  /** Says goodbye. */\n  @Tool()\n  bye(name: string): string {\n    return 'bye ' + name;\n  }\n"),
    });
    await until(() => listChanged > 0, `notifications/tools/list_changed (dev output: ${stderr})`, { timeoutMs: 60_000, intervalMs: 50 });

    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).to.have.members(['hello', 'bye']);
    expect(textOf(await client.callTool({ name: 'bye', arguments: { name: 'b' } }))).to.equal('bye b');
    const invalid = await client.callTool({ name: 'bye', arguments: {} });
    expect(invalid.isError, 'the new tool is validated against its new schema').to.equal(true);
    expect(stderr).not.to.contain('restarting');
  });
});
