import type { ActiveRequestContext } from '../context/active-request-context';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { TASKS_EXTENSION } from './task-model';

/** Whether a 2026 request declared the tasks extension in its capabilities. */
export function declaresTasks(ctx: ActiveRequestContext): boolean {
  const extensions = (ctx.session.clientCapabilities as { extensions?: unknown }).extensions;
  return typeof extensions === 'object' && extensions !== null && (extensions as Record<string, unknown>)[TASKS_EXTENSION] !== undefined;
}

/** -32021 for a 2026 request that needs the tasks extension it did not declare. */
export function missingTasksExtension(what: string): McpWireError {
  return new McpWireError(
    WireErrorCode.MissingRequiredClientCapability,
    `Missing required client capability: ${what} needs the "${TASKS_EXTENSION}" extension (declare it in _meta "io.modelcontextprotocol/clientCapabilities".extensions)`,
    {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    },
  );
}
