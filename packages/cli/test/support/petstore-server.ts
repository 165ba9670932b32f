import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny Petstore-like service on 127.0.0.1: a few operations of the Swagger Petstore 3 document, in memory. */
export interface PetstoreServer {
  readonly baseUrl: string;
  /** Each request's method, path with query, and `api_key` header, in order. */
  readonly requests: { method: string; url: string; apiKey: string | undefined }[];
  close(): Promise<void>;
}

interface Pet {
  id: number;
  name: string;
  photoUrls: string[];
  status: 'available' | 'pending' | 'sold';
}

/** The key `addPet` demands in the `api_key` header (sent by the generated client from its env). */
export const PETSTORE_KEY = 'test-key-1';

/**
 * Starts the service on port 0. `GET /store/inventory` answers 2 MiB (oversized bodies),
 * `GET /user/logout` never answers until the server closes (timeouts), an unknown pet is a
 * 404 with a 64 KiB body (bounded error excerpts).
 */
export async function startPetstoreServer(): Promise<PetstoreServer> {
  const pets = new Map<number, Pet>([
    [1, { id: 1, name: 'Rex', photoUrls: [], status: 'available' }],
    [2, { id: 2, name: 'Tom', photoUrls: ['https://example.com/tom.png'], status: 'sold' }],
  ]);
  const requests: PetstoreServer['requests'] = [];
  const json = (res: http.ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const apiKey = req.headers.api_key;
    requests.push({ method: req.method ?? '', url: url.pathname + url.search, apiKey: typeof apiKey === 'string' ? apiKey : undefined });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pet = /^\/api\/v3\/pet\/(\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && pet) {
        const found = pets.get(Number(pet[1]));
        if (found) json(res, 200, found);
        else res.writeHead(404, { 'content-type': 'text/plain' }).end(`Pet not found. ${'x'.repeat(64 * 1024)}`);
      } else if (req.method === 'GET' && url.pathname === '/api/v3/pet/findByStatus') {
        const status = url.searchParams.get('status') ?? 'available';
        json(
          res,
          200,
          [...pets.values()].filter((p) => p.status === status),
        );
      } else if (req.method === 'POST' && url.pathname === '/api/v3/pet') {
        if (apiKey !== PETSTORE_KEY) return json(res, 401, { message: 'missing or wrong api_key' });
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Pet;
        const created = { ...body, id: pets.size + 1 };
        pets.set(created.id, created);
        json(res, 200, created);
      } else if (req.method === 'GET' && url.pathname === '/api/v3/store/inventory') {
        json(res, 200, { huge: 'y'.repeat(2 * 1024 * 1024) });
      } else if (req.method === 'GET' && url.pathname === '/api/v3/user/logout') {
        // Never answers: the client's timeout must end the call.
      } else {
        json(res, 404, { message: 'no such operation here' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
