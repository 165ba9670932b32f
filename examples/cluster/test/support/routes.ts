import type { IncomingMessage } from 'node:http';

/** One request the balancer forwarded. */
export interface Route {
  readonly backend: string;
  readonly httpMethod: string | undefined;
  /** The JSON-RPC method, `response` for a client's answer to a server→client request, undefined otherwise. */
  readonly rpc: string | undefined;
  readonly lastEventId: string | undefined;
}

/** What the balancer sent where, recorded through its `onForward` hook. */
export class RouteLog {
  readonly entries: Route[] = [];

  readonly record = (backend: string, req: IncomingMessage, body: Buffer): void => {
    const lastEventId = req.headers['last-event-id'];
    this.entries.push({
      backend,
      httpMethod: req.method,
      rpc: rpcOf(body),
      lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
    });
  };

  /** The backend of the last request for this JSON-RPC method (`response`: the last answer a client posted). */
  lastFor(rpc: string): string {
    const found = [...this.entries].reverse().find((entry) => entry.rpc === rpc);
    if (found === undefined) throw new Error(`no ${rpc} request went through the balancer`);
    return found.backend;
  }

  /** Entries recorded from `mark` on (`mark` = `entries.length` at some earlier point). */
  since(mark: number): Route[] {
    return this.entries.slice(mark);
  }
}

function rpcOf(body: Buffer): string | undefined {
  if (body.length === 0) return undefined;
  try {
    const message = JSON.parse(body.toString('utf8')) as { method?: unknown; id?: unknown; result?: unknown; error?: unknown };
    if (typeof message.method === 'string') return message.method;
    return message.result !== undefined || message.error !== undefined ? 'response' : undefined;
  } catch {
    return undefined;
  }
}
