import type { BearerAuthenticator } from '@armature/core/internal';
import type { HttpRequestView, HttpResponder } from '../exchange/http-exchange';
import { refuse } from './refuse';

const METADATA_HEADERS = ['content-type', 'application/json', 'cache-control', 'max-age=300'];
const METADATA_ALLOW = ['allow', 'GET, HEAD'];

/** True when `req` asks for the protected-resource metadata this handler serves. */
export function isMetadataRequest(req: HttpRequestView, auth: BearerAuthenticator | null): auth is BearerAuthenticator {
  return auth !== null && auth.metadataJson !== undefined && auth.metadataPaths.includes(req.path);
}

/**
 * Serves the RFC 9728 protected-resource metadata (§3.2: `200`, `application/json`). It is
 * public: no token is needed to read it, since a client reads it to learn how to get one.
 */
export function serveMetadata(req: HttpRequestView, res: HttpResponder, auth: BearerAuthenticator): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, `Method Not Allowed: ${req.method}`, METADATA_ALLOW);
  res.send(200, METADATA_HEADERS, auth.metadataJson);
}
