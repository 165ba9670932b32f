import { McpWireError } from '../errors/wire-error';
import { wireEncoding } from '../errors/wire-encoding';
import { InputAsker } from './input-asker';
import { ENVELOPE_VERSIONS } from './mcp-2026';
import { readEnvelope } from './request-envelope';
import { TASK_METHODS_2026 } from '../protocol/task-methods';
import { isTaskHandle } from '../tasks/task-wire';
import { TASKS_2026 } from '../tasks/tasks-2026';
import { methodTable, type Revision } from './revision';

export { PROTOCOL_2026, ENVELOPE_VERSIONS, META, ONLY_2026, REMOVED_IN_2026, hasEnvelope } from './mcp-2026';

/**
 * The registry's 2026 numbers and statuses; an error whose status it does not fix is 400 when
 * refused before the method runs (a malformed envelope) and travels in a 200 otherwise.
 */
const WIRE_2026 = wireEncoding('2026-07-28', (beforeRun) => (beforeRun ? 400 : 200));

/**
 * MCP 2026-07-28: every request describes itself (`_meta` envelope), needs no session and
 * passes no gate; `server/discover` and `subscriptions/listen` are served by the dispatcher;
 * results carry `resultType`, `serverInfo` and cache hints; a missing resource is -32602 with
 * `data.uri`; errors of the envelope, version, headers and capabilities are HTTP 400 and an
 * unknown method 404; a handler's question ends the attempt with `input_required`.
 */
export const REVISION_2026: Revision = Object.freeze({
  versions: ENVELOPE_VERSIONS,
  tasks: TASKS_2026,
  methods: methodTable(['server/discover', 'subscriptions/listen'], TASK_METHODS_2026, TASKS_2026),
  envelopeOf: (params) => readEnvelope(params),
  gate: () => undefined,
  admit: (exchange) => InputAsker.admit(exchange),
  encodeError: WIRE_2026.encode,
  httpStatus: WIRE_2026.httpStatus,
  decorate(exchange, result) {
    const decoration = exchange.kernel.decoration;
    if (decoration === undefined) throw McpWireError.internal('Internal error: this caller cannot decorate a 2026 result');
    // A task-creating tools/call answers with the task (tasks extension: resultType "task").
    return isTaskHandle(result) ? decoration.other('task', result) : decoration.complete(exchange.method, result);
  },
  ask: (exchange, method, params, _related, key) => InputAsker.ask(exchange, method, params, key),
} satisfies Revision);
