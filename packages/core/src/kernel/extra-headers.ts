import type { TransportRequestInfo } from '../context/request-info';
import type { HeaderLookup } from './request-observer';

/**
 * The headers of the transport request a message came on (`ctx.requestInfo`: the HTTP POST's,
 * the WebSocket upgrade's), as a `RequestObserver` reads them for trace context; undefined on
 * stdio and in-memory. Credentials were removed when the facts were built.
 */
export function headerLookupOf(info: TransportRequestInfo | undefined): HeaderLookup | undefined {
  if (info === undefined) return undefined;
  return {
    header(name: string): string | undefined {
      const value = info.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
