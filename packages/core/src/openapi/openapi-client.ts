import { ToolError } from '../results/tool-error';
import { excerpt, readBounded } from './bounded-body';
import { OPENAPI_CLIENT_DEFAULTS, type OpenApiClientOptions } from './openapi-client-options';

/** A value of a path, query or header parameter. */
export type OpenApiParameterValue = string | number | boolean | readonly (string | number | boolean)[] | null | undefined;

/** One operation call, as generated code describes it. */
export interface OpenApiRequest {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';
  /** The path template from the document, e.g. `/pet/{petId}`. */
  readonly path: string;
  readonly pathParams?: Readonly<Record<string, OpenApiParameterValue>>;
  /** Arrays repeat the name (`?tags=a&tags=b`, the OpenAPI default `form` style, exploded). */
  readonly query?: Readonly<Record<string, OpenApiParameterValue>>;
  readonly headers?: Readonly<Record<string, OpenApiParameterValue>>;
  /** The request body; sent as JSON unless `bodyType` says otherwise. */
  readonly body?: unknown;
  readonly bodyType?: 'json' | 'form' | 'text';
}

/** How much of an error body a tool result shows the model. */
const ERROR_EXCERPT_CHARS = 500;

/**
 * Calls an OpenAPI-described service for generated tools. Every failure the model can do something
 * about (an error status, a timeout, an unreachable service, an oversized body) is thrown as a
 * `ToolError`, which the tool answers as an `isError: true` result; the body is never echoed whole.
 */
export class OpenApiClient {
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: OpenApiClientOptions) {
    this.timeoutMs = options.timeoutMs ?? OPENAPI_CLIENT_DEFAULTS.timeoutMs;
    this.maxResponseBytes = options.maxResponseBytes ?? OPENAPI_CLIENT_DEFAULTS.maxResponseBytes;
  }

  /** Sends the request; resolves to the parsed JSON body, the text of any other body, or null for none. */
  async call(request: OpenApiRequest, signal?: AbortSignal): Promise<unknown> {
    const url = this.url(request);
    const what = `${request.method} ${request.path}`;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const headers = this.headers(request);
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        body: encodeBody(request, headers),
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
        redirect: 'follow',
      });
    } catch (error) {
      throw this.unreachable(what, timeout, error);
    }
    let body;
    try {
      body = await readBounded(response, response.ok ? this.maxResponseBytes : Math.min(this.maxResponseBytes, 4 * ERROR_EXCERPT_CHARS));
    } catch (error) {
      throw this.unreachable(what, timeout, error);
    }
    if (!response.ok) {
      const text = excerpt(body.bytes, ERROR_EXCERPT_CHARS);
      throw new ToolError(`${what} answered HTTP ${response.status}${text === '' ? '' : `: ${text}`}`);
    }
    if (body.truncated) {
      throw new ToolError(`${what} answered with more than ${this.maxResponseBytes} bytes; ask for less (filters, paging).`);
    }
    if (body.bytes.byteLength === 0) return null;
    const text = new TextDecoder().decode(body.bytes);
    if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return text;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ToolError(`${what} answered with a body that is not valid JSON.`);
    }
  }

  private url(request: OpenApiRequest): URL {
    const path = request.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = request.pathParams?.[name];
      if (value === undefined || value === null) throw new ToolError(`the path parameter "${name}" is required.`);
      return encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value));
    });
    const base = this.options.baseUrl.endsWith('/') ? this.options.baseUrl.slice(0, -1) : this.options.baseUrl;
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    return url;
  }

  private headers(request: OpenApiRequest): Headers {
    const headers = new Headers({ accept: 'application/json, */*;q=0.5' });
    for (const [name, value] of Object.entries(this.options.headers ?? {})) headers.set(name, value);
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (value === undefined || value === null) continue;
      headers.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    return headers;
  }

  private unreachable(what: string, timeout: AbortSignal, error: unknown): Error {
    if (timeout.aborted) return new ToolError(`${what} did not answer within ${this.timeoutMs} ms; try again later.`);
    if (error instanceof Error && error.name === 'AbortError') return error;
    return new ToolError(`${what} could not be reached; try again later.`);
  }
}

function encodeBody(request: OpenApiRequest, headers: Headers): string | undefined {
  if (request.body === undefined) return undefined;
  switch (request.bodyType ?? 'json') {
    case 'form': {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      const form = new URLSearchParams();
      const fields = request.body !== null && typeof request.body === 'object' ? Object.entries(request.body) : [];
      for (const [name, value] of fields) if (value !== undefined && value !== null) form.append(name, String(value));
      return form.toString();
    }
    case 'text':
      headers.set('content-type', 'text/plain; charset=utf-8');
      return typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    default:
      headers.set('content-type', 'application/json');
      return JSON.stringify(request.body);
  }
}
