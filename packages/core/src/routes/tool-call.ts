import type { RequestContext } from '../context/request-context';
import { McpWireError } from '../errors/wire-error';
import type { CallToolResult } from '../wire/mcp-types.generated';
import type { ServerLogger } from '../logging/server-logger';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { rateLimitedResult } from '../rate-limit/rate-limit-result';
import { spendCall } from '../rate-limit/spend-call';
import { OutputViolation } from '../results/output-violation';
import { readableThrown } from '../results/readable-thrown';
import { invalidArgumentsResult, thrownToolResult } from '../results/tool-error-result';
import { shapeToolResult, type ToolOutput } from '../results/tool-result.shaper';
import type { DtoValidator } from '../validation/dto-validation';
import type { Validator } from '../validation/validation-result';
import type { ScopeCheck } from './route-access';

/**
 * `tools/call` for one tool. The result is returned as is when every step was synchronous
 * (the session then answers at once: no promise, no microtask, no in-flight entry), and as a
 * promise as soon as one step is not (a DTO check, an async handler, guards or interceptors).
 */
export type ToolCall = (args: Record<string, unknown> | undefined, ctx: RequestContext) => CallToolResult | Promise<CallToolResult>;

/** What a tool's call pipeline is made of, all resolved at boot (`null`: the step is skipped). */
export interface ToolCallParts {
  readonly name: string;
  /** For log messages: `Class.method`. */
  readonly owner: string;
  readonly checkScopes: ScopeCheck | null;
  readonly limiter: RateLimiter | null;
  readonly sharedLimiter: RateLimiter | null;
  readonly validateInput: Validator;
  readonly checkDto: DtoValidator | null;
  /** Calls the handler (through guards and interceptors, if any); returns its value or a promise of it. */
  readonly run: (values: Readonly<Record<string, unknown>>, ctx: RequestContext) => unknown;
  readonly shaping: ToolOutput | null;
  readonly logger: ServerLogger;
}

/** Whether `await value` would wait: a promise or any thenable (reading `then` may throw, as it would for `await`). */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Compiles the pipeline scopes → rate limits → validate → (DTO) → handler → shape. Tool
 * failures become `isError` results; what the client must act on (scopes, URL elicitation) and
 * a result that cannot be sent are thrown (synchronously or as a rejection: the session answers
 * both the same way).
 */
export function compileToolCall(parts: ToolCallParts): ToolCall {
  const { name, owner, checkScopes, limiter, sharedLimiter, validateInput, checkDto, run, shaping, logger } = parts;
  const limited = limiter !== null || sharedLimiter !== null;

  const shape = (value: unknown): CallToolResult => {
    try {
      return shapeToolResult(value, shaping);
    } catch (thrown) {
      const error = readableThrown(thrown);
      if (error instanceof OutputViolation) {
        logger.error(`Tool "${name}" (${owner}) returned a result its outputSchema rejects: ${error.message}`);
      } else {
        logger.error(`Tool "${name}" (${owner}) returned a value that cannot be sent as JSON`, error);
      }
      throw McpWireError.internal();
    }
  };
  const failed = (error: unknown): CallToolResult => thrownToolResult(name, error, logger);

  const invokeAndShape = (values: Readonly<Record<string, unknown>>, ctx: RequestContext): CallToolResult | Promise<CallToolResult> => {
    let value: unknown;
    try {
      value = run(values, ctx);
      if (isThenable(value)) return Promise.resolve(value).then(shape, failed);
    } catch (error) {
      return failed(error);
    }
    return shape(value);
  };

  // Its own function, as invokeLimited below: a call without a DTO creates no closure, and no context.
  const invokeChecked = (values: Record<string, unknown>, ctx: RequestContext): Promise<CallToolResult> =>
    (checkDto as NonNullable<typeof checkDto>)(values).then((checked) =>
      checked.valid ? invokeAndShape(checked.value as Record<string, unknown>, ctx) : invalidArgumentsResult(name, checked.issues),
    );

  const validateAndInvoke = (args: Record<string, unknown> | undefined, ctx: RequestContext): CallToolResult | Promise<CallToolResult> => {
    const verdict = validateInput(args ?? {});
    if (!verdict.valid) return invalidArgumentsResult(name, verdict.issues);
    const values = verdict.value as Record<string, unknown>;
    return checkDto === null ? invokeAndShape(values, ctx) : invokeChecked(values, ctx);
  };

  // Its own function: the closure it may create would otherwise cost every call a context object.
  const invokeLimited: typeof validateAndInvoke = (args, ctx) => {
    const waitMs = spendCall(limiter, sharedLimiter, ctx);
    // A limit in a shared store answers later; a store that refuses to answer rejects (-32603).
    if (typeof waitMs !== 'number') return waitMs.then((ms) => (ms > 0 ? rateLimitedResult(name, ms) : validateAndInvoke(args, ctx)));
    if (waitMs > 0) return rateLimitedResult(name, waitMs);
    return validateAndInvoke(args, ctx);
  };

  return (args, ctx) => {
    if (checkScopes !== null) checkScopes(ctx);
    return limited ? invokeLimited(args, ctx) : validateAndInvoke(args, ctx);
  };
}
