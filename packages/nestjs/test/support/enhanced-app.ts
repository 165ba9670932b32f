import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import {
  BadRequestException,
  Catch,
  ConflictException,
  InternalServerErrorException,
  ForbiddenException,
  Injectable as NestInjectable,
  Module as NestModule,
  NotFoundException,
  RequestTimeoutException,
  SetMetadata,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  type ArgumentMetadata,
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, map, tap, throwError, timeout, TimeoutError, type Observable } from 'rxjs';
import { Injectable, Module } from '@armature/di';
import { Prompt, Resource, Tool, type AuthInfo } from '@armature/core';
import { ArmatureModule, mcpContext, type ArmatureModuleOptions } from '../../src';

/** A Nest service every enhancer writes to: the order things ran in, and what they saw. */
@NestInjectable()
export class Journal {
  readonly events: string[] = [];
  readonly seen: {
    type: string;
    className: string;
    handlerName: string;
    name: string;
    revision: string;
    session: boolean;
    data: unknown;
  }[] = [];

  note(event: string): void {
    this.events.push(event);
  }
}

/** A Nest service the editor guard asks (a constructor dependency, injected by Nest). */
@NestInjectable()
export class Roles {
  of(clientId: string | undefined): readonly string[] {
    return clientId === 'ada' ? ['editor'] : [];
  }
}

@NestModule({ providers: [Journal, Roles], exports: [Journal, Roles] })
export class JournalModule {}

export const NeedsRole = (role: string) => SetMetadata('role', role);

/** Module-wide guard (the `enhancers` option): records, refuses nobody. */
@NestInjectable()
export class EveryCallGuard implements CanActivate {
  constructor(private readonly journal: Journal) {}

  canActivate(): boolean {
    this.journal.note('guard:module');
    return true;
  }
}

/** Class guard: refuses `mallory` (a plain `false`), records what the context carries. */
@NestInjectable()
export class PrincipalGuard implements CanActivate {
  constructor(private readonly journal: Journal) {}

  canActivate(context: ExecutionContext): boolean {
    this.journal.note('guard:class');
    const mcp = mcpContext(context);
    this.journal.seen.push({
      type: context.getType(),
      className: context.getClass().name,
      handlerName: context.getHandler().name,
      name: mcp.name,
      revision: mcp.protocolVersion,
      session: mcp.sessionId !== undefined,
      data: context.switchToRpc().getData(),
    });
    return mcp.authInfo?.clientId !== 'mallory';
  }
}

/** Method guard: Nest's `Reflector` and a Nest service, both injected; throws `ForbiddenException` with a reason. */
@NestInjectable()
export class RoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly roles: Roles,
    private readonly journal: Journal,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    this.journal.note('guard:method');
    const needed = this.reflector.get<string | undefined>('role', context.getHandler());
    if (needed === undefined || this.roles.of(mcpContext(context).authInfo?.clientId).includes(needed)) return true;
    throw new ForbiddenException(`Only ${needed}s may do this.`);
  }
}

/** Records before and after, around everything inside it. */
class Recording implements NestInterceptor {
  constructor(
    private readonly journal: Journal,
    private readonly label: string,
  ) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.journal.note(`interceptor:${this.label}:before`);
    return next.handle().pipe(tap(() => this.journal.note(`interceptor:${this.label}:after`)));
  }
}

@NestInjectable()
export class ModuleInterceptor extends Recording {
  constructor(journal: Journal) {
    super(journal, 'module');
  }
}

/** Class interceptor: times the call and maps the handler's value (a string gets a suffix). */
@NestInjectable()
export class TimingInterceptor implements NestInterceptor {
  constructor(private readonly journal: Journal) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.journal.note('interceptor:class:before');
    const started = performance.now();
    return next.handle().pipe(
      map((value) => (typeof value === 'string' ? `${value} (timed)` : value)),
      tap(() => this.journal.note(`interceptor:class:after:${performance.now() - started >= 0 ? 'measured' : 'clock went back'}`)),
    );
  }
}

@NestInjectable()
export class MethodInterceptor extends Recording {
  constructor(journal: Journal) {
    super(journal, 'method');
  }
}

/** Gives up on a slow handler: rxjs `timeout` and `catchError` on the handler's stream. */
export class Deadline implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      timeout(50),
      catchError((error: unknown) =>
        throwError(() =>
          error instanceof TimeoutError ? new RequestTimeoutException('The notes store took too long; try again.') : error,
        ),
      ),
    );
  }
}

/** Validates and transforms the arguments object: a blank title is refused, a title is trimmed. */
@NestInjectable()
export class TitlePipe implements PipeTransform {
  constructor(private readonly journal: Journal) {}

  transform(value: { title?: unknown }, metadata: ArgumentMetadata): { title: string } {
    this.journal.note(`pipe:${metadata.type}`);
    if (typeof value.title !== 'string' || value.title.trim() === '') throw new BadRequestException('title must not be blank');
    return { ...value, title: value.title.trim() };
  }
}

/** Shapes a missing note into an answer the model can act on. */
@Catch(NotFoundException)
@NestInjectable()
export class NoteNotFoundFilter implements ExceptionFilter {
  constructor(private readonly journal: Journal) {}

  catch(exception: NotFoundException, host: ArgumentsHost): string {
    this.journal.note(`filter:${host.getType()}`);
    return `${exception.message} Call "add" first.`;
  }
}

/** Lets a test hold a handler until it has seen the interceptor give up. */
export const gate = { open: (): void => undefined };

/** Armature handlers decorated with Nest's enhancers. */
@Injectable()
@UseGuards(PrincipalGuard)
@UseInterceptors(TimingInterceptor)
export class GuardedNotes {
  constructor(private readonly journal: Journal) {}

  @NeedsRole('editor')
  @UseGuards(RoleGuard)
  @UseInterceptors(MethodInterceptor)
  @UsePipes(TitlePipe)
  @Tool({
    description: 'Adds a note.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
  })
  add(args: { title: string }): string {
    this.journal.note(`handler:${args.title}`);
    return `added "${args.title}"`;
  }

  @UseFilters(NoteNotFoundFilter)
  @Tool({
    description: 'Opens a note.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
  })
  open(args: { id: string }): string {
    throw new NotFoundException(`No note "${args.id.slice(0, 20)}".`);
  }

  @Tool({ description: 'Removes every note.', inputSchema: { type: 'object', additionalProperties: false } })
  purge(): string {
    throw new ForbiddenException('Only administrators may purge notes.');
  }

  @Tool({
    description: 'Imports notes.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
  })
  import(args: { text: string }): string {
    // A message quoting everything the client sent: the answer carries a bounded prefix.
    throw new ConflictException(`Cannot import ${args.text}`);
  }

  @Tool({ description: 'Breaks.', inputSchema: { type: 'object', additionalProperties: false } })
  crash(): string {
    throw new InternalServerErrorException('database password rejected at db.internal:5432');
  }

  @UseInterceptors(Deadline)
  @Tool({ description: 'Waits on a slow store.', inputSchema: { type: 'object', additionalProperties: false } })
  async slow(): Promise<string> {
    await new Promise<void>((resolve) => {
      gate.open = resolve;
      setTimeout(resolve, 5000).unref();
    });
    return 'finally';
  }

  @Prompt({ description: 'Summarises the notes.' })
  summary(): string {
    return 'Summarise the notes.';
  }

  @Resource('notes://index', { mimeType: 'text/plain' })
  index(): string {
    return 'the index';
  }

  @Resource('notes://archived', { mimeType: 'text/plain' })
  archived(): string {
    throw new NotFoundException('The archive was moved to notes://index.');
  }
}

/** A handler class with no Nest enhancer of its own. */
@Injectable()
export class PlainTools {
  @Tool({ description: 'Echoes.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false } })
  echo(args: { text?: string }): string {
    return args.text ?? '';
  }
}

@Module({ handlers: [GuardedNotes, PlainTools] })
export class EnhancedMcpModule {}

/** The principal: the `x-user` header a test's client sends. */
function principalOf(req: IncomingMessage): AuthInfo | undefined {
  const user = req.headers['x-user'];
  return typeof user === 'string' ? { token: 'from-header', clientId: user, scopes: [] } : undefined;
}

export const ENHANCED_OPTIONS: ArmatureModuleOptions = {
  root: EnhancedMcpModule,
  app: {
    name: 'nest-enhanced',
    version: '1.0.0',
    manifest: { armature: 1, handlers: {} },
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
  },
  authInfo: principalOf,
};

@NestModule({
  imports: [
    JournalModule,
    ArmatureModule.forRoot({
      ...ENHANCED_OPTIONS,
      imports: [JournalModule],
      providers: [Journal],
      enhancers: { guards: [EveryCallGuard], interceptors: [ModuleInterceptor] },
    }),
  ],
})
export class EnhancedAppModule {}
