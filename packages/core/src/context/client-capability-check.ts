import type { ClientCapabilities } from '../wire/mcp-types.generated';

/**
 * The capability a server→client request needs that the client did not declare, or
 * undefined when it may be sent (MCP: never send a request the client did not declare).
 */
export function missingClientCapability(method: string, params: Record<string, unknown>, caps: ClientCapabilities): string | undefined {
  switch (method) {
    case 'elicitation/create': {
      const elicitation = caps.elicitation;
      if (params.mode === 'url') return elicitation?.url ? undefined : 'elicitation.url';
      if (!elicitation) return 'elicitation';
      // An empty `elicitation: {}` means form mode only (2025-11-25 backwards compatibility).
      return elicitation.form === undefined && elicitation.url !== undefined ? 'elicitation.form' : undefined;
    }
    case 'sampling/createMessage': {
      const sampling = caps.sampling;
      if (!sampling) return 'sampling';
      if ((params.tools !== undefined || params.toolChoice !== undefined) && !sampling.tools) return 'sampling.tools';
      const include = params.includeContext;
      if ((include === 'thisServer' || include === 'allServers') && !sampling.context) return 'sampling.context';
      return undefined;
    }
    case 'roots/list':
      return caps.roots ? undefined : 'roots';
    default:
      return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why the client's result for `method` has the wrong shape, or undefined when it is usable. */
export function invalidClientResult(method: string, result: Record<string, unknown>): string | undefined {
  switch (method) {
    case 'elicitation/create': {
      const action = result.action;
      if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return '"action" must be accept, decline or cancel';
      return result.content === undefined || isObject(result.content) ? undefined : '"content" must be an object';
    }
    case 'sampling/createMessage':
      if (result.role !== 'user' && result.role !== 'assistant') return '"role" must be user or assistant';
      if (typeof result.model !== 'string') return '"model" must be a string';
      return isObject(result.content) || Array.isArray(result.content) ? undefined : '"content" must be a content block';
    case 'roots/list': {
      const roots = result.roots;
      if (!Array.isArray(roots)) return '"roots" must be an array';
      return roots.every((root) => isObject(root) && typeof root.uri === 'string') ? undefined : 'every root needs a string "uri"';
    }
    default:
      return undefined;
  }
}
