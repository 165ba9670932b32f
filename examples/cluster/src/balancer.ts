import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';

/** Options of `startBalancer`. */
export interface BalancerOptions {
  /** Base URLs of the instances (`http://127.0.0.1:4001`); requests keep their path. */
  readonly backends: readonly string[];
  /** Port to listen on (default 0: a free one), on 127.0.0.1. */
  readonly port?: number;
  /** How long a backend that refused a connection is skipped (ms, default 2,000). */
  readonly downMs?: number;
  /** Called for each request as it is sent to a backend, with its body (tests record the spread with it). */
  readonly onForward?: (backend: string, req: IncomingMessage, body: Buffer) => void;
}

/** A running balancer. */
export interface Balancer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** How many requests each backend received, by URL (to show the spread). */
  readonly served: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** Largest request body the balancer holds while it picks a backend (MCP messages are small). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Errors of a connection that never reached an instance: the request was not served, so resending it is safe. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ETIMEDOUT']);
/** Methods whose repetition changes nothing; anything else (every MCP POST) is not resent once it reached an instance. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);
/** The 502 bodies: nothing was served, or the instance died holding the request (it may have run). */
const NOT_SERVED = 'No instance answered; try again in a few seconds';
const OUTCOME_UNKNOWN = 'The instance failed before answering; the request may have been carried out';
/** Headers about one connection, not the response: the balancer's own connection sets its own. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'];

/**
 * A round-robin HTTP load balancer on the `http-proxy` library: no sticky sessions (every request,
 * `Mcp-Session-Id` or not, goes to the next instance), responses streamed through as they come
 * (SSE included, nothing buffered). A request whose backend refuses the connection (or resets
 * it before answering), or answers 503 + Retry-After because it is draining, is sent to the next
 * one (its body is held, bounded, for that), and that backend is skipped for `downMs`.
 */
export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  if (options.backends.length === 0) throw new Error('startBalancer: no backends');
  const downMs = options.downMs ?? 2_000;
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  // The balancer writes the responses itself, so that a draining instance's 503 can be retried
  // on another instance instead of reaching the client.
  const proxy = httpProxy.createProxyServer({ agent, xfwd: true, proxyTimeout: 0, selfHandleResponse: true });
  const attempts = new WeakMap<IncomingMessage, { backend: string; retry: (() => void) | undefined }>();
  proxy.on('proxyRes', (proxyRes, req, res) => {
    const attempt = attempts.get(req);
    // A draining instance admitted nothing (503 + Retry-After): the request is safe to send to
    // another instance, as a real balancer does (nginx's `proxy_next_upstream http_503`).
    if (proxyRes.statusCode === 503 && proxyRes.headers['retry-after'] !== undefined && attempt?.retry !== undefined) {
      proxyRes.resume();
      downUntil.set(attempt.backend, Date.now() + downMs);
      attempt.retry();
      return;
    }
    const headers = { ...proxyRes.headers };
    for (const hopByHop of HOP_BY_HOP) delete headers[hopByHop];
    res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, headers);
    // Each chunk as it comes (SSE events included): nothing is held back.
    res.flushHeaders();
    proxyRes.pipe(res);
    // An instance that dies mid-response (kill -9) leaves its response unfinished: cut the
    // client's connection too, so it sees the stream break and resumes.
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy();
    });
  });
  const downUntil = new Map<string, number>();
  const served = new Map<string, number>(options.backends.map((b) => [b, 0]));
  let next = 0;

  const pick = (): string => {
    const now = Date.now();
    for (let tried = 0; tried < options.backends.length; tried++) {
      const backend = options.backends[next++ % options.backends.length]!;
      if ((downUntil.get(backend) ?? 0) <= now) return backend;
    }
    return options.backends[next++ % options.backends.length]!;
  };

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, attempt: number): void => {
    const backend = pick();
    served.set(backend, (served.get(backend) ?? 0) + 1);
    options.onForward?.(backend, req, body);
    const retry = attempt + 1 < options.backends.length ? () => forward(req, res, body, attempt + 1) : undefined;
    attempts.set(req, { backend, retry });
    proxy.web(req, res, { target: backend, buffer: Readable.from([body]) }, (error: NodeJS.ErrnoException) => {
      // Mid-response (the instance died while streaming): cut the stream so the client reconnects.
      if (res.headersSent) return void res.destroy();
      const notServed = CONNECT_FAILURES.has(error.code ?? '');
      if (notServed || error.code === 'ECONNRESET') downUntil.set(backend, Date.now() + downMs);
      const resend = notServed || (error.code === 'ECONNRESET' && IDEMPOTENT.has(req.method ?? ''));
      if (resend && attempt + 1 < options.backends.length && !res.destroyed) return forward(req, res, body, attempt + 1);
      const message = notServed ? NOT_SERVED : OUTCOME_UNKNOWN;
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message } }));
    });
  };

  const server: Server = createServer((req, res) => {
    readBody(req).then(
      (body) => (body === undefined ? tooLarge(res) : forward(req, res, body, 0)),
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
      agent.destroy();
    },
  };
}

/** The whole body, or undefined once it passes `MAX_BODY_BYTES`. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function tooLarge(res: ServerResponse): void {
  res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
  res.end(
    JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Request body larger than ${MAX_BODY_BYTES} bytes` } }),
  );
}
