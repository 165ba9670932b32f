import { UseGuards, UseInterceptors } from '@nestjs/common';
import { Injectable, Module } from '@armature/di';
import { Tool } from '@armature/core';
import { CallTiming, NoteLimitGuard } from './notes.enhancers';
import { NotesService, type Note } from './notes.service';

/**
 * The MCP side: Armature handlers injecting the Nest service (bridged by ArmatureModule), with
 * Nest's own guard and interceptor decorators.
 */
@Injectable()
@UseInterceptors(CallTiming)
export class NotesTools {
  constructor(private readonly notes: NotesService) {}

  /**
   * Creates a note, visible at GET /notes too.
   * @param title The note's title.
   * @minLength title 1
   */
  @UseGuards(NoteLimitGuard)
  @Tool()
  create(title: string): Note {
    return this.notes.create(title);
  }

  /** Lists every note, including those created over REST. */
  @Tool({ annotations: { readOnlyHint: true } })
  list(): Note[] {
    return this.notes.all();
  }
}

@Module({ handlers: [NotesTools] })
export class McpModule {}
