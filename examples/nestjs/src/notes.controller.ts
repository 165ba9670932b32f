import { Body, Controller, Get, Post } from '@nestjs/common';
import { NotesService, type Note } from './notes.service';

/** The REST side: GET /notes, POST /notes { title }. */
@Controller('notes')
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  list(): Note[] {
    return this.notes.all();
  }

  @Post()
  create(@Body() body: { title: string }): Note {
    return this.notes.create(body.title);
  }
}
