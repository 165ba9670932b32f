import { Module } from '@nestjs/common';
import { ArmatureModule } from '@armature/nestjs';
import { McpModule } from './notes.tools';
import { NotesModule } from './notes.module';
import { NotesService } from './notes.service';

/** One Nest application: the REST API of NotesModule and the MCP endpoint at /mcp, over one NotesService. */
@Module({
  imports: [
    NotesModule,
    ArmatureModule.forRoot({
      root: McpModule,
      app: { name: 'nest-notes', version: '0.1.0' },
      imports: [NotesModule],
      providers: [NotesService],
    }),
  ],
})
export class AppModule {}
