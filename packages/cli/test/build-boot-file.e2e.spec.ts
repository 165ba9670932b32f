import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runArmature } from './support/fixture-project';
import { notesProjectPerSuite } from './support/notes-project';

interface BootHead {
  readonly armatureBoot: number;
  readonly manifestStamp: string;
  readonly schemaCount: number;
  readonly manifest: Record<string, unknown>;
}

describe('armature build writes the manifest boot copy a server starts from (the SDK client over stdio)', function () {
  this.timeout(120_000);
  const project = notesProjectPerSuite();
  const manifestFile = (): string => path.join(project.dir, 'dist/armature.manifest.json');
  const bootFile = (): string => path.join(project.dir, 'dist/armature.boot.jsonl');

  function readCopy(): { head: BootHead; schemas: string[] } {
    const lines = fs.readFileSync(bootFile(), 'utf8').split('\n');
    expect(lines.pop()).to.equal('');
    return { head: JSON.parse(lines[0] as string) as BootHead, schemas: lines.slice(1) };
  }

  /** `<size>:<mtimeMs>` of the manifest, as a boot compares it. */
  function manifestStamp(): string {
    const stat = fs.statSync(manifestFile());
    return `${stat.size}:${stat.mtimeMs}`;
  }

  async function listTools(): Promise<unknown> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['dist/src/main.js'],
      cwd: project.dir,
      env: process.env as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'boot-copy-e2e', version: '1.0.0' });
    await client.connect(transport);
    project.closeAfterTest(() => client.close());
    const listed = await client.listTools();
    const called = (await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })) as { content: { text?: string }[] };
    expect(called.content[0]?.text, JSON.stringify(called)).to.equal('5');
    await client.close();
    return listed.tools;
  }

  it('beside the manifest: its stamp, its schemas one per line, the rest of it without what only builds read', () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile(), 'utf8')) as Record<string, unknown> & { schemas: string[] };
    const { head, schemas } = readCopy();
    expect(head.armatureBoot).to.equal(1);
    expect(head.manifestStamp).to.equal(manifestStamp());
    expect(head.schemaCount).to.equal(manifest.schemas.length);
    expect(schemas).to.deep.equal(manifest.schemas);
    const { schemas: _schemas, modules: _modules, ...rest } = manifest;
    expect(head.manifest).to.deep.equal(rest);
  });

  it('serves what the manifest serves, and is what the server reads while the manifest is unchanged', async () => {
    const fromCopy = await listTools();
    const copy = fs.readFileSync(bootFile(), 'utf8');
    fs.rmSync(bootFile());
    try {
      expect(await listTools()).to.deep.equal(fromCopy);
    } finally {
      fs.writeFileSync(bootFile(), copy);
    }
    // A copy that says something else (never written so) shows which file the server read.
    const edited = copy.replace('"description":"Adds two numbers."', '"description":"Read from the boot copy."');
    expect(edited).to.not.equal(copy);
    fs.writeFileSync(bootFile(), edited);
    try {
      const tools = (await listTools()) as { name: string; description?: string }[];
      expect(tools.find((tool) => tool.name === 'add')?.description).to.equal('Read from the boot copy.');
      // Once the manifest is touched, its copy is stale and the manifest itself is read.
      const later = new Date(Date.now() + 2000);
      fs.utimesSync(manifestFile(), later, later);
      expect(await listTools()).to.deep.equal(fromCopy);
    } finally {
      fs.writeFileSync(bootFile(), copy);
    }
  });

  it('is rewritten by a build with nothing to compile (the manifest touched, the copy stamped again) and restored when missing', () => {
    const before = readCopy();
    expect(runArmature(['build'], project.dir).status).to.equal(0);
    expect(readCopy().head.manifestStamp).to.equal(manifestStamp());
    expect(readCopy().schemas).to.deep.equal(before.schemas);
    fs.rmSync(bootFile());
    expect(runArmature(['build'], project.dir).status).to.equal(0);
    expect(readCopy().head.manifestStamp).to.equal(manifestStamp());
  });
});
