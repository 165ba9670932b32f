import { ArmatureError } from '@armature/di';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { wireEncoding } from '../errors/wire-encoding';
import { McpWireError } from '../errors/wire-error';
import { gate, LIFECYCLE_METHODS } from './lifecycle-methods';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/protocol-versions';
import { TASK_METHODS_2025 } from '../protocol/task-methods';
import { TASKS_2025 } from '../tasks/tasks-2025';
import { methodTable, type Revision } from '../kernel/revision';

/** The registry's 2025 numbers; a 2025 error travels in the body of a 200 (or on an SSE stream): sessions ignore the status. */
const WIRE_2025 = wireEncoding('2025-11-25', () => 200);

/**
 * MCP 2025-11-25 (and the earlier versions `initialize` negotiates): a request belongs to a
 * session, whose `initialize` state is its envelope; the lifecycle methods (`initialize`,
 * `ping`, `logging/setLevel`, `resources/subscribe|unsubscribe`) are served by the session;
 * the gate enforces the lifecycle phases; errors keep their numbers (-32002 for a missing
 * resource) and results go out as the feature returned them; a handler's question is a
 * server→client request on the session.
 */
export const REVISION_2025: Revision = Object.freeze({
  versions: SUPPORTED_PROTOCOL_VERSIONS,
  tasks: TASKS_2025,
  methods: methodTable([...LIFECYCLE_METHODS.keys()], TASK_METHODS_2025, TASKS_2025),
  envelopeOf(_params, session) {
    // Only a ServerSession serves this revision, and it always passes itself.
    if (session === undefined) throw McpWireError.internal('Internal error: a 2025-11-25 request needs its session');
    return session;
  },
  gate: (method, envelope) => (envelope.session === undefined ? undefined : gate(method, envelope.session.phase)),
  admit: () => undefined,
  encodeError: WIRE_2025.encode,
  httpStatus: WIRE_2025.httpStatus,
  decorate: (_exchange, result) => result,
  ask(exchange, method, params, related) {
    const session = exchange.envelope.session;
    if (session === undefined)
      return Promise.reject(new ArmatureError(EngineErrorCode.SESSION_NOT_READY, `Cannot send ${method}: the request has no session`));
    return session.askClient(method, params, related);
  },
} satisfies Revision);
