// The raw SSE reader comes from the shared fixtures.
export { SseReader, type SseEvent, sessionHeaders } from '@armature/transport-fixtures';

/** A fetch that sends each request to the instance `pick` chooses (a tiny load balancer in the test process). */
export function routedFetch(pick: (method: string, body: unknown) => string): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const target = new URL(pick(method, body));
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    url.host = target.host;
    return fetch(url, init);
  };
}

/** Whether a JSON-RPC body is a response (the client's answer to a server→client request). */
export function isResponseBody(body: unknown): boolean {
  const b = body as { method?: unknown; id?: unknown } | undefined;
  return b !== undefined && b.method === undefined && b.id !== undefined;
}

/** Whether a JSON-RPC body is a request for `method`. */
export function isRequestFor(body: unknown, method: string): boolean {
  return (body as { method?: unknown } | undefined)?.method === method;
}
