import { normalizeOrigin } from '@armature/core/internal';
import type { HeaderList, HttpResponder, StreamSink } from '../exchange/http-exchange';

/**
 * CORS for browser-based MCP clients (Fetch standard §3.2). Off unless `cors` is set; when on,
 * allowed origins get `Access-Control-Allow-Origin` on every answer (refusals included, so a
 * page can read a 401's `WWW-Authenticate`), preflights are answered, and the headers MCP
 * clients must read (`Mcp-Session-Id`, `WWW-Authenticate`…) are exposed.
 */
export interface CorsOptions {
  /**
   * Origins allowed to call the endpoint from a browser (`https://app.example.com`), or `'*'`
   * for any (only without `credentials`). Listed origins also pass the `Origin` check.
   */
  readonly origins: readonly string[] | '*';
  /**
   * Send `Access-Control-Allow-Credentials: true`, for pages that call with cookies or HTTP
   * authentication (`credentials: 'include'`). Never with `origins: '*'`. Default `false`:
   * bearer tokens in `Authorization` need no credentials mode.
   */
  readonly credentials?: boolean;
  /** How long browsers may cache a preflight answer, in seconds. Default 600. */
  readonly maxAgeSeconds?: number;
  /** Request headers to allow on top of the ones MCP uses. */
  readonly allowHeaders?: readonly string[];
  /** Response headers to expose on top of the ones MCP clients read. */
  readonly exposeHeaders?: readonly string[];
}

/** Request headers an MCP client sends (MCP 2025-11-25, transports; authorization). */
const MCP_REQUEST_HEADERS = ['Accept', 'Authorization', 'Content-Type', 'Last-Event-ID', 'Mcp-Protocol-Version', 'Mcp-Session-Id'];
/** Response headers an MCP client reads. */
const MCP_RESPONSE_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'WWW-Authenticate', 'Retry-After'];

/** The compiled CORS policy of one handler. */
export class CorsPolicy {
  private readonly anyOrigin: boolean;
  private readonly origins: ReadonlySet<string>;
  private readonly credentials: boolean;
  private readonly expose: string;
  private readonly preflight: HeaderList;

  /** @param methods the methods the endpoint serves, for `Access-Control-Allow-Methods`. */
  constructor(options: CorsOptions, methods: string) {
    this.anyOrigin = options.origins === '*';
    this.credentials = options.credentials === true;
    if (this.anyOrigin && this.credentials)
      throw new RangeError("@armature/http: cors.credentials cannot be combined with cors.origins '*'; list the origins");
    this.origins = new Set(options.origins === '*' ? [] : options.origins.map(normalizeOrigin));
    const maxAge = options.maxAgeSeconds ?? 600;
    if (!Number.isInteger(maxAge) || maxAge < 0)
      throw new RangeError(`@armature/http: cors.maxAgeSeconds must be a whole number of seconds, got ${maxAge}`);
    this.expose = [...MCP_RESPONSE_HEADERS, ...(options.exposeHeaders ?? [])].join(', ');
    this.preflight = [
      'access-control-allow-methods',
      methods,
      'access-control-allow-headers',
      [...MCP_REQUEST_HEADERS, ...(options.allowHeaders ?? [])].join(', '),
      'access-control-max-age',
      String(maxAge),
    ];
  }

  /** Origins to add to the DNS-rebinding `Origin` check (`'*'`: the check is off). */
  get guardOrigins(): readonly string[] | '*' {
    return this.anyOrigin ? '*' : [...this.origins];
  }

  /** Whether a browser page from `origin` may read our answers. */
  allows(origin: string): boolean {
    return this.anyOrigin || this.origins.has(normalizeOrigin(origin));
  }

  /** The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin. */
  answerPreflight(origin: string, res: HttpResponder): void {
    res.send(204, [...this.originHeaders(origin), ...this.preflight], undefined);
  }

  /** `res`, adding this origin's CORS headers to whatever is sent. */
  wrap(origin: string, res: HttpResponder): HttpResponder {
    return new CorsResponder(res, [...this.originHeaders(origin), 'access-control-expose-headers', this.expose]);
  }

  private originHeaders(origin: string): string[] {
    // Never '*' with credentials: the one allowed origin is named, and caches are told it varies.
    if (this.anyOrigin) return ['access-control-allow-origin', '*'];
    const headers = ['access-control-allow-origin', origin, 'vary', 'Origin'];
    if (this.credentials) headers.push('access-control-allow-credentials', 'true');
    return headers;
  }
}

class CorsResponder implements HttpResponder {
  constructor(
    private readonly inner: HttpResponder,
    private readonly extra: HeaderList,
  ) {}

  send(status: number, headers: HeaderList, body: string | undefined): void {
    this.inner.send(status, [...headers, ...this.extra], body);
  }

  openStream(headers: HeaderList): StreamSink {
    return this.inner.openStream([...headers, ...this.extra]);
  }
}
