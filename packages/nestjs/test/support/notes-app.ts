import 'reflect-metadata';
import { Body, Controller, Get, Injectable as NestInjectable, Module as NestModule, Post, type OnModuleDestroy } from '@nestjs/common';
import { Injectable, Module, type OnShutdown } from '@armature/di';
import { RequestContext, Tool } from '@armature/core';
import { ArmatureModule, type ArmatureModuleOptions } from '../../src';

/** A Nest service, shared by a REST controller and an MCP tool. */
@NestInjectable()
export class NotesService implements OnModuleDestroy {
  static destroyed = 0;
  private readonly notes: string[] = [];

  add(title: string): number {
    this.notes.push(title);
    return this.notes.length;
  }

  list(): readonly string[] {
    return this.notes;
  }

  onModuleDestroy(): void {
    NotesService.destroyed++;
  }
}

@NestModule({ providers: [NotesService], exports: [NotesService] })
export class NotesModule {}

@Controller('notes')
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  list(): { notes: readonly string[] } {
    return { notes: this.notes.list() };
  }

  @Post()
  create(@Body() body: { title: string }): { count: number } {
    return { count: this.notes.add(body.title) };
  }
}

/** An Armature provider with an Armature lifecycle hook, next to the bridged Nest service. */
@Injectable()
export class Clock implements OnShutdown {
  static shutDown = 0;

  now(): string {
    return 'tick';
  }

  onShutdown(): void {
    Clock.shutDown++;
  }
}

/** Armature handlers injecting a Nest service (bridged) and an Armature provider. */
@Injectable()
export class NotesTools {
  constructor(
    private readonly notes: NotesService,
    private readonly clock: Clock,
  ) {}

  @Tool({
    description: 'Adds a note.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
  })
  add(args: { title: string }): string {
    return `${this.notes.add(args.title)} notes (${this.clock.now()})`;
  }

  @Tool({ description: 'Lists the notes.', inputSchema: { type: 'object', additionalProperties: false } })
  list(): string {
    return this.notes.list().join(', ');
  }

  @Tool({ description: 'Reports progress twice.', inputSchema: { type: 'object', additionalProperties: false } })
  async steps(_args: object, ctx: RequestContext): Promise<string> {
    await ctx.progress(1, 2);
    await ctx.progress(2, 2);
    return 'done';
  }
}

@Module({ providers: [Clock], handlers: [NotesTools] })
export class McpModule {}

/** The module options the tests use (no manifest: the tools give their schemas). */
export const MCP_OPTIONS: ArmatureModuleOptions = {
  root: McpModule,
  app: {
    name: 'nest-notes',
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  },
};

/** The Nest application module: REST and MCP over the same NotesService. */
@NestModule({
  imports: [NotesModule, ArmatureModule.forRoot({ ...MCP_OPTIONS, imports: [NotesModule], providers: [NotesService] })],
  controllers: [NotesController],
})
export class AppModule {}
