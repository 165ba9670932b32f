import { Injectable } from '@armature/di';
import { McpNotifier, Prompt, RequestContext, Resource, ResourceTemplate, Tool, ToolError, type CompletionContext } from '@armature/core';
import { Sensitive } from '@armature/core/observability';
import type { PromptMessage } from '@armature/core/wire/2025-11-25';
import type { ConfirmDelete, DeleteOutcome, Note, NoteChanges, NoteSummary } from './note.model';
import { NoteStore, summarize } from './note.store';

/** The index resource: every note's summary. */
export const INDEX_URI = 'notes://index';

/** The resource URI of one note. */
export function noteUri(id: string): string {
  return `notes://${encodeURIComponent(id)}`;
}

/**
 * Whether the client can answer a form elicitation: it declared `elicitation` with `form`, or
 * an empty `elicitation: {}` (which means form mode). Checked first, so that `delete` still
 * works for clients that cannot ask their user.
 */
function canAskForm(ctx: RequestContext): boolean {
  const elicitation = ctx.session.clientCapabilities.elicitation;
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
}

/** The MCP face of the note store. Every schema comes from these TypeScript signatures. */
@Injectable()
export class NotesHandlers {
  constructor(
    private readonly store: NoteStore,
    private readonly notifier: McpNotifier,
  ) {}

  /**
   * Create a note and return it.
   * @param title Short title shown in lists.
   * @param body The text of the note, in Markdown.
   * @param tags Free-form labels, e.g. ["work", "ideas"].
   * @minLength title 1
   * @maxLength title 200
   */
  @Tool({
    title: 'Create a note',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  })
  // The body is @Sensitive(): audit records (NOTES_AUDIT_LOG) show "[redacted]" in its place;
  // armature build stores the path in the manifest, nothing runs for it per call.
  create(title: string, @Sensitive() body: string, tags: string[] = []): Note {
    const note = this.store.create(title, body, tags);
    this.notifier.resourceUpdated(INDEX_URI);
    return note;
  }

  /**
   * Change the title, body or tags of a note. Fields left out stay as they are.
   * Subscribers of the note's resource are notified.
   * @param id The note's id, e.g. "n1" (see notes://index).
   * @param changes The fields to change.
   */
  @Tool({ title: 'Update a note', annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } })
  update(id: string, changes: NoteChanges): Note {
    const note = this.store.update(id, changes);
    if (!note) throw new ToolError(`No note has the id "${id}". Read notes://index or call search to find ids.`);
    this.notifier.resourceUpdated(noteUri(id));
    this.notifier.resourceUpdated(INDEX_URI);
    return note;
  }

  /**
   * Delete a note for good. When the client can show a form, the user is asked to confirm
   * first, and the note is kept unless they do.
   * @param id The note's id, e.g. "n1".
   */
  @Tool({ title: 'Delete a note', annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } })
  async delete(id: string, ctx: RequestContext): Promise<DeleteOutcome> {
    // Ask before changing anything: on MCP 2026-07-28 the handler runs again from the start
    // once the client answers, so nothing above the question may have side effects.
    const note = this.store.get(id);
    if (!note) return { id, deleted: false, reason: 'not-found' };
    if (canAskForm(ctx)) {
      // The form comes from the ConfirmDelete type (armature build); the key names it in the
      // manifest and, on 2026-07-28, in the round trip (inputRequests / inputResponses).
      const answer = await ctx.elicit<ConfirmDelete>(`Delete the note "${note.title}" (${id})? This cannot be undone.`, {
        key: 'confirm_delete',
      });
      if (answer.action !== 'accept' || !answer.content.confirm) return { id, deleted: false, reason: 'not-confirmed' };
    }
    const deleted = this.store.delete(id);
    if (deleted) {
      this.notifier.resourceUpdated(noteUri(id));
      this.notifier.resourceUpdated(INDEX_URI);
    }
    return deleted ? { id, deleted } : { id, deleted, reason: 'not-found' };
  }

  /**
   * Find notes whose title, body or tags contain the query (case-insensitive).
   * Reports progress as it goes through the notes.
   * @param query Text to look for.
   * @param limit Most results to return.
   * @minLength query 1
   * @minimum limit 1
   * @maximum limit 100
   */
  @Tool({ title: 'Search notes', annotations: { readOnlyHint: true, openWorldHint: false } })
  async search(query: string, limit = 10, ctx: RequestContext): Promise<NoteSummary[]> {
    const needle = query.toLowerCase();
    const notes = this.store.all();
    const found: NoteSummary[] = [];
    await ctx.log.debug({ query, notes: notes.length }, 'search');
    for (const [index, note] of notes.entries()) {
      if (ctx.signal.aborted) throw new ToolError('The search was cancelled.');
      const haystack = `${note.title}\n${note.body}\n${note.tags.join(' ')}`.toLowerCase();
      if (haystack.includes(needle)) found.push(summarize(note));
      await ctx.progress(index + 1, notes.length, `searched ${index + 1} of ${notes.length} notes`);
      if (found.length >= limit) break;
    }
    await ctx.log.info(`search "${query}" found ${found.length} note(s)`, 'search');
    return found;
  }

  /** Every note: id, title, tags and last change. */
  @Resource(INDEX_URI, { title: 'All notes', mimeType: 'application/json' })
  index(): NoteSummary[] {
    return this.store.all().map(summarize);
  }

  /**
   * One note as Markdown.
   * @param id The note's id.
   */
  @ResourceTemplate('notes://{id}', { title: 'A note', mimeType: 'text/markdown', complete: { id: 'completeId' } })
  note(id: string): string | undefined {
    const note = this.store.get(id);
    return note && `# ${note.title}\n\n${note.body}\n\nTags: ${note.tags.join(', ') || '(none)'}\n`;
  }

  /**
   * Ask the model to summarize one note.
   * @param id The note's id.
   * @param style "short" (one sentence) or "detailed" (a few bullet points).
   */
  @Prompt({ title: 'Summarize a note', complete: { id: 'completeId', style: 'completeStyle' } })
  summarize(id: string, style?: string): PromptMessage[] {
    const note = this.store.get(id);
    if (!note) throw new ToolError(`No note has the id "${id}".`);
    const how = style === 'detailed' ? 'in three to five bullet points' : 'in one sentence';
    return [
      { role: 'user', content: { type: 'resource', resource: { uri: noteUri(id), mimeType: 'text/markdown', text: note.body } } },
      { role: 'user', content: { type: 'text', text: `Summarize the note "${note.title}" above ${how}.` } },
    ];
  }

  /** Completes note ids for the `notes://{id}` template and the `summarize` prompt. */
  completeId(value: string): string[] {
    return this.store.idsStartingWith(value);
  }

  /** Completes the `style` argument of `summarize`. */
  completeStyle(value: string, context: CompletionContext): string[] {
    void context;
    return ['short', 'detailed'].filter((s) => s.startsWith(value));
  }
}
