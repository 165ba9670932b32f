import { quotedEcho } from '../errors/client-text';
import { McpWireError } from '../errors/wire-error';
import { type RequestParamsRecord, requiredString } from './request-params';

/** An absolute URI: a scheme, then no whitespace or control characters. */
export function isAbsoluteUri(uri: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f]*$/.test(uri);
}

/** Default longest URI a request may name (`ArmatureOptions.maxUriLength`), in UTF-16 code units. */
export const DEFAULT_MAX_URI_LENGTH = 8192;

/**
 * `params.uri` of a resource request, checked before any routing: a missing, empty,
 * scheme-less, space- or control-character-containing URI is malformed input (-32602), not a
 * resource that happens not to exist (-32002). The message repeats a bounded, escaped prefix.
 * A URI longer than `maxLength` is refused (-32602 "URI too long") before its syntax is read,
 * and without repeating any of it.
 */
export function requiredResourceUri(params: RequestParamsRecord, maxLength: number): string {
  const uri = requiredString(params, 'uri');
  checkUriLength(uri, maxLength);
  if (!isAbsoluteUri(uri)) {
    throw McpWireError.invalidParams(
      `Invalid params: "uri" must be an absolute URI (a scheme such as "file:", then no spaces or control characters), got ${quotedEcho(uri)}`,
    );
  }
  return uri;
}

/** -32602 "URI too long" for a URI longer than `maxLength` (the limit is named; the URI is not repeated). */
export function checkUriLength(uri: string, maxLength: number): void {
  if (uri.length > maxLength) {
    throw McpWireError.invalidParams(`Invalid params: URI too long ("uri" has more than ${maxLength} characters)`);
  }
}
