import type { RequestHeaders, TransportRequestInfo } from '@armature/core';
import { withoutCredentials } from '@armature/core/internal';
import type { HttpRequestView } from '../exchange/http-exchange';

/**
 * One HTTP request's transport facts (`ctx.requestInfo`, and the verifier's second argument).
 * Everything is read from the request view when asked: a request whose handler never looks
 * costs this one small object, and the headers are copied (without credentials) once, on first read.
 */
export class HttpRequestFacts implements TransportRequestInfo {
  private copied: RequestHeaders | undefined;

  constructor(private readonly req: HttpRequestView) {}

  get transport(): 'http' {
    return 'http';
  }

  get method(): string {
    return this.req.method;
  }

  get path(): string {
    return this.req.path;
  }

  get remoteAddress(): string | undefined {
    return this.req.remoteAddress;
  }

  get headers(): RequestHeaders {
    return (this.copied ??= withoutCredentials(this.req.headers()));
  }

  /** What `JSON.stringify` and loggers see: the facts, never the request object behind them. */
  toJSON(): TransportRequestInfo {
    return { transport: 'http', method: this.method, path: this.path, headers: this.headers, remoteAddress: this.remoteAddress };
  }
}
