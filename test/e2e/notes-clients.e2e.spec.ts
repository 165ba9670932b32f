import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { listenHttp } from '@armature/http';
import { ensureManifest } from '@armature/testing';
import { revisionClientScenario, type RevisionScenarioTarget, type ScenarioClient, type ServedServer } from '@armature/transport-fixtures';
import { createNotesApp } from '@armature-examples/notes';

// examples/notes, built (`npm run build` runs `armature build` there): the server a client spawns over stdio.
const NOTES_MAIN = require.resolve('@armature-examples/notes');
const NOTES_PROJECT = join(dirname(NOTES_MAIN), '../..');

async function readError(client: ScenarioClient, uri: string): Promise<{ code?: unknown }> {
  return client.readResource(uri).then(
    () => ({}),
    (error: unknown) => error as { code?: unknown },
  );
}

/** What examples/notes offers, and what each scenario step must get back from it. */
const notes: RevisionScenarioTarget = {
  serverName: 'armature-notes',
  capabilities: ['tools', 'resources', 'prompts'],
  tools: ['create', 'update', 'delete', 'search'],
  structuredCall: {
    name: 'create',
    arguments: { title: 'From the scenario', body: 'Hello.', tags: ['e2e'] },
    check: (note) => {
      expect(note).to.deep.include({ title: 'From the scenario', body: 'Hello.', tags: ['e2e'] });
      expect(note.id).to.match(/^n\d+$/);
    },
  },
  invalidCall: {
    name: 'create',
    arguments: { tags: 'not-a-list' },
    check: (text) =>
      expect(text)
        .to.match(/title: is required/)
        .and.to.match(/tags: must be an array/),
  },
  read: {
    uri: 'notes://n1',
    check: ({ contents }) => {
      expect(contents[0]).to.deep.include({ uri: 'notes://n1', mimeType: 'text/markdown' });
      expect(contents[0]?.text).to.match(/^# Welcome/);
    },
    missingUri: 'notes://nope',
  },
  prompt: {
    name: 'summarize',
    arguments: { id: 'n2', style: 'detailed' },
    check: (messages) => {
      expect(messages).to.have.length(2);
      expect(messages[1]).to.have.nested.property('content.text').that.includes('Shopping');
    },
  },
  progress: { name: 'search', arguments: { query: 'milk' } },
  elicitation: {
    // `delete` asks to confirm; the note must survive a decline and be gone after a confirmation.
    prepare: async (client) => {
      const created = await client.callTool('create', { title: 'Draft', body: 'maybe' });
      const id = created.structuredContent?.id;
      expect(id).to.be.a('string');
      return { name: 'delete', arguments: { id } };
    },
    answers: [
      {
        answer: { action: 'decline' },
        check: async (result, client) => {
          const id = result.structuredContent?.id as string;
          expect(result.structuredContent).to.deep.equal({ id, deleted: false, reason: 'not-confirmed' });
          expect((await client.readResource(`notes://${id}`)).contents[0]?.text).to.match(/^# Draft/);
        },
      },
      {
        // The form is typed (ConfirmDelete): content that does not match it is refused, the note kept.
        answer: { action: 'accept', content: { confirm: 'yes' } },
        check: async (result, client) => {
          expect(result.isError).to.equal(true);
          expect(result.content[0]).to.deep.include({
            type: 'text',
            text: 'The answer to the form "confirm_delete" does not match it: confirm must be a boolean (got string).',
          });
          const index = (await client.readResource('notes://index')).contents[0]?.text ?? '[]';
          expect((JSON.parse(index) as { title: string }[]).map((n) => n.title)).to.include('Draft');
        },
      },
      {
        answer: { action: 'accept', content: { confirm: true } },
        check: async (result, client) => {
          const id = result.structuredContent?.id as string;
          expect(result.structuredContent).to.deep.equal({ id, deleted: true });
          expect((await readError(client, `notes://${id}`)).code).to.equal(client.kind === 'sdk-v1' ? -32002 : -32602);
        },
      },
    ],
  },
  updates: {
    uri: 'notes://n1',
    change: async (client) => {
      const updated = await client.callTool('update', { id: 'n1', changes: { tags: ['intro', 'edited'] } });
      expect(updated.isError).to.not.equal(true);
    },
  },
};

/** A fresh notes app served by `listenHttp` on 127.0.0.1 at a free port. */
async function serveNotesHttp(options: { stateless?: boolean }): Promise<ServedServer> {
  // A configured key seals the 2026-07-28 input-required state (the default, a random key per process, warns).
  const app = await createNotesApp({ requestStateKey: randomBytes(32) });
  try {
    const http = await listenHttp(app, { port: 0, ...options });
    return {
      endpoint: { kind: 'http', url: http.url },
      sessionCount: () => app.sessionCount,
      // As on SIGTERM: the app drains and closes what is open, then the listener goes.
      shutdown: async () => {
        await app.close();
        await http.close();
      },
      close: async () => {
        try {
          await http.close(100);
        } finally {
          await app.close();
        }
      },
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}

describe('examples/notes driven by the official SDK clients of both MCP revisions', () => {
  before(function () {
    this.timeout(60_000);
    ensureManifest(NOTES_PROJECT);
  });

  describe('over stdio (every client spawns the built server)', () => {
    revisionClientScenario(
      {
        transport: 'stdio',
        start: () =>
          Promise.resolve({ endpoint: { kind: 'stdio', command: process.execPath, args: [NOTES_MAIN] }, close: () => Promise.resolve() }),
      },
      notes,
    );
  });

  describe('over Streamable HTTP (127.0.0.1, a free port)', () => {
    revisionClientScenario({ transport: 'http', start: () => serveNotesHttp({}) }, notes);
  });

  // 2026-07-28 requests carry no session either way; a 2025 client needs one to elicit and subscribe.
  describe('over Streamable HTTP in stateless mode (2026-07-28 clients)', () => {
    revisionClientScenario({ transport: 'http', start: () => serveNotesHttp({ stateless: true }) }, notes, [
      'sdk-v2-pinned',
      'sdk-v2-auto',
    ]);
  });
});
