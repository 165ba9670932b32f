import {
  ForbiddenException,
  Injectable,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { mcpContext } from '@armature/nestjs';
import { tap, type Observable } from 'rxjs';
import { NotesService } from './notes.service';

/** How many notes the notebook holds. */
export const MAX_NOTES = 100;

/** A Nest guard, built by Nest's DI (it injects NotesService): refuses a note beyond the limit. */
@Injectable()
export class NoteLimitGuard implements CanActivate {
  constructor(private readonly notes: NotesService) {}

  canActivate(): boolean {
    if (this.notes.all().length < MAX_NOTES) return true;
    // The tool answers isError with this message, for the model to relay.
    throw new ForbiddenException(`The notebook is full (${MAX_NOTES} notes); it takes no more.`);
  }
}

/** A Nest interceptor: how long each MCP call took, on stderr (stdout is the terminal's). */
export class CallTiming implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = performance.now();
    const { kind, name } = mcpContext(context);
    return next.handle().pipe(tap(() => process.stderr.write(`${kind} ${name}: ${(performance.now() - started).toFixed(1)} ms\n`)));
  }
}
