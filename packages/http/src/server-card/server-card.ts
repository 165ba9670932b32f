import { nodeCrypto } from '@armature/core/internal';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerCardSource } from './server-card-source';

/** The card schema version served (pre-release `v1` of the Server Card extension). */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** The Server Card media type. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** The `_meta` key the manifest's primitives are listed under (the card itself leaves primitives to run-time listing). */
export const CARD_PRIMITIVES_META_KEY = 'dev.armature/primitives';

/** The `server.json` fields a card carries over unchanged (identity and links). */
const CARRIED = ['name', 'version', 'description', 'title', 'websiteUrl', 'repository', 'icons'] as const;

/**
 * The card: identity from `server.json`, one Streamable HTTP remote at `url` with the
 * protocol versions this endpoint accepts, and (unless turned off) the manifest's tools,
 * resources, templates and prompts under the namespaced `_meta` key.
 */
export function buildServerCard(
  source: ServerCardSource,
  url: string,
  protocolVersions: readonly string[],
  listPrimitives: boolean,
): Record<string, unknown> {
  const card: Record<string, unknown> = { $schema: SERVER_CARD_SCHEMA_URL };
  for (const key of CARRIED) if (source.serverJson[key] !== undefined) card[key] = source.serverJson[key];
  card.remotes = [{ type: 'streamable-http', url, supportedProtocolVersions: [...protocolVersions] }];
  if (listPrimitives) card._meta = { [CARD_PRIMITIVES_META_KEY]: source.primitives };
  return card;
}

/** Headers the draft asks of a hosted card: readable from any origin (it is public), cacheable for an hour. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
};

/** Answers requests for the card: GET/HEAD (with ETag revalidation), OPTIONS preflight, 405 otherwise. */
export class ServerCardResponder {
  private readonly body: string;
  private readonly etag: string;

  constructor(card: Record<string, unknown>) {
    this.body = JSON.stringify(card);
    this.etag = `"${nodeCrypto().createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }

  serve(req: IncomingMessage, res: ServerResponse): void {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-max-age': '3600', 'content-length': 0 });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const body = 'Method Not Allowed: the server card is read with GET';
      res.writeHead(405, { ...CORS, allow: 'GET, HEAD, OPTIONS', 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    const head = { ...CORS, 'cache-control': 'public, max-age=3600', etag: this.etag };
    if (req.headers['if-none-match'] === this.etag) {
      res.writeHead(304, head);
      res.end();
      return;
    }
    res.writeHead(200, { ...head, 'content-type': SERVER_CARD_MEDIA_TYPE, 'content-length': Buffer.byteLength(this.body) });
    res.end(req.method === 'HEAD' ? undefined : this.body);
  }
}

/**
 * The card of one endpoint, built again when the request-scoped versions it lists change (a
 * revision added or removed with `addEnvelopeRevision`): `envelopeVersions` returns the same
 * array until they do, so an unchanged card keeps its body and ETag.
 */
export class ServerCardEndpoint {
  private builtFor: readonly string[];
  private responder: ServerCardResponder;

  constructor(
    private readonly envelopeVersions: () => readonly string[],
    private readonly cardOf: (envelopeVersions: readonly string[]) => Record<string, unknown>,
  ) {
    this.builtFor = envelopeVersions();
    this.responder = new ServerCardResponder(cardOf(this.builtFor));
  }

  serve(req: IncomingMessage, res: ServerResponse): void {
    const versions = this.envelopeVersions();
    if (versions !== this.builtFor) {
      this.builtFor = versions;
      this.responder = new ServerCardResponder(this.cardOf(versions));
    }
    this.responder.serve(req, res);
  }
}
