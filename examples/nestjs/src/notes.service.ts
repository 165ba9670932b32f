import { Injectable } from '@nestjs/common';

/** A note as both the REST API and the MCP tools show it. */
export interface Note {
  id: number;
  title: string;
}

/** A plain Nest service: the REST controller and the MCP tools share this one instance. */
@Injectable()
export class NotesService {
  private readonly notes: Note[] = [];

  create(title: string): Note {
    const note = { id: this.notes.length + 1, title };
    this.notes.push(note);
    return note;
  }

  all(): Note[] {
    return [...this.notes];
  }
}
