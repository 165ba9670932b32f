import { AuthError } from '../errors/auth-error-codes';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks a configured endpoint (JWKS, introspection, issuer) when the verifier is created: an
 * absolute `https:` URL, or `http:` on a loopback host (a local identity provider, tests), or
 * any `http:` URL with `allowInsecureHttp` (never in production: keys and answers could be
 * forged in transit).
 */
export function checkEndpointUrl(value: string, option: string, allowInsecureHttp: boolean | undefined): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AuthError('ARM_ERR_AUTH_CONFIG', `${option} must be an absolute URL, got "${String(value).slice(0, 200)}"`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && (LOOPBACK.has(url.hostname) || allowInsecureHttp === true)) return url;
  throw new AuthError(
    'ARM_ERR_AUTH_CONFIG',
    `${option} must use https: (http: only on a loopback host, or with allowInsecureHttp), got "${url.origin}"`,
  );
}
