import type { SessionInfo } from '../context/request-context';
import { LATEST_PROTOCOL_VERSION } from './protocol-versions';

/** Where a session is in the MCP lifecycle. */
export enum Phase {
  /** Waiting for `initialize`; only `initialize` and `ping` are served. */
  AwaitingInit = 0,
  /** `initialize` answered; waiting for `notifications/initialized` before sending anything unprompted. */
  Initialized = 1,
  /** Fully operational. */
  Ready = 2,
  /** Closed; everything is ignored. */
  Closed = 3,
}

/** `SessionInfo` before `initialize` has told us anything. */
export const placeholderSessionInfo: SessionInfo = Object.freeze({
  id: undefined,
  protocolVersion: LATEST_PROTOCOL_VERSION,
  clientInfo: undefined,
  clientCapabilities: Object.freeze({}),
});
