import { expect } from 'chai';
import { join } from 'node:path';
import { callTool, createTestServer, ensureManifest, expectToolError, matchSurfaceSnapshot, type TestServer } from '@armature/testing';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { DirectoryListing, FileText, FolderIndex } from '../src/files.handlers';
import { FilesModule } from '../src/files.module';
import { makeFixtureTree, PNG_BYTES, type FixtureTree } from './support/fixture-tree';

const PROJECT = join(__dirname, '../..');

describe('examples/files', () => {
  let tree: FixtureTree;
  let server: TestServer;

  const readError = (uri: string): Promise<{ code: number; data: unknown } | undefined> =>
    server.client.readResource({ uri }).then(
      () => undefined,
      (e: unknown) => e as { code: number; data: unknown },
    );

  before(async function () {
    this.timeout(60_000);
    ensureManifest(PROJECT);
    tree = makeFixtureTree();
    server = await createTestServer(FilesModule.forRoot({ root: tree.root, maxReadBytes: 1001 }));
  });

  after(async () => {
    await server.close();
    tree.remove();
  });

  it('advertises the file:///{+path} template and the three tools (index_folder may run as a task)', async () => {
    const surface = await matchSurfaceSnapshot(server.client, join(PROJECT, 'test/__snapshots__/files-surface.json'));
    expect(surface.resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal(['file:///{+path}']);
    expect(surface.tools.map((t) => t.name)).to.deep.equal(['index_folder', 'list_directory', 'read_file']);
  });

  it("index_folder runs as a task when asked (the SDK client's experimental tasks API), and as a plain call otherwise", async () => {
    const expected: FolderIndex = {
      path: '.',
      files: 5,
      folders: 1,
      bytes: 8 + 15 + 7 + PNG_BYTES.length + 2000,
      byExtension: [
        { extension: 'md', files: 2 },
        { extension: 'png', files: 1 },
        { extension: 'txt', files: 2 },
      ].sort((a, b) => b.files - a.files || a.extension.localeCompare(b.extension)),
    };
    expect(await callTool<FolderIndex>(server.client, 'index_folder', {})).to.deep.equal(expected);
    const messages: { type: string; task?: { taskId: string } }[] = [];
    for await (const message of server.client.experimental.tasks.callToolStream(
      { name: 'index_folder', arguments: {} },
      CallToolResultSchema,
      { task: { ttl: 60_000 } },
    )) {
      messages.push(message as { type: string; task?: { taskId: string } });
    }
    expect(messages[0]?.type).to.equal('taskCreated');
    const taskId = messages[0]!.task!.taskId;
    const task = await server.client.experimental.tasks.getTask(taskId);
    expect(task.status).to.equal('completed');
    expect(task.statusMessage).to.match(/entries, 5 files so far$/);
    const result = await server.client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect(result.structuredContent).to.deep.equal(expected);
  });

  it('reads text files as text, nested and percent-encoded paths included', async () => {
    const readme = await server.client.readResource({ uri: 'file:///readme.md' });
    expect(readme.contents).to.deep.equal([{ uri: 'file:///readme.md', mimeType: 'text/markdown', text: '# Hello\n' }]);
    const spaced = await server.client.readResource({ uri: 'file:///docs/space%20name.txt' });
    expect(spaced.contents[0]).to.deep.include({ uri: 'file:///docs/space%20name.txt', text: 'spaced\n' });
  });

  it('reads binary files as base64 blobs, and follows symlinks that stay inside', async () => {
    const image = await server.client.readResource({ uri: 'file:///image.png' });
    expect(image.contents[0]).to.deep.include({ mimeType: 'image/png', blob: PNG_BYTES.toString('base64') });
    const link = await server.client.readResource({ uri: 'file:///link-inside' });
    expect(link.contents[0]).to.deep.include({ text: 'Read me first.\n' });
  });

  it('answers "not found" for every way out of the folder, and for missing files', async () => {
    const attempts = [
      'file:///../secret.txt',
      'file:///docs/../../secret.txt',
      'file:///%2e%2e/secret.txt',
      'file:///docs%2F..%2F..%2Fsecret.txt',
      'file:////etc/passwd',
      'file:///..%5Csecret.txt',
      'file:///link-outside',
      'file:///dir-outside/x.txt',
      'file:///missing.txt',
      'file:///docs',
    ];
    for (const uri of attempts) {
      const error = await readError(uri);
      expect(error, uri).to.deep.include({ code: -32002, data: { uri } });
    }
  });

  it('lists folders with kinds and sizes', async () => {
    const listing = await callTool<DirectoryListing>(server.client, 'list_directory');
    expect(listing.path).to.equal('.');
    expect(listing.entries.map((e) => [e.name, e.kind, e.size])).to.deep.equal([
      ['big.txt', 'file', 2000],
      ['dir-outside', 'symlink', undefined],
      ['docs', 'directory', undefined],
      ['image.png', 'file', PNG_BYTES.length],
      ['link-inside', 'symlink', 15],
      ['link-outside', 'symlink', undefined],
      ['readme.md', 'file', 8],
    ]);
    const docs = await callTool<DirectoryListing>(server.client, 'list_directory', { path: 'docs' });
    expect(docs.entries.map((e) => e.path)).to.deep.equal(['docs/guide.md', 'docs/space name.txt']);
  });

  it('reads text with read_file, cut at maxBytes without splitting a character', async () => {
    const guide = await callTool<FileText>(server.client, 'read_file', { path: 'docs/guide.md' });
    expect(guide).to.deep.equal({
      path: 'docs/guide.md',
      uri: 'file:///docs/guide.md',
      mimeType: 'text/markdown',
      size: 15,
      truncated: false,
      text: 'Read me first.\n',
    });
    // 1001 bytes of two-byte characters: 500 whole ones.
    const big = await callTool<FileText>(server.client, 'read_file', { path: 'big.txt' });
    expect(big).to.deep.include({ size: 2000, truncated: true, text: 'é'.repeat(500) });
    const small = await callTool<FileText>(server.client, 'read_file', { path: 'big.txt', maxBytes: 4 });
    expect(small.text).to.equal('éé');
  });

  it('refuses paths out of the folder, missing files and binary files with messages a model can act on', async () => {
    for (const path of [
      '../secret.txt',
      '/etc/passwd',
      'docs/../../secret.txt',
      'link-outside',
      'dir-outside/x.txt',
      '../root-evil/x.txt',
    ]) {
      expect(await expectToolError(server.client, 'read_file', { path }), path).to.include('outside the served folder');
    }
    expect(await expectToolError(server.client, 'read_file', { path: 'nope.md' })).to.equal(
      'there is no file at "nope.md". Call list_directory to see what exists.',
    );
    expect(await expectToolError(server.client, 'read_file', { path: 'image.png' })).to.include('read the resource file:///image.png');
    expect(await expectToolError(server.client, 'list_directory', { path: '..' })).to.include('outside the served folder');
  });

  it('completes paths of the template', async () => {
    const result = await server.client.complete({
      ref: { type: 'ref/resource', uri: 'file:///{+path}' },
      argument: { name: 'path', value: 'do' },
    });
    expect(result.completion.values).to.deep.equal(['docs/']);
    const inDocs = await server.client.complete({
      ref: { type: 'ref/resource', uri: 'file:///{+path}' },
      argument: { name: 'path', value: 'docs/g' },
    });
    expect(inDocs.completion.values).to.deep.equal(['docs/guide.md']);
  });

  it('refuses to boot without an existing root folder', async () => {
    const error = await createTestServer(FilesModule.forRoot({ root: join(tree.root, 'no-such-folder') })).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).to.include('is not an existing folder');
  });
});
