import type { MessageExtraInfo } from '../transport/transport';
import type { HeaderLookup } from './request-observer';

/**
 * The headers a transport attached to a message (`extra.requestInfo.headers`: the HTTP POST's,
 * the WebSocket upgrade's), read only when asked: HTTP computes that record on demand.
 */
export function headersOfExtra(extra: MessageExtraInfo | undefined): HeaderLookup | undefined {
  if (extra === undefined) return undefined;
  return {
    header(name: string): string | undefined {
      const value = extra.requestInfo?.headers?.[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
