import type { RequestContext } from '../context/request-context';
import { assertScopes } from '../guards/required-scopes';
import type { RouteEnvironment } from './route-environment';
import type { RouteSource } from './route-source';

/** Checks a route's required scopes for one call; throws `InsufficientScopeError`. */
export type ScopeCheck = (ctx: RequestContext) => void;

/** The route's scope check, or `null` when it requires none. `what` names it in the error. */
export function compileScopeCheck(
  source: RouteSource,
  env: RouteEnvironment,
  what: string,
): { readonly required: readonly string[] | null; readonly check: ScopeCheck | null } {
  const required = env.policy.scopes(source);
  if (required === null) return { required, check: null };
  const allow = env.policy.allowUnauthenticated;
  return { required, check: (ctx) => assertScopes(required, ctx.authInfo, allow, what) };
}
