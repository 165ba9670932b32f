import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { loggingLevelRank } from '../protocol/logging-levels';
import type { RelatedRequest } from '../context/request-host';
import type { SessionInfo, SessionScope } from '../context/request-context';
import type { ClientCapabilities, Implementation } from '../wire/mcp-types.generated';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../protocol/protocol-versions';
import type { Phase } from '../protocol/session-phase';
import { ENVELOPE_VERSIONS, META } from './mcp-2026';
import { servedEnvelopeVersions } from './served-envelope-versions';

/**
 * What the server knows of a request's client: in 2026 what the request says about itself in
 * `params._meta` (RequestMetaObject); in 2025 what the session's `initialize` established.
 */
export interface RequestEnvelope {
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation | undefined;
  /** Severity rank of the log level; `Infinity` when none was set (then no log is sent). */
  readonly logRank: number;
  /**
   * The 2025 session the request belongs to: its state outlives the request. Absent for a
   * 2026 request, which is its own unit (its DI session scope lives as long as it does).
   */
  readonly session?: RequestSession;
}

/**
 * A 2025 session as its requests see it: it is their envelope, filled from its initialize
 * state (a live view: `logging/setLevel` applies to requests already running).
 */
export interface RequestSession extends RequestEnvelope {
  /** Where the session is in its lifecycle (the 2025 gate reads it). */
  readonly phase: Phase;
  /** What `ctx.session` returns. */
  readonly info: SessionInfo;
  /** The session's DI scope. */
  readonly sessionScope: SessionScope | undefined;
  /** Sends a server→client request on behalf of `related` (the 2025 way of asking the client). */
  askClient(method: string, params: Record<string, unknown>, related: RelatedRequest): Promise<Record<string, unknown>>;
}

/** Longest protocol version string echoed back in an error's `data.requested`. */
const MAX_ECHOED_VERSION = 64;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidEnvelope(reason: string): McpWireError {
  return McpWireError.invalidParams(
    `Invalid params: ${reason} (MCP 2026-07-28 requires params._meta with "${META.protocolVersion}" and "${META.clientCapabilities}")`,
  );
}

/** Every version this server speaks: the envelope revisions (added ones first), then those negotiated by `initialize`. */
export function allSupportedVersions(): string[] {
  return [...servedEnvelopeVersions(), ...SUPPORTED_PROTOCOL_VERSIONS];
}

/** -32022 for a version this server does not serve through the envelope. */
export function unsupportedVersion(requested: string): McpWireError {
  const shown = requested.length > MAX_ECHOED_VERSION ? `${requested.slice(0, MAX_ECHOED_VERSION)}…` : requested;
  const served = servedEnvelopeVersions();
  return new McpWireError(
    WireErrorCode.UnsupportedProtocolVersion,
    `Unsupported protocol version: ${JSON.stringify(shown)}; this server supports ${served.join(', ')} per request (and ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')} after initialize)`,
    // Exactly the versions an envelope may name (added revisions' too): a client retrying with one of them is served.
    { requested: shown, supported: [...served] },
  );
}

/**
 * Reads and checks the envelope of a 2026 request. Throws -32602 for a missing or malformed
 * envelope and -32022 for a protocol version this server does not serve per request
 * (`versions`: those of the revision reading it).
 */
export function readEnvelope(params: Readonly<Record<string, unknown>>, versions: readonly string[] = ENVELOPE_VERSIONS): RequestEnvelope {
  const meta = params._meta;
  if (meta === undefined) throw invalidEnvelope('the request has no _meta envelope');
  if (!isObject(meta)) throw invalidEnvelope('"_meta" must be an object');
  const version = meta[META.protocolVersion];
  if (version === undefined) throw invalidEnvelope(`"_meta" lacks "${META.protocolVersion}"`);
  if (typeof version !== 'string' || version.length === 0) throw invalidEnvelope(`"${META.protocolVersion}" must be a non-empty string`);
  if (!versions.includes(version)) throw unsupportedVersion(version);
  const capabilities = meta[META.clientCapabilities];
  if (capabilities === undefined) throw invalidEnvelope(`"_meta" lacks "${META.clientCapabilities}" (an empty object declares none)`);
  if (!isObject(capabilities)) throw invalidEnvelope(`"${META.clientCapabilities}" must be an object`);
  const problem = clientCapabilitiesProblem(capabilities);
  if (problem !== undefined) throw invalidEnvelope(`"${META.clientCapabilities}": ${problem}`);
  const info = meta[META.clientInfo];
  if (info !== undefined && !(isObject(info) && typeof info.name === 'string' && typeof info.version === 'string')) {
    throw invalidEnvelope(`"${META.clientInfo}" must be an object with string "name" and "version"`);
  }
  const level = meta[META.logLevel];
  let logRank = Infinity;
  if (level !== undefined) {
    logRank = loggingLevelRank(level);
    if (logRank < 0) throw invalidEnvelope(`"${META.logLevel}" must be a logging level (debug … emergency)`);
  }
  return {
    protocolVersion: version,
    clientCapabilities: capabilities as ClientCapabilities,
    clientInfo: info as Implementation | undefined,
    logRank,
  };
}

/** The members of `ClientCapabilities` (MCP 2026-07-28) whose own members the schema names, each a JSON object. */
const NAMED_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  elicitation: ['form', 'url'],
  sampling: ['context', 'tools'],
  roots: [],
};

/**
 * What makes `capabilities` invalid against the 2026-07-28 `ClientCapabilities` schema, or
 * undefined: the known capabilities (`elicitation`, `sampling`, `roots`) and their named members
 * must be objects, and `experimental` / `extensions` maps of objects; other keys are the client's
 * own (the set is open). A value such as `elicitation: "yes"` declares nothing and is refused.
 */
export function clientCapabilitiesProblem(capabilities: Readonly<Record<string, unknown>>): string | undefined {
  for (const [name, members] of Object.entries(NAMED_MEMBERS)) {
    const value = capabilities[name];
    if (value === undefined) continue;
    if (!isObject(value)) return `"${name}" must be an object`;
    for (const member of members) {
      if (value[member] !== undefined && !isObject(value[member])) return `"${name}.${member}" must be an object`;
    }
  }
  for (const name of ['experimental', 'extensions']) {
    const value = capabilities[name];
    if (value === undefined) continue;
    if (!isObject(value)) return `"${name}" must be an object`;
    if (!Object.values(value).every(isObject)) return `every entry of "${name}" must be an object`;
  }
  return undefined;
}
