import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Claims of the tokens this test authorization server issues. */
export interface TokenClaims {
  readonly iss: string;
  readonly client_id: string;
  readonly scope: string;
  /** RFC 8707: the resource the client asked for. */
  readonly aud: string;
  readonly exp: number;
}

/** One authorization request (the "consent screen") as the server received it. */
export interface AuthorizationRequest {
  readonly clientId: string | null;
  readonly scope: string | null;
  readonly resource: string | null;
}

interface PendingCode {
  readonly clientId: string;
  readonly scope: string;
  readonly resource: string;
  readonly challenge: string;
  readonly redirectUri: string;
}

/**
 * A small OAuth 2.1 authorization server for tests: RFC 8414 metadata, the authorization-code
 * grant with PKCE (S256), RFC 8707 `resource`, and a consent step that approves every request
 * at once (redirecting with a code). The official SDK client runs its real discovery, scope
 * selection and token exchange against it. Tokens are HMAC-signed JWTs (node:crypto), so the
 * MCP server under test verifies them offline like a real resource server.
 */
export class TestAuthorizationServer {
  /** Every authorization request, in order: what the client asked to be granted. */
  readonly authorizations: AuthorizationRequest[] = [];
  private readonly key = randomBytes(32);
  private readonly codes = new Map<string, PendingCode>();
  private issuer = '';

  private constructor(private readonly server: Server) {}

  /** Starts on 127.0.0.1 with a random port. */
  static async start(): Promise<TestAuthorizationServer> {
    let self: TestAuthorizationServer | undefined;
    const server = createServer((req, res) => void self?.handle(req, res));
    self = new TestAuthorizationServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return self;
  }

  /** The issuer URL (no trailing slash). */
  get url(): string {
    return this.issuer;
  }

  /** Signs a token directly (for tests that need an expired or foreign token). */
  sign(claims: Omit<TokenClaims, 'iss'>): string {
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(JSON.stringify({ iss: this.issuer, ...claims }));
    return `${header}.${payload}.${this.mac(`${header}.${payload}`)}`;
  }

  /** The claims of a token this server signed, or `undefined` (bad signature, malformed). */
  verify(token: string): TokenClaims | undefined {
    const [header, payload, signature] = token.split('.');
    if (header === undefined || payload === undefined || signature === undefined) return undefined;
    const expected = Buffer.from(this.mac(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    return claims.iss === this.issuer ? claims : undefined;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private mac(input: string): string {
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/oauth-authorization-server') {
      return json(res, 200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        token_endpoint_auth_methods_supported: ['none'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/authorize') return this.authorize(url.searchParams, res);
    if (req.method === 'POST' && url.pathname === '/token') return this.token(req, res);
    json(res, 404, { error: 'not_found' });
  }

  /** The consent step, approved at once: redirect back with a one-time code. */
  private authorize(query: URLSearchParams, res: ServerResponse): void {
    const request = { clientId: query.get('client_id'), scope: query.get('scope'), resource: query.get('resource') };
    this.authorizations.push(request);
    const redirectUri = query.get('redirect_uri');
    const challenge = query.get('code_challenge');
    if (
      request.clientId === null ||
      request.resource === null ||
      redirectUri === null ||
      challenge === null ||
      query.get('code_challenge_method') !== 'S256'
    ) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('base64url');
    this.codes.set(code, { clientId: request.clientId, scope: request.scope ?? '', resource: request.resource, challenge, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = query.get('state');
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.href, 'content-length': '0' }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const code = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const proof = createHash('sha256').update(verifier).digest('base64url');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      code === undefined ||
      proof !== code.challenge ||
      form.get('redirect_uri') !== code.redirectUri ||
      form.get('client_id') !== code.clientId
    ) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    const token = this.sign({ client_id: code.clientId, scope: code.scope, aud: code.resource, exp: Math.floor(Date.now() / 1000) + 3600 });
    json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: code.scope });
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
