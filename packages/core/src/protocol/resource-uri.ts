import { quotedEcho } from '../errors/client-text';
import { McpWireError } from '../errors/wire-error';
import { type RequestParamsRecord, requiredString } from './request-params';

/** An absolute URI: a scheme, then no whitespace or control characters. */
export function isAbsoluteUri(uri: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f]*$/.test(uri);
}

/**
 * `params.uri` of a resource request, checked before any routing: a missing, empty,
 * scheme-less, space- or control-character-containing URI is malformed input (-32602), not a
 * resource that happens not to exist (-32002). The message repeats a bounded, escaped prefix.
 */
export function requiredResourceUri(params: RequestParamsRecord): string {
  const uri = requiredString(params, 'uri');
  if (!isAbsoluteUri(uri)) {
    throw McpWireError.invalidParams(
      `Invalid params: "uri" must be an absolute URI (a scheme such as "file:", then no spaces or control characters), got ${quotedEcho(uri)}`,
    );
  }
  return uri;
}
