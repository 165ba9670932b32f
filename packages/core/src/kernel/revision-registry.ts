import type { RequestParamsRecord } from '../protocol/request-params';
import { META } from './mcp-2026';
import type { Revision } from './revision';
import { REVISION_2026 } from './revision-2026';
import { publishAddedVersions } from './served-envelope-versions';

/**
 * The revisions a sessionless request may name (its `_meta` envelope's version, or its
 * `MCP-Protocol-Version` header): MCP 2026-07-28, then any revision added with
 * `addEnvelopeRevision`. Transports ask this, never a version list, which revision serves such
 * a request, and the request kernel's `dispatch` chooses by it, so adding a revision edits no
 * transport.
 */
const added: Revision[] = [];

/** The added revision that serves `version`, or undefined (the built-in revisions serve the rest). */
export function addedRevisionOf(version: unknown): Revision | undefined {
  if (typeof version !== 'string' || added.length === 0) return undefined;
  return revisionNaming(version);
}

// Apart from addedRevisionOf, and without a closure over `version`: the check above runs on
// every 2026 request, and a closure there would cost that request a context object.
function revisionNaming(version: string): Revision | undefined {
  for (const revision of added) if (revision.versions.includes(version)) return revision;
  return undefined;
}

/** True while no revision is added: the request kernel then serves every request under 2026-07-28 without looking further. */
export function noRevisionAdded(): boolean {
  return added.length === 0;
}

/**
 * The revision that serves a sessionless request with these params: the added revision its
 * envelope's version names, else MCP 2026-07-28 (which also refuses a missing envelope, -32602,
 * and a version nobody serves, -32022).
 */
export function revisionForEnvelope(params: RequestParamsRecord): Revision {
  const meta = params._meta;
  const version = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[META.protocolVersion] : undefined;
  return addedRevisionOf(version) ?? REVISION_2026;
}

/** The revision that serves a sessionless request naming `version`, or undefined when none does. */
export function envelopeRevisionOf(version: unknown): Revision | undefined {
  if (typeof version !== 'string') return undefined;
  return addedRevisionOf(version) ?? (REVISION_2026.versions.includes(version) ? REVISION_2026 : undefined);
}

/**
 * Adds a revision served per request (a test's fake revision, or the next MCP revision before
 * it is built in): the request kernel serves the requests whose envelope names one of its
 * versions, over every transport, and `server/discover`, -32022 and the server card list them
 * (`servedEnvelopeVersions`). Its `envelopeOf` must accept its own versions. Returns what
 * removes it again. Process-wide: every app's request kernel serves it.
 */
export function addEnvelopeRevision(revision: Revision): () => void {
  added.unshift(revision);
  publish();
  return () => {
    const at = added.indexOf(revision);
    if (at < 0) return;
    added.splice(at, 1);
    publish();
  };
}

function publish(): void {
  publishAddedVersions(added.flatMap((revision) => revision.versions));
}
