/** A note as stored and returned by the tools. */
export interface Note {
  /** Stable identifier, e.g. `n3`. */
  id: string;
  title: string;
  /** Markdown body. */
  body: string;
  tags: string[];
  /** ISO 8601 timestamps. */
  createdAt: string;
  updatedAt: string;
}

/** What lists and searches return: enough to pick a note, without its body. */
export interface NoteSummary {
  id: string;
  title: string;
  tags: string[];
  updatedAt: string;
}

/** Fields `update` may change; absent fields stay as they are. */
export interface NoteChanges {
  /** @minLength 1 */
  title?: string;
  /** @sensitive */
  body?: string;
  tags?: string[];
}

/** The result of `delete`. */
export interface DeleteOutcome {
  id: string;
  deleted: boolean;
  /** Why nothing was deleted: no note has that id, or the user did not confirm. */
  reason?: 'not-found' | 'not-confirmed';
}

/** The form `delete` shows before it deletes (armature build makes its schema from this type). */
export interface ConfirmDelete {
  /**
   * Check to delete the note for good; it cannot be undone.
   * @title Delete it
   */
  confirm: boolean;
}
