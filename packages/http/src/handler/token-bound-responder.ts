import type { HeaderList, HttpResponder, StreamSink } from '../exchange/http-exchange';

/**
 * `res` whose SSE stream, once opened, is ended by `watch` (a token expiry watch: see
 * `EngineState.watchToken`); the watch stops when the stream ends first. A plain answer
 * (`send`) is not watched: it is over at once.
 */
export function tokenBoundResponder(res: HttpResponder, watch: (end: () => void) => () => void): HttpResponder {
  const bound: HttpResponder = {
    send: (status: number, headers: HeaderList, body: string | undefined) => res.send(status, headers, body),
    openStream: (headers: HeaderList): StreamSink => {
      const sink = res.openStream(headers);
      const stop = watch(() => sink.end());
      sink.onClose(stop);
      return sink;
    },
  };
  const gone = res.onClientGone;
  return gone === undefined ? bound : { ...bound, onClientGone: (listener: () => void) => gone.call(res, listener) };
}
