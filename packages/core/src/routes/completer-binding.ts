import { LocalErrorCode } from '../errors/local-error-codes';
import type { CompletionValues, MethodRecord } from '../metadata/handler-metadata.types';
import type { BootProblems } from './boot-problems';
import type { BoundCompleter } from './route-source';

type CompleterMethod = (
  value: string,
  context: { arguments: Readonly<Record<string, string>>; request: unknown },
) => CompletionValues | Promise<CompletionValues>;

/** What a tool or a fixed resource gets: they have no completers (shared, never written to). */
const NO_COMPLETERS: ReadonlyMap<string, BoundCompleter> = new Map();

/**
 * Binds a prompt's or template's `complete` option once: a method name must name a method of
 * the handler; a function is called with the handler instance as `this`.
 */
export function bindCompleters(
  owner: string,
  record: MethodRecord,
  prototype: Record<string, unknown> | undefined,
  problems: BootProblems,
): ReadonlyMap<string, BoundCompleter> {
  if (record.kind !== 'prompt' && record.kind !== 'resourceTemplate') return NO_COMPLETERS;
  const bound = new Map<string, BoundCompleter>();
  for (const [argument, completer] of Object.entries(record.options.complete ?? {})) {
    let fn: CompleterMethod | undefined;
    if (typeof completer === 'function') fn = completer as CompleterMethod;
    else if (typeof completer === 'string' && prototype && typeof prototype[completer] === 'function')
      fn = prototype[completer] as CompleterMethod;
    if (!fn) {
      problems.add(
        LocalErrorCode.INVALID_COMPLETER,
        `${owner}: the completer for "${argument}" is ${JSON.stringify(completer)}, which is not a method of the handler; name a method of the same class or pass a function.`,
      );
      continue;
    }
    const call = fn;
    bound.set(argument, (instance, value, args, ctx) => call.call(instance, value, { arguments: args, request: ctx }));
  }
  return bound;
}
