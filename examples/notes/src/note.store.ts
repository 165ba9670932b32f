import { Injectable } from '@armature/di';
import type { Note, NoteChanges, NoteSummary } from './note.model';

/** Summary of a note, for lists. */
export function summarize(note: Note): NoteSummary {
  return { id: note.id, title: note.title, tags: [...note.tags], updatedAt: note.updatedAt };
}

/**
 * The notes, in memory. A real server would put a database behind the same methods; the
 * handlers only see this class, injected by the container.
 */
@Injectable()
export class NoteStore {
  private readonly notes = new Map<string, Note>();
  private nextId = 1;

  constructor() {
    this.create('Welcome', 'This server keeps **notes**. Try the `search` tool.', ['intro']);
    this.create('Shopping', '- milk\n- bread\n- coffee', ['home', 'list']);
  }

  create(title: string, body: string, tags: readonly string[]): Note {
    const now = new Date().toISOString();
    const note: Note = { id: `n${this.nextId++}`, title, body, tags: [...new Set(tags)], createdAt: now, updatedAt: now };
    this.notes.set(note.id, note);
    return { ...note, tags: [...note.tags] };
  }

  get(id: string): Note | undefined {
    const note = this.notes.get(id);
    return note && { ...note, tags: [...note.tags] };
  }

  update(id: string, changes: NoteChanges): Note | undefined {
    const note = this.notes.get(id);
    if (!note) return undefined;
    if (changes.title !== undefined) note.title = changes.title;
    if (changes.body !== undefined) note.body = changes.body;
    if (changes.tags !== undefined) note.tags = [...new Set(changes.tags)];
    note.updatedAt = new Date().toISOString();
    return this.get(id);
  }

  delete(id: string): boolean {
    return this.notes.delete(id);
  }

  /** Every note, oldest first. */
  all(): Note[] {
    return [...this.notes.values()].map((n) => ({ ...n, tags: [...n.tags] }));
  }

  /** Ids starting with `prefix`, for completion. */
  idsStartingWith(prefix: string): string[] {
    return [...this.notes.keys()].filter((id) => id.startsWith(prefix));
  }
}
