import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake upstream answers to one request; `'hang'` never answers. */
export type UpstreamAnswer = { readonly status: number; readonly body: string } | 'hang';

/** A tiny HTTP server on 127.0.0.1 standing in for the weather service. */
export interface Upstream {
  readonly baseUrl: string;
  /** Every request URL received, in order. */
  readonly requests: URL[];
  answer: (url: URL) => UpstreamAnswer;
  close(): Promise<void>;
}

export async function startUpstream(): Promise<Upstream> {
  const requests: URL[] = [];
  const upstream = {
    requests,
    answer: (): UpstreamAnswer => ({ status: 500, body: '{}' }),
  } as { requests: URL[]; answer: (url: URL) => UpstreamAnswer };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://upstream.test');
    requests.push(url);
    const answer = upstream.answer(url);
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(upstream, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
