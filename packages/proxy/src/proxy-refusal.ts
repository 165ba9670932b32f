import type { ProxyErrorCode } from './proxy-errors';

/** Why the proxy did not forward a call (upstream down, too busy): retryable, said to the client as such. */
export class ProxyRefusal extends Error {
  constructor(
    readonly code: ProxyErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ProxyRefusal';
  }
}
