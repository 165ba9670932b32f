import { expect } from 'chai';
import type { CompatClient, InvalidArgumentsHandling } from './compat-client';
import { ensureNotesBuilt, notesOverHttp, notesOverStdio, type NotesEndpoint, type ServedNotes } from './notes-server';

export interface CompatScenarioOptions {
  /** Connects the client under test to the notes server at `endpoint`. */
  connect(endpoint: NotesEndpoint): Promise<CompatClient>;
  /** The transports the client supports (default: both). */
  readonly transports?: ReadonlyArray<NotesEndpoint['kind']>;
  readonly invalidArguments: InvalidArgumentsHandling;
}

const TRANSPORTS: Record<NotesEndpoint['kind'], { label: string; serve: () => Promise<ServedNotes> }> = {
  stdio: { label: 'over stdio (the client spawns the built server)', serve: () => Promise.resolve(notesOverStdio()) },
  http: { label: 'over Streamable HTTP (127.0.0.1, a free port)', serve: notesOverHttp },
};

/**
 * Registers the client-compatibility checks for one client: it lists, calls (valid and
 * invalid arguments), reads and prompts against examples/notes through each transport.
 */
export function compatScenario(clientName: string, options: CompatScenarioOptions): void {
  describe(`examples/notes driven by ${clientName}`, () => {
    before(function () {
      this.timeout(60_000);
      ensureNotesBuilt();
    });

    for (const kind of options.transports ?? (['stdio', 'http'] as const)) {
      describe(TRANSPORTS[kind].label, () => {
        let served: ServedNotes | undefined;
        let client: CompatClient | undefined;
        const connected = (): CompatClient => {
          if (!client) throw new Error(`${clientName} did not connect`);
          return client;
        };

        before(async function () {
          this.timeout(60_000);
          served = await TRANSPORTS[kind].serve();
          client = await options.connect(served.endpoint);
        });

        after(async function () {
          this.timeout(30_000);
          try {
            await client?.close();
          } finally {
            await served?.close();
          }
        });

        it('lists the tools, resources and prompts', async () => {
          expect(await connected().listTools()).to.include.members(['create', 'update', 'delete', 'search']);
          expect(await connected().listResources()).to.include('notes://index');
          expect(await connected().listPrompts()).to.include('summarize');
        });

        it('calls a tool with valid arguments', async () => {
          const outcome = await connected().callTool('create', { title: 'From a client', body: 'Hello.', tags: ['compat'] });
          expect(outcome.isError).to.equal(false);
          expect(JSON.parse(outcome.text)).to.deep.include({ title: 'From a client', body: 'Hello.', tags: ['compat'] });
        });

        it('gets a clear answer for invalid arguments', async () => {
          const call = connected().callTool('create', { tags: 'not-a-list' });
          const handling = options.invalidArguments;
          if (handling.checkedBy === 'client') {
            const error = await call.then(
              () => undefined,
              (thrown: unknown) => thrown,
            );
            expect(error, 'the client should refuse arguments that break the input schema').to.be.instanceOf(Error);
            expect((error as Error).message).to.match(handling.message);
            return;
          }
          const outcome = await call;
          expect(outcome.isError).to.equal(true);
          expect(outcome.text)
            .to.match(/title: is required/)
            .and.to.match(/tags: must be an array/);
        });

        it('gets a tool error as an isError result', async () => {
          const outcome = await connected().callTool('update', { id: 'nope', changes: { title: 'x' } });
          expect(outcome.isError).to.equal(true);
          expect(outcome.text).to.include('No note has the id "nope"');
        });

        it('reads a resource, and is told when one does not exist', async () => {
          const [content] = await connected().readResource('notes://n1');
          expect(content).to.deep.include({ uri: 'notes://n1', mimeType: 'text/markdown' });
          expect(content?.text).to.match(/^# Welcome/);
          const missing = await connected()
            .readResource('notes://nope')
            .then(
              () => undefined,
              (thrown: unknown) => thrown,
            );
          expect(missing).to.be.instanceOf(Error);
        });

        it('renders a prompt', async () => {
          const messages = await connected().getPrompt('summarize', { id: 'n2', style: 'detailed' });
          expect(messages).to.have.length(2);
          expect(messages[1]?.text).to.include('Shopping');
        });
      });
    }
  });
}
