import type { VerifyToken } from '@armature/http';

/** The bearer tokens of the tests, by client id: two downstream callers and the proxy's own. */
export const TOKENS: Readonly<Record<string, string>> = {
  alice: 'token-alice-0123456789',
  bob: 'token-bob-0123456789',
  proxy: 'token-proxy-0123456789',
};

/** Accepts the tokens in `TOKENS`. */
export const verifyTestToken: VerifyToken = (token) => {
  const clientId = Object.keys(TOKENS).find((id) => TOKENS[id] === token);
  return clientId === undefined ? undefined : { token, clientId, scopes: [] };
};
