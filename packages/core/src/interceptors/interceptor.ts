import type { ExecutionContext } from '../guards/execution-context';

/** The rest of the chain, as an interceptor sees it. */
export interface CallHandler<T = unknown> {
  /** Runs the next interceptor, or the handler; resolves with what the handler returned. */
  handle(): Promise<T>;
}

/**
 * Wraps calls to routes (NestJS's `NestInterceptor`, with promises): do work before and
 * after `next.handle()`, change the value the handler returned (before it is shaped into a
 * result), map or catch errors, or answer without calling the handler at all. Interceptors
 * run after guards, in the order global → class → method, the first outermost.
 *
 * @example
 * ```ts
 * class Timing implements Interceptor {
 *   async intercept(context: ExecutionContext, next: CallHandler): Promise<unknown> {
 *     const started = performance.now();
 *     try {
 *       return await next.handle();
 *     } finally {
 *       process.stderr.write(`${context.name} took ${performance.now() - started} ms\n`);
 *     }
 *   }
 * }
 * ```
 */
export interface Interceptor {
  intercept(context: ExecutionContext, next: CallHandler): unknown;
}

/** True for an object with an `intercept` method. */
export function isInterceptor(value: unknown): value is Interceptor {
  return typeof value === 'object' && value !== null && typeof (value as { intercept?: unknown }).intercept === 'function';
}
