import type { RequestContext } from '../context/request-context';
import type { CompletionValues } from '../metadata/handler-metadata.types';
import type { CompleteResult } from '../protocol/mcp-types.generated';
import { withInstance, type HandlerInstances } from './handler-instances';
import type { BoundCompleter } from './route-source';

/** MCP caps one completion response at 100 values. */
const MAX_VALUES = 100;

/** The empty completion: what an argument without a completer answers. */
export const NO_COMPLETION: CompleteResult['completion'] = Object.freeze({ values: [] as string[], total: 0, hasMore: false });

/** Normalizes a completer's answer: strings only, at most 100, with `total` and `hasMore`. */
export function toCompletion(answer: CompletionValues): CompleteResult['completion'] {
  const list: readonly unknown[] = Array.isArray(answer) ? answer : ((answer as CompleteResult['completion']).values ?? []);
  const strings = list.filter((v): v is string => typeof v === 'string');
  const values = strings.slice(0, MAX_VALUES);
  if (Array.isArray(answer)) return { values, total: strings.length, hasMore: strings.length > MAX_VALUES };
  const given = answer as CompleteResult['completion'];
  const completion: CompleteResult['completion'] = { values, hasMore: given.hasMore === true || strings.length > MAX_VALUES };
  if (typeof given.total === 'number' && Number.isInteger(given.total) && given.total >= 0) completion.total = given.total;
  return completion;
}

/** Runs one bound completer with the call's handler instance. */
export async function runCompleter(
  completer: BoundCompleter,
  instances: HandlerInstances,
  value: string,
  args: Readonly<Record<string, string>>,
  ctx: RequestContext,
): Promise<CompleteResult['completion']> {
  const answer = await withInstance(instances, ctx, (instance) => completer(instance, value, args, ctx));
  return toCompletion(answer);
}
