import { AuthError } from '../errors/auth-error-codes';

/** How one request to an identity provider is bounded. */
export interface BoundedFetchOptions {
  /** What the request is for, in error messages (`JWKS`, `token introspection`, `discovery`). */
  readonly what: string;
  /** The whole request, headers and body, must complete within this. */
  readonly timeoutMs: number;
  /** Largest accepted body in bytes. */
  readonly maxBytes: number;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  /** A form body (never shown in errors: it may hold a token). */
  readonly body?: string;
}

/** A JSON answer. */
export interface JsonAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * GET or POST `url` and parse a JSON body, bounded in time (one deadline for connect, headers
 * and body) and in size (the body is read chunk by chunk and dropped past `maxBytes`).
 * Redirects are refused: a configured endpoint is where keys and answers come from. Errors are
 * `AuthError`s naming the endpoint and the reason, never the request body.
 */
export async function fetchJson(url: URL, options: BoundedFetchOptions): Promise<JsonAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: { accept: 'application/json', ...options.headers },
      body: options.body,
      redirect: 'error',
      signal: controller.signal,
    });
    const text = await readBounded(response, options, url, controller);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new AuthError(
        'ARM_ERR_AUTH_BAD_DOCUMENT',
        `${options.what} response from ${url.origin}${url.pathname} is not JSON (status ${response.status})`,
      );
    }
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof AuthError) throw error;
    if (timedOut)
      throw new AuthError(
        'ARM_ERR_AUTH_FETCH_TIMEOUT',
        `${options.what} request to ${url.origin}${url.pathname} timed out after ${options.timeoutMs} ms`,
      );
    throw new AuthError('ARM_ERR_AUTH_FETCH_FAILED', `${options.what} request to ${url.origin}${url.pathname} failed: ${reasonOf(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

async function readBounded(response: Response, options: BoundedFetchOptions, url: URL, controller: AbortController): Promise<string> {
  const tooLarge = (): AuthError =>
    new AuthError(
      'ARM_ERR_AUTH_RESPONSE_TOO_LARGE',
      `${options.what} response from ${url.origin}${url.pathname} exceeds ${options.maxBytes} bytes`,
    );
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    controller.abort();
    throw tooLarge();
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > options.maxBytes) {
      controller.abort();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** A short, fixed-vocabulary reason: the network error's code, never a body. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (error instanceof Error) return error.message.slice(0, 200);
  return 'unknown error';
}
