/** Where an OpenAPI-described service is, how to authenticate, and how long and how much to read. */
export interface OpenApiClientOptions {
  /** The service's base URL; operation paths are appended to it (`https://api.example.com/v3`). */
  readonly baseUrl: string;
  /** Headers sent with every request (authentication: `authorization`, `api_key`, …). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Longest wait for one request, in ms, headers and body together. Default 10 000. */
  readonly timeoutMs?: number;
  /** Largest response body read, in bytes; a larger one fails the call. Default 1 MiB. */
  readonly maxResponseBytes?: number;
}

/** The defaults of the options a generated module does not set. */
export const OPENAPI_CLIENT_DEFAULTS = { timeoutMs: 10_000, maxResponseBytes: 1024 * 1024 } as const;

/**
 * Options from the environment, each variable named `<PREFIX>_…`: `BASE_URL` (else `defaults.baseUrl`),
 * `TIMEOUT_MS`, `MAX_RESPONSE_BYTES`, `BEARER_TOKEN` (sent as `authorization: Bearer …`) and
 * `HEADERS` (a JSON object of more headers, e.g. `{"api_key":"…"}`).
 */
export function openApiOptionsFromEnv(
  prefix: string,
  defaults: OpenApiClientOptions,
  env: Readonly<Record<string, string | undefined>> = process.env,
): OpenApiClientOptions {
  const headers: Record<string, string> = { ...defaults.headers };
  const extra = env[`${prefix}_HEADERS`];
  if (extra !== undefined && extra !== '') Object.assign(headers, parseHeaders(`${prefix}_HEADERS`, extra));
  const token = env[`${prefix}_BEARER_TOKEN`];
  if (token !== undefined && token !== '') headers.authorization = `Bearer ${token}`;
  return {
    baseUrl: nonEmpty(env[`${prefix}_BASE_URL`]) ?? defaults.baseUrl,
    headers,
    timeoutMs: positive(`${prefix}_TIMEOUT_MS`, env[`${prefix}_TIMEOUT_MS`]) ?? defaults.timeoutMs,
    maxResponseBytes: positive(`${prefix}_MAX_RESPONSE_BYTES`, env[`${prefix}_MAX_RESPONSE_BYTES`]) ?? defaults.maxResponseBytes,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function positive(name: string, value: string | undefined): number | undefined {
  if (nonEmpty(value) === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} must be a positive integer, not "${String(value)}".`);
  return number;
}

function parseHeaders(name: string, text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${name} must be a JSON object of header names to string values.`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${name} must be a JSON object of header names to string values.`);
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`${name}: the header "${key}" must be a string.`);
    headers[key.toLowerCase()] = value;
  }
  return headers;
}
