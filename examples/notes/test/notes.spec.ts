import { expect } from 'chai';
import { join } from 'node:path';
import { ElicitRequestSchema, ResourceUpdatedNotificationSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import {
  callTool,
  callToolResult,
  createTestServer,
  ensureManifest,
  expectToolError,
  matchSurfaceSnapshot,
  type TestServer,
  until,
} from '@armature/testing';
import type { DeleteOutcome, Note } from '../src/note.model';
import { NotesModule } from '../src/notes.module';

const PROJECT = join(__dirname, '../..');

describe('examples/notes through @armature/testing', () => {
  let server: TestServer;

  before(async function () {
    this.timeout(60_000);
    ensureManifest(PROJECT);
    server = await createTestServer(NotesModule, { name: 'armature-notes', version: '0.1.0' });
  });

  after(() => server.close());

  it('advertises the surface generated from the TypeScript signatures', async () => {
    const surface = await matchSurfaceSnapshot(server.client, join(PROJECT, 'test/__snapshots__/notes-surface.json'));
    const byName = new Map(surface.tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).to.deep.equal(['create', 'delete', 'search', 'update']);
    const create = byName.get('create');
    expect(create?.description).to.equal('Create a note and return it.');
    expect(create?.inputSchema.required).to.deep.equal(['title', 'body']);
    expect(create?.inputSchema.properties?.title).to.deep.include({ type: 'string', minLength: 1, maxLength: 200 });
    expect(create?.outputSchema?.properties).to.have.keys('id', 'title', 'body', 'tags', 'createdAt', 'updatedAt');
    expect(create?.annotations).to.deep.include({ destructiveHint: false, readOnlyHint: false });
    expect(byName.get('search')?.outputSchema).to.deep.include({ type: 'object', required: ['result'] });
  });

  it('creates, updates and deletes notes with structured results', async () => {
    const note = await callTool<Note>(server.client, 'create', { title: 'Plan', body: 'ship it', tags: ['work'] });
    expect(note).to.deep.include({ title: 'Plan', body: 'ship it', tags: ['work'] });
    const updated = await callTool<Note>(server.client, 'update', { id: note.id, changes: { body: 'shipped' } });
    expect(updated.body).to.equal('shipped');
    expect(await callTool<DeleteOutcome>(server.client, 'delete', { id: note.id })).to.deep.equal({ id: note.id, deleted: true });
    expect(await callTool<DeleteOutcome>(server.client, 'delete', { id: note.id })).to.deep.equal({
      id: note.id,
      deleted: false,
      reason: 'not-found',
    });
  });

  it('asks a client that can show a form to confirm a delete, and keeps the note unless it does', async () => {
    const asker = await server.connectClient({ capabilities: { elicitation: {} } });
    const asked: string[] = [];
    let answer: ElicitResult = { action: 'decline' };
    asker.client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return answer;
    });
    const note = await callTool<Note>(asker.client, 'create', { title: 'Draft', body: 'maybe' });
    expect(await callTool<DeleteOutcome>(asker.client, 'delete', { id: note.id })).to.deep.equal({
      id: note.id,
      deleted: false,
      reason: 'not-confirmed',
    });
    expect(asked).to.deep.equal([`Delete the note "Draft" (${note.id})? This cannot be undone.`]);
    answer = { action: 'accept', content: { confirm: false } };
    expect(await callTool<DeleteOutcome>(asker.client, 'delete', { id: note.id })).to.deep.include({
      deleted: false,
      reason: 'not-confirmed',
    });
    answer = { action: 'accept', content: { confirm: true } };
    expect(await callTool<DeleteOutcome>(asker.client, 'delete', { id: note.id })).to.deep.equal({ id: note.id, deleted: true });
    expect(asked).to.have.length(3);
    // A note that does not exist is not worth a question.
    expect(await callTool<DeleteOutcome>(asker.client, 'delete', { id: note.id })).to.deep.include({ deleted: false, reason: 'not-found' });
    expect(asked).to.have.length(3);
    asker.wire.assertClean();
  });

  it('answers bad arguments and unknown ids with isError a model can act on', async () => {
    const bad = await expectToolError(server.client, 'create', { title: '', tags: 'x' });
    expect(bad)
      .to.include('body: is required')
      .and.include('title: must be at least 1 character long')
      .and.include('tags: must be an array');
    expect(await expectToolError(server.client, 'update', { id: 'n999', changes: {} })).to.include('notes://index');
  });

  it('searches with progress and log notifications that arrive before the result', async () => {
    await server.client.setLoggingLevel('debug');
    const progress: number[] = [];
    const start = server.wire.received.length;
    const result = await callToolResult(server.client, 'search', { query: 'milk' }, { onprogress: (p) => void progress.push(p.progress) });
    const found = (result.structuredContent as { result: { id: string; title: string }[] }).result;
    expect(found.map((n) => [n.id, n.title])).to.deep.equal([['n2', 'Shopping']]);
    expect(progress.length).to.be.greaterThan(0);
    const received = server.wire.received.slice(start);
    const resultAt = received.findIndex((m) => (m as { result?: { structuredContent?: unknown } }).result?.structuredContent !== undefined);
    const before = received.slice(0, resultAt).map((m) => (m as { method?: string }).method);
    expect(before).to.include('notifications/progress').and.include('notifications/message');
  });

  it('reads the index and single notes, and completes note ids', async () => {
    const index = await server.client.readResource({ uri: 'notes://index' });
    expect(index.contents[0]?.mimeType).to.equal('application/json');
    const ids = (JSON.parse((index.contents[0] as { text: string }).text) as { id: string }[]).map((n) => n.id);
    expect(ids).to.include.members(['n1', 'n2']);
    const one = await server.client.readResource({ uri: 'notes://n1' });
    expect(one.contents[0]).to.deep.include({ uri: 'notes://n1', mimeType: 'text/markdown' });
    expect((one.contents[0] as { text: string }).text).to.match(/^# Welcome/);
    const error = await server.client.readResource({ uri: 'notes://nope' }).then(
      () => undefined,
      (e: unknown) => e as { code: number; data: unknown },
    );
    expect(error).to.deep.include({ code: -32002, data: { uri: 'notes://nope' } });
    const completion = await server.client.complete({
      ref: { type: 'ref/resource', uri: 'notes://{id}' },
      argument: { name: 'id', value: 'n' },
    });
    expect(completion.completion.values).to.include.members(['n1', 'n2']);
  });

  it('notifies subscribers of a note when a tool edits it', async () => {
    const updates: string[] = [];
    server.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await server.client.subscribeResource({ uri: 'notes://n1' });
    await callTool(server.client, 'update', { id: 'n1', changes: { tags: ['intro', 'edited'] } });
    await until(() => updates.length > 0, 'resources/updated');
    expect(updates).to.deep.equal(['notes://n1']);
    await server.client.unsubscribeResource({ uri: 'notes://n1' });
  });

  it('offers a summarize prompt with argument completion', async () => {
    const { prompts } = await server.client.listPrompts();
    expect(prompts[0]).to.deep.include({ name: 'summarize', title: 'Summarize a note' });
    expect(prompts[0]?.arguments?.map((a) => [a.name, a.required])).to.deep.equal([
      ['id', true],
      ['style', false],
    ]);
    const result = await server.client.getPrompt({ name: 'summarize', arguments: { id: 'n2', style: 'detailed' } });
    expect(result.messages).to.have.length(2);
    expect(result.messages[1]?.content).to.deep.include({ type: 'text' });
    const styles = await server.client.complete({
      ref: { type: 'ref/prompt', name: 'summarize' },
      argument: { name: 'style', value: 'd' },
    });
    expect(styles.completion.values).to.deep.equal(['detailed']);
    const missing = await server.client.getPrompt({ name: 'summarize', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e as { code: number },
    );
    expect(missing?.code).to.equal(-32602);
  });
});
