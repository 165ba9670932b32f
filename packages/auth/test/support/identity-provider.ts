import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How the JWKS endpoint behaves. */
export type JwksMode = 'serve' | 'hang' | 'huge' | 'fail';

/** An introspection answer, by token. */
export type IntrospectionTable = Record<string, Record<string, unknown>>;

/**
 * A small identity provider on 127.0.0.1 (OS-chosen port) for the verifier tests: a JWKS whose
 * keys the test swaps (rotation) and whose endpoint can hang, answer too much or fail; OIDC
 * discovery; RFC 7662 introspection from a table. It counts requests and closes every socket on `close()`.
 */
export class IdentityProvider {
  jwks: { keys: Record<string, unknown>[] } = { keys: [] };
  jwksMode: JwksMode = 'serve';
  introspection: IntrospectionTable = {};
  /** The Basic credentials introspection requires (`user:password`), if any. */
  introspectionCredentials: string | undefined;
  discovery: Record<string, unknown> | undefined;
  readonly hits = { jwks: 0, introspection: 0, openid: 0, oauth: 0 };
  /** Every request body introspection received (to check what was sent). */
  readonly introspectionBodies: string[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<IdentityProvider> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const provider = new IdentityProvider(server, `http://127.0.0.1:${address.port}`);
    server.on('connection', (socket) => {
      provider.sockets.add(socket);
      socket.once('close', () => provider.sockets.delete(socket));
    });
    server.on('request', (req, res) => provider.handle(req, res));
    return provider;
  }

  get jwksUri(): string {
    return `${this.url}/jwks`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/jwks') return this.serveJwks(res);
    if (path === '/.well-known/openid-configuration') {
      this.hits.openid++;
      return this.discovery === undefined ? json(res, 404, { error: 'not_found' }) : json(res, 200, this.discovery);
    }
    if (path?.startsWith('/.well-known/oauth-authorization-server')) {
      this.hits.oauth++;
      return json(res, 404, { error: 'not_found' });
    }
    if (path === '/introspect' && req.method === 'POST') return void this.introspect(req, res);
    json(res, 404, { error: 'not_found' });
  }

  private serveJwks(res: ServerResponse): void {
    this.hits.jwks++;
    if (this.jwksMode === 'hang') return; // never answers; close() destroys the socket
    if (this.jwksMode === 'fail') return json(res, 500, { error: 'boom' });
    if (this.jwksMode === 'huge') return json(res, 200, { keys: [], padding: 'x'.repeat(300 * 1024) });
    json(res, 200, this.jwks);
  }

  private async introspect(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.hits.introspection++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    this.introspectionBodies.push(body);
    if (this.introspectionCredentials !== undefined) {
      const expected = `Basic ${Buffer.from(this.introspectionCredentials).toString('base64')}`;
      if (req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client' });
    }
    const token = new URLSearchParams(body).get('token') ?? '';
    json(res, 200, this.introspection[token] ?? { active: false });
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
