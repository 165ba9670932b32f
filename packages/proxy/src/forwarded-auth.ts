import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The `Authorization` value of the downstream caller whose request is being forwarded. The
 * SDK's HTTP transport lets no per-request option override `Authorization` (it owns the
 * header), so the proxy gives the transport a `fetch` that reads the caller's value from here:
 * each forwarded request runs inside `forwardedAuthorization.run(value, …)`.
 */
export const forwardedAuthorization = new AsyncLocalStorage<string>();

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** `send`, with the forwarded `Authorization` (when a forwarded request is being sent) replacing the proxy's own. */
export function withForwardedAuth(send: Fetch): Fetch {
  return (url, init) => {
    const authorization = forwardedAuthorization.getStore();
    if (authorization === undefined) return send(url, init);
    const headers = new Headers(init?.headers);
    headers.set('authorization', authorization);
    return send(url, { ...init, headers });
  };
}
