/**
 * `Accept` and `Content-Type` checks for Streamable HTTP (MCP 2025-11-25, transports §Sending
 * Messages to the Server and §Listening for Messages from the Server).
 */

/**
 * True when `accept` lists every one of `types` (media ranges with `q=0` do not count).
 * Clients send the same Accept header on every request, so the last answer per `types` list
 * is remembered.
 */
export function acceptsAll(accept: string | undefined, types: readonly string[]): boolean {
  if (accept === undefined) return false;
  const cached = lastAnswer.get(types);
  if (cached !== undefined && cached.accept === accept) return cached.ok;
  const ok = computeAcceptsAll(accept, types);
  lastAnswer.set(types, { accept, ok });
  return ok;
}

const lastAnswer = new WeakMap<readonly string[], { readonly accept: string; readonly ok: boolean }>();

function computeAcceptsAll(accept: string, types: readonly string[]): boolean {
  let found = 0;
  for (const type of types) if (lists(accept, type)) found++;
  return found === types.length;
}

function lists(accept: string, type: string): boolean {
  const lower = accept.toLowerCase();
  let at = lower.indexOf(type);
  while (at !== -1) {
    const before = at === 0 ? ',' : lower[at - 1];
    const end = at + type.length;
    const after = end === lower.length ? ',' : lower[end];
    if ((before === ',' || before === ' ' || before === '\t') && (after === ',' || after === ';' || after === ' ' || after === '\t')) {
      const next = lower.indexOf(',', end);
      const params = lower.slice(end, next === -1 ? undefined : next);
      if (!/;\s*q\s*=\s*0(?:\.0*)?\s*(?:;|$)/.test(params)) return true;
    }
    at = lower.indexOf(type, at + 1);
  }
  return false;
}

/**
 * True for `application/json`, with or without parameters (a charset other than UTF-8 is
 * refused). Clients send the same Content-Type on every request, so the last answer is remembered.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  if (contentType === lastContentType) return lastContentTypeOk;
  const ok = computeIsJsonContentType(contentType);
  lastContentType = contentType;
  lastContentTypeOk = ok;
  return ok;
}

let lastContentType: string | undefined;
let lastContentTypeOk = false;

function computeIsJsonContentType(contentType: string): boolean {
  const semi = contentType.indexOf(';');
  const essence = (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
  if (essence !== 'application/json') return false;
  if (semi === -1) return true;
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType.slice(semi));
  return charset === null || charset[1].toLowerCase() === 'utf-8' || charset[1].toLowerCase() === 'utf8';
}
