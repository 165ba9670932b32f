/**
 * `node:crypto`, loaded on first use. Loading it runs about twenty of Node's internal modules
 * (~8 ms of CPU on a 2-core machine): a process that starts for one request (a serverless cold
 * start) and never makes a session id, a request-state seal or a digest should not pay that.
 * Callers keep their named imports' meaning: `nodeCrypto().randomBytes(…)`.
 */
type NodeCrypto = typeof import('node:crypto');

let loaded: NodeCrypto | undefined;

/** The `node:crypto` module (required once, on the first call). */
export function nodeCrypto(): NodeCrypto {
  return (loaded ??= require('node:crypto') as NodeCrypto);
}
