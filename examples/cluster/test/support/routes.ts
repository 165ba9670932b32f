import type { IncomingMessage } from 'node:http';

/** What the balancer sent where, recorded through its `onForward` hook. */
export class RouteLog {
  readonly entries: { readonly backend: string; readonly method: string | undefined; readonly httpMethod: string | undefined }[] = [];

  readonly record = (backend: string, req: IncomingMessage): void => {
    const method = req.headers['mcp-method'];
    this.entries.push({ backend, method: typeof method === 'string' ? method : undefined, httpMethod: req.method });
  };

  /** The backend of the last request with this `Mcp-Method` header. */
  lastFor(method: string): string {
    const found = [...this.entries].reverse().find((entry) => entry.method === method);
    if (found === undefined) throw new Error(`no ${method} request went through the balancer`);
    return found.backend;
  }
}
