/**
 * Request headers as handed to a session (`MessageExtraInfo.requestInfo.headers`) once the
 * transport has consumed the bearer token: without `Authorization`, so the client's token
 * reaches nothing but the verifier (MCP 2025-11-25, security best practices §Token Passthrough).
 * The principal, token included, is on `authInfo` for code that truly needs it.
 */
export function withoutAuthorization<T extends Readonly<Record<string, string | string[] | undefined>>>(headers: T): T {
  if (headers.authorization === undefined) return headers;
  const copy: Record<string, string | string[] | undefined> = { ...headers };
  delete copy.authorization;
  return copy as T;
}
