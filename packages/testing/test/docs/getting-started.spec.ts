import { expect } from 'chai';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Module, type Type } from '@armature/di';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { callTool, createTestServer } from '../../src';
import { codeBlocks, REPO } from './markdown-blocks';
import { runCommand } from './run-command';

/**
 * Follows docs/getting-started.md: writes every file it shows (blocks marked
 * `<!-- file: … -->`) into an empty folder, then runs its build and test scripts, starts the
 * server over stdio, and checks the tool added in "Add your own tool". The folder is inside the
 * repository so the workspace packages resolve as the installed ones would.
 */
describe('docs/getting-started.md, followed step by step', () => {
  const project = join(REPO, 'packages/testing/dist/.getting-started/hello-mcp');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

  before(async function () {
    this.timeout(180_000);
    rmSync(project, { recursive: true, force: true });
    const files = codeBlocks('docs/getting-started.md').filter((b) => b.file !== undefined);
    expect(files.map((b) => b.file)).to.include.members(['tsconfig.json', 'package.json', 'src/main.ts', 'test/greeting.spec.ts']);
    for (const block of files) {
      const file = join(project, block.file as string);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, block.code);
    }
    const build = await runCommand(npm, ['run', 'build'], project, 150_000);
    expect(build.code, build.output).to.equal(0);
    expect(existsSync(join(project, 'dist/armature.manifest.json'))).to.equal(true);
  });

  after(() => rmSync(join(project, '..'), { recursive: true, force: true }));

  it('has a test that passes with npm test', async function () {
    this.timeout(120_000);
    const test = await runCommand(npm, ['test'], project, 110_000);
    expect(test.code, test.output).to.equal(0);
    expect(test.output).to.match(/2 passing/);
  });

  it('makes a server that answers over stdio', async function () {
    this.timeout(30_000);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(project, 'dist/src/main.js')],
      cwd: project,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'getting-started-check', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).to.deep.equal(['greet']);
      expect(tools[0]?.description).to.equal('Greet someone by name.');
      const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      expect(result.structuredContent).to.deep.equal({ message: 'Hello, Ada.', length: 11 });
    } finally {
      await client.close();
    }
  });

  it('serves the tool added in "Add your own tool" once it is listed in handlers', async function () {
    this.timeout(30_000);
    const load = <T>(file: string): T => require(join(project, 'dist/src', file)) as T;
    const { GreetingHandlers } = load<{ GreetingHandlers: Type<object> }>('greeting.handlers.js');
    const { DiceHandlers } = load<{ DiceHandlers: Type<object> }>('dice.handlers.js');
    @Module({ handlers: [GreetingHandlers, DiceHandlers] })
    class ExtendedModule {}
    const server = await createTestServer(ExtendedModule);
    try {
      const roll = await callTool<{ rolls: number[]; total: number }>(server.client, 'roll', { count: 3 });
      expect(roll.rolls).to.have.length(3);
      expect(roll.total).to.equal(roll.rolls.reduce((a, b) => a + b, 0));
      expect(roll.rolls.every((r) => r >= 1 && r <= 6)).to.equal(true);
    } finally {
      await server.close();
    }
  });
});
