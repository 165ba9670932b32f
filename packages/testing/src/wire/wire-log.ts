import type { JSONRPCMessage } from '@armature/core/wire/2025-11-25';

/** What one test client received from the server, each message checked against the MCP schema. */
export interface WireLog {
  /** Every message the server sent, in order. */
  readonly received: readonly JSONRPCMessage[];
  /** One line per schema violation found so far (empty when all is well). */
  readonly violations: readonly string[];
  /** The notifications and requests the server sent with this method, in order. */
  messagesWithMethod(method: string): JSONRPCMessage[];
  /** Throws `ARM_ERR_WIRE_VIOLATION` listing every violation, if there is any. */
  assertClean(): void;
}
