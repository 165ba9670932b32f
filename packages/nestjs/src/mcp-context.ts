import type { ArgumentsHost } from '@nestjs/common';
import type { AuthInfo, RequestContext, RouteKind } from '@armature/core';

/** What `ExecutionContext.getType()` answers for an MCP call. */
export const MCP_CONTEXT_TYPE = 'mcp';

/** The facts of one MCP call, as Nest guards, interceptors, pipes and filters read them (`mcpContext(host)`). */
export interface McpContext {
  /** `tool` (`tools/call`), `prompt` (`prompts/get`), `resource` or `resourceTemplate` (`resources/read`). */
  readonly kind: Exclude<RouteKind, 'completion'>;
  /** Tool or prompt name, resource URI, or URI template. */
  readonly name: string;
  /** The tool's validated arguments, the prompt's arguments, the template's variables; `{}` for a fixed resource. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Who the transport authenticated (from `http.verifyToken` or the module's `authInfo`); undefined when nobody was. */
  readonly authInfo: AuthInfo | undefined;
  /** The MCP revision the call speaks: `2025-11-25` or `2026-07-28`. */
  readonly protocolVersion: string;
  /** The Streamable HTTP session (`Mcp-Session-Id`); undefined for MCP 2026-07-28 calls, which have none. */
  readonly sessionId: string | undefined;
  /** Armature's request context: `signal`, `log`, `progress()`, `meta`… */
  readonly request: RequestContext;
}

/**
 * The MCP facts of a Nest `ExecutionContext` (or `ArgumentsHost`) whose `getType()` is `'mcp'`.
 * `switchToRpc().getData()` is the arguments object; this is the rest of the call.
 *
 * @throws TypeError when the context is not an MCP call (an HTTP request, say): check
 * `host.getType() === 'mcp'` first in an enhancer that serves both.
 */
export function mcpContext(host: ArgumentsHost): McpContext {
  if (host.getType<string>() !== MCP_CONTEXT_TYPE) {
    throw new TypeError(`mcpContext() needs an MCP execution context; this one is "${host.getType()}".`);
  }
  return host.getArgByIndex<McpContext>(1);
}
