import { McpWireError } from '@armature/core';
import { MCP_META_KEYS, methodTable, readEnvelope, type Revision } from '@armature/core/internal';

/**
 * A revision that exists only in the tests: one object built from the revision seam, added next
 * to MCP 2026-07-28 with `addEnvelopeRevision`. It proves that a third revision is one object
 * plus its wire numbering, served and advertised over every transport (HTTP, WebSocket, stdio);
 * no file that names the real revisions changes for it.
 */
export const FAKE_VERSION = '2099-01-01';

/** Where the fake revision's result decoration shows in a result's `_meta`. */
export const FAKE_MARK = 'test.fake/revision';

/**
 * The fake revision's numbering: every JSON-RPC server-range number moves down by 7000
 * (-32601 is sent as -39601), so a test sees that the fake revision numbered an error.
 */
export function fakeWireCode(code: number): number {
  return code <= -32000 && code >= -32768 ? code - 7000 : code;
}

export const FAKE_REVISION: Revision = Object.freeze({
  versions: [FAKE_VERSION],
  // The shared feature methods, no task methods, nothing served by the caller.
  methods: methodTable([]),
  envelopeOf: (params) => readEnvelope(params, [FAKE_VERSION]),
  gate: () => undefined,
  admit: () => undefined,
  encodeError: (response) => ({ ...response, error: { ...response.error, code: fakeWireCode(response.error.code) } }),
  httpStatus: (code, beforeRun) => (code === fakeWireCode(-32601) ? 404 : beforeRun ? 400 : 200),
  decorate: (_exchange, result) => {
    const meta = (result as { _meta?: Record<string, unknown> })._meta;
    return { ...result, _meta: { ...meta, [FAKE_MARK]: FAKE_VERSION } };
  },
  ask: () => Promise.reject(McpWireError.internal('The fake revision asks the client nothing')),
} satisfies Revision);

/** A request's `params` with the `_meta` envelope of the fake revision (its version, no client capabilities). */
export function withFakeEnvelope(params: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...params, _meta: { [MCP_META_KEYS.protocolVersion]: FAKE_VERSION, [MCP_META_KEYS.clientCapabilities]: {} } };
}
