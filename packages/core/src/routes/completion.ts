import type { RequestContext } from '../context/request-context';
import type { CompletionValues } from '../metadata/handler-metadata.types';
import type { CompleteResult } from '../wire/mcp-types.generated';
import { readableThrown } from '../results/readable-thrown';
import { withInstance, type HandlerInstances } from './handler-instances';
import type { ScopeCheck } from './route-access';
import type { Enhance } from './route-pipeline';
import type { BoundCompleter } from './route-source';

/** MCP caps one completion response at 100 values. */
const MAX_VALUES = 100;

/** The empty completion: what an argument without a completer answers. */
export const NO_COMPLETION: CompleteResult['completion'] = Object.freeze({ values: [] as string[], total: 0, hasMore: false });

/** Normalizes a completer's answer: strings only, at most 100, with `total` and `hasMore`; anything else is no values. */
export function toCompletion(answer: CompletionValues): CompleteResult['completion'] {
  if (typeof answer !== 'object' || answer === null) return { values: [], total: 0, hasMore: false };
  const given: unknown = Array.isArray(answer) ? answer : (answer as CompleteResult['completion']).values;
  const list: readonly unknown[] = Array.isArray(given) ? given : [];
  const strings = list.filter((v): v is string => typeof v === 'string');
  const values = strings.slice(0, MAX_VALUES);
  if (Array.isArray(answer)) return { values, total: strings.length, hasMore: strings.length > MAX_VALUES };
  const full = answer as CompleteResult['completion'];
  const completion: CompleteResult['completion'] = { values, hasMore: full.hasMore === true || strings.length > MAX_VALUES };
  if (typeof full.total === 'number' && Number.isInteger(full.total) && full.total >= 0) completion.total = full.total;
  return completion;
}

/**
 * Runs one bound completer with the call's handler instance, behind the route's scope check,
 * guards and interceptors (which see the resolved arguments plus the partial value).
 */
export async function runCompleter(
  completer: BoundCompleter,
  instances: HandlerInstances,
  argument: string,
  value: string,
  args: Readonly<Record<string, string>>,
  ctx: RequestContext,
  checkScopes: ScopeCheck | null = null,
  enhance: Enhance | null = null,
): Promise<CompleteResult['completion']> {
  if (checkScopes !== null) checkScopes(ctx);
  const run = (): Promise<unknown> => withInstance(instances, ctx, (instance) => completer(instance, value, args, ctx));
  let answer: unknown;
  try {
    if (enhance === null) {
      answer = await run();
    } else {
      const seen: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const [key, given] of Object.entries(args)) seen[key] = given;
      Object.defineProperty(seen, argument, { value, enumerable: true });
      answer = await enhance(seen, ctx, run);
    }
  } catch (error) {
    throw readableThrown(error);
  }
  return toCompletion(answer as CompletionValues);
}
