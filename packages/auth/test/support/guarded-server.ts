import type { Armature } from '@armature/core';
import type { VerifyToken } from '@armature/core/internal';
import { listenHttp, type HttpListenHandle } from '@armature/http';
import { createCallerApp } from './app';
import { IdentityProvider } from './identity-provider';
import { generateKey, type TestKey } from './keys';

/** A Streamable HTTP server on 127.0.0.1 whose `verifyToken` a test sets (and swaps) after it knows the URL. */
export interface GuardedServer {
  readonly url: string;
  /** What the transport passed to `onError` (the verifiers' refusals). */
  readonly errors: (Error & { code?: string })[];
  /** The verifier from now on. */
  use(verify: VerifyToken): void;
  /** POSTs an `initialize` with `token` as bearer and answers the HTTP status (the body is read). */
  status(token: string): Promise<number>;
  close(): Promise<void>;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/**
 * Serves `app` over HTTP with bearer authentication; `validateAudience: false` when the verifier
 * checks an audience other than the server's URL (an API identifier, a client id).
 */
export async function serveGuarded(app: Armature, authorizationServer: string, validateAudience = true): Promise<GuardedServer> {
  const errors: (Error & { code?: string })[] = [];
  let verify: VerifyToken = () => undefined;
  const http: HttpListenHandle = await listenHttp(app, {
    port: 0,
    verifyToken: (token, request) => verify(token, request),
    protectedResource: { authorizationServers: [authorizationServer], validateAudience },
    onError: (error) => errors.push(error),
  });
  return {
    url: http.url,
    errors,
    use: (next) => void (verify = next),
    status: async (token) => {
      const res = await fetch(http.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
        body: INITIALIZE,
      });
      await res.text();
      return res.status;
    },
    close: () => http.close(100),
  };
}

/** Runs `work` over `items`, at most `concurrency` at a time; the results in order. */
export async function inPool<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}

/** Waits `ms` (a bounded pause so a configured duration has certainly passed). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** What `useGuardedServer` sets up for each test. */
export interface GuardedRig {
  /** Signs tokens; published by `idp` (made once for the suite). */
  key: TestKey;
  idp: IdentityProvider;
  app: Armature;
  server: GuardedServer;
}

/**
 * Registers the mocha hooks of a suite guarded by a JWKS on 127.0.0.1: a signing key once, then
 * for each test an identity provider publishing it, the caller app and its guarded server, all
 * closed after the test. The fields are set once the hooks have run.
 */
export function useGuardedServer(keyId: string, validateAudience = true): GuardedRig {
  const rig = {} as GuardedRig;
  before(async () => {
    rig.key = await generateKey(keyId);
  });
  beforeEach(async () => {
    rig.idp = await IdentityProvider.start();
    rig.idp.jwks = { keys: [rig.key.publicJwk] };
    rig.app = await createCallerApp();
    rig.server = await serveGuarded(rig.app, rig.idp.url, validateAudience);
  });
  afterEach(async () => {
    await rig.server.close();
    await rig.app.close();
    await rig.idp.close();
  });
  return rig;
}
