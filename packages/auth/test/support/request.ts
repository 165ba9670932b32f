import type { TokenRequest } from '@armature/core/internal';

/** The request facts a verifier gets when called directly (the transports build the real ones). */
export const REQUEST: TokenRequest = Object.freeze({
  transport: 'http',
  method: 'POST',
  path: '/mcp',
  headers: Object.freeze({ host: '127.0.0.1' }),
  remoteAddress: '127.0.0.1',
});

/** What a verifier threw (or `undefined` when it resolved). */
export async function thrown(work: unknown): Promise<(Error & { code?: string }) | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return error as Error & { code?: string };
  }
}
