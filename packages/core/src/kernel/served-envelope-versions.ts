import { ENVELOPE_VERSIONS } from './mcp-2026';

/**
 * Every version a sessionless request may name in its `_meta` envelope: those of the revisions
 * added with `addEnvelopeRevision` (the last added first), then MCP 2026-07-28's. What
 * `server/discover`, -32022's `data.supported`, the rate limiter and the server card read.
 *
 * Only the versions live here, and this module imports nothing but the 2026 wire facts: the
 * envelope reader (request-envelope.ts), which the 2026 revision itself imports, reads them
 * without a file circle. The registry (revision-registry.ts) keeps the revisions and is the
 * one writer.
 */
let served: readonly string[] = ENVELOPE_VERSIONS;

/** The versions served per request; one array until a revision is added or removed (callers may cache by it). */
export function servedEnvelopeVersions(): readonly string[] {
  return served;
}

/** Called by the registry whenever its revisions change: `added` are their versions, the last added first. */
export function publishAddedVersions(added: readonly string[]): void {
  served = added.length === 0 ? ENVELOPE_VERSIONS : Object.freeze([...added, ...ENVELOPE_VERSIONS]);
}
