import type { ExchangeSink } from './exchange-sink';
import { Dispatcher } from './dispatcher';
import { serveRequest } from './request-exchange';
import type { Revision } from './revision';
import { REVISION_2026 } from './revision-2026';
import type { AbortableRequest, IncomingRequest, RequestKernel } from './request-kernel';

/**
 * The revisions a sessionless request may name (its `_meta` envelope's version, or its
 * `MCP-Protocol-Version` header): MCP 2026-07-28, then any revision added with
 * `addEnvelopeRevision`. Transports ask this, never a version list, which revision serves such
 * a request, so adding a revision edits no transport.
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

/** The revision that serves a sessionless request naming `version`, or undefined when none does. */
export function envelopeRevisionOf(version: unknown): Revision | undefined {
  if (typeof version !== 'string') return undefined;
  return addedRevisionOf(version) ?? (REVISION_2026.versions.includes(version) ? REVISION_2026 : undefined);
}

/**
 * Adds a revision served per request (a test's fake revision, or the next MCP revision before
 * it is built in). Its `envelopeOf` must accept its own versions. Returns what removes it again.
 * Process-wide: every app's request kernel serves it.
 */
export function addEnvelopeRevision(revision: Revision): () => void {
  added.unshift(revision);
  return () => {
    const at = added.indexOf(revision);
    if (at >= 0) added.splice(at, 1);
  };
}

/**
 * `RequestKernel.dispatch` under an added revision: the same shared request path
 * (`serveRequest`), with the app's kernel as the caller. The kernel's own `dispatch` serves
 * MCP 2026-07-28.
 */
export function dispatchUnder(
  revision: Revision,
  kernel: RequestKernel,
  request: IncomingRequest,
  sink: ExchangeSink,
): AbortableRequest | undefined {
  if (!(kernel instanceof Dispatcher)) throw new TypeError('An added revision is served by an Armature request kernel only');
  return serveRequest(kernel, revision, request, sink);
}
