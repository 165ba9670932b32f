import 'reflect-metadata';
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport, type Armature, type ConnectedSession } from '@armature/core';
import { createNotesApp } from '../src/main';
import { ensureManifest } from './support/manifest';
import { WireCheck } from './support/wire-check';

const textOf = (result: unknown): string => ((result as { content: { text: string }[] }).content[0] as { text: string }).text;

async function until(predicate: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 5000; !predicate(); await new Promise((r) => setTimeout(r, 2))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('examples/notes through the official SDK client', () => {
  let app: Armature;
  let client: Client;
  let wire: WireCheck;
  let session: ConnectedSession;

  before(async function () {
    this.timeout(60_000);
    ensureManifest();
    app = await createNotesApp();
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
    session = await app.connect(serverEnd);
    wire = new WireCheck(clientEnd);
    client = new Client({ name: 'notes-test', version: '1.0.0' });
    await client.connect(wire as unknown as SdkTransport);
  });

  after(async () => {
    await client.close();
    await session.close();
    await app.close();
    wire.assertClean();
  });

  it('serves schemas generated from the TypeScript signatures', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).to.deep.equal(['create', 'update', 'delete', 'search']);
    const create = tools[0];
    expect(create?.description).to.equal('Create a note and return it.');
    expect(create?.inputSchema.required).to.deep.equal(['title', 'body']);
    expect(create?.inputSchema.properties?.title).to.deep.include({ type: 'string', minLength: 1, maxLength: 200 });
    expect(create?.outputSchema?.properties).to.have.keys('id', 'title', 'body', 'tags', 'createdAt', 'updatedAt');
    expect(create?.annotations).to.deep.include({ destructiveHint: false, readOnlyHint: false });
    const search = tools[3];
    expect(search?.inputSchema.properties).to.have.keys('query', 'limit');
    expect(search?.outputSchema).to.deep.include({ type: 'object', required: ['result'] });
  });

  it('creates, updates and deletes notes with structured results', async () => {
    const created = await client.callTool({ name: 'create', arguments: { title: 'Plan', body: 'ship it', tags: ['work'] } });
    const note = created.structuredContent as { id: string; tags: string[] };
    expect(note).to.deep.include({ title: 'Plan', body: 'ship it', tags: ['work'] });
    const updated = await client.callTool({ name: 'update', arguments: { id: note.id, changes: { body: 'shipped' } } });
    expect((updated.structuredContent as { body: string }).body).to.equal('shipped');
    const deleted = await client.callTool({ name: 'delete', arguments: { id: note.id } });
    expect(deleted.structuredContent).to.deep.equal({ id: note.id, deleted: true });
  });

  it('answers bad arguments and unknown ids with isError a model can act on', async () => {
    const bad = await client.callTool({ name: 'create', arguments: { title: '', tags: 'x' } });
    expect(bad.isError).to.equal(true);
    expect(textOf(bad)).to.include('body: is required').and.include('title: must be at least 1 character long').and.include('tags: must be an array');
    const missing = await client.callTool({ name: 'update', arguments: { id: 'n999', changes: {} } });
    expect(missing.isError).to.equal(true);
    expect(textOf(missing)).to.include('notes://index');
  });

  it('searches with progress and log notifications that arrive before the result', async () => {
    await client.setLoggingLevel('debug');
    const progress: number[] = [];
    const result = await client.callTool({ name: 'search', arguments: { query: 'milk' } }, undefined, { onprogress: (p) => void progress.push(p.progress) });
    expect(result.structuredContent).to.deep.include({ result: [{ id: 'n2', title: 'Shopping', tags: ['home', 'list'], updatedAt: (result.structuredContent as { result: { updatedAt: string }[] }).result[0]?.updatedAt }] });
    expect(progress.length).to.be.greaterThan(0);
    const resultAt = wire.received.findIndex((m) => {
      const r = (m as unknown as { result?: { structuredContent?: { result?: unknown } } }).result;
      return r?.structuredContent?.result !== undefined;
    });
    const before = wire.received.slice(0, resultAt).map((m) => (m as { method?: string }).method);
    expect(before).to.include('notifications/progress');
    expect(before).to.include('notifications/message');
  });

  it('reads the index and single notes, and completes note ids', async () => {
    const index = await client.readResource({ uri: 'notes://index' });
    expect(index.contents[0]?.mimeType).to.equal('application/json');
    const ids = (JSON.parse((index.contents[0] as { text: string }).text) as { id: string }[]).map((n) => n.id);
    expect(ids).to.include.members(['n1', 'n2']);
    const one = await client.readResource({ uri: 'notes://n1' });
    expect(one.contents[0]).to.deep.include({ uri: 'notes://n1', mimeType: 'text/markdown' });
    expect((one.contents[0] as { text: string }).text).to.match(/^# Welcome/);
    const error = await client.readResource({ uri: 'notes://nope' }).then(() => undefined, (e: unknown) => e as { code: number; data: unknown });
    expect(error).to.deep.include({ code: -32002, data: { uri: 'notes://nope' } });
    const completion = await client.complete({ ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: 'n' } });
    expect(completion.completion.values).to.include.members(['n1', 'n2']);
  });

  it('notifies subscribers of a note when a tool edits it', async () => {
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await client.subscribeResource({ uri: 'notes://n1' });
    await client.callTool({ name: 'update', arguments: { id: 'n1', changes: { tags: ['intro', 'edited'] } } });
    await until(() => updates.length > 0, 'resources/updated');
    expect(updates).to.deep.equal(['notes://n1']);
    await client.unsubscribeResource({ uri: 'notes://n1' });
  });

  it('offers a summarize prompt with argument completion', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts[0]).to.deep.include({ name: 'summarize', title: 'Summarize a note' });
    expect(prompts[0]?.arguments?.map((a) => [a.name, a.required])).to.deep.equal([['id', true], ['style', false]]);
    const result = await client.getPrompt({ name: 'summarize', arguments: { id: 'n2', style: 'detailed' } });
    expect(result.messages).to.have.length(2);
    expect(result.messages[1]?.content).to.deep.include({ type: 'text' });
    const styles = await client.complete({ ref: { type: 'ref/prompt', name: 'summarize' }, argument: { name: 'style', value: 'd' } });
    expect(styles.completion.values).to.deep.equal(['detailed']);
    const missing = await client.getPrompt({ name: 'summarize', arguments: {} }).then(() => undefined, (e: unknown) => e as { code: number });
    expect(missing?.code).to.equal(-32602);
  });
});
