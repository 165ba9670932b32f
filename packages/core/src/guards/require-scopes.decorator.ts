import { appendOn, type ClassOrMethodDecorator } from '../metadata/enhancer-metadata';
import { REQUIRED_SCOPES } from '../metadata/metadata.keys';

/**
 * Requires OAuth scopes (every one listed) for every route of a class, or for one method; the
 * same as the `scopes` option of `@Tool`, `@Resource`, `@ResourceTemplate` and `@Prompt`, and
 * cumulative with it. They are checked against `ctx.authInfo.scopes` before anything else;
 * routes the principal may not use are left out of the list results, and a call answers
 * `InsufficientScopeError` (JSON-RPC -32003; HTTP 403 `insufficient_scope`).
 *
 * @example
 * ```ts
 * @RequireScopes('notes:write')
 * @Tool({ inputSchema: { type: 'object', properties: { id: { type: 'string' } } } })
 * remove(args: { id: string }): string { … }
 * ```
 */
export function RequireScopes(...scopes: string[]): ClassOrMethodDecorator {
  return appendOn(REQUIRED_SCOPES, scopes);
}
