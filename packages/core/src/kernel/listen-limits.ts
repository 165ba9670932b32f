import type { RequestContext } from '../context/request-context';
import { principalKey } from '../context/principal';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';

/** Default most open `subscriptions/listen` streams of one app, over every transport. */
export const DEFAULT_MAX_LISTENS = 1000;
/** Default most open listen streams of one principal (or client address, or stdio/WebSocket connection). */
export const DEFAULT_MAX_LISTENS_PER_PRINCIPAL = 100;

/** -32004 for a listen stream over `limit` (`what` names whose limit it is). */
export function tooManyListens(limit: number, what: 'server' | 'principal' | 'connection'): McpWireError {
  const whose = what === 'server' ? 'this server' : what === 'principal' ? 'one client' : 'one connection';
  const key = what === 'server' ? 'maxListens' : 'maxListensPerPrincipal';
  return new McpWireError(
    WireErrorCode.TooManyRequests,
    `Too many requests: ${whose} already has its most open subscriptions/listen streams (${limit}); close one, or retry later`,
    { [key]: limit },
  );
}

/**
 * The open `subscriptions/listen` streams of an app, counted apart from requests in flight (a
 * stream holds no work, so it never takes a request's place, and requests never take its):
 * at most `max` in all, and at most `perPrincipal` for one authenticated principal or, for
 * anonymous requests, one client address. Anonymous streams without an address (stdio) are
 * counted per connection by the connection itself.
 */
export class ListenLimits {
  private open = 0;
  private readonly byKey = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly perPrincipal: number,
  ) {}

  /** Counts a new stream of `ctx`'s client and returns its key; throws -32004 when a limit is reached. */
  admit(ctx: Pick<RequestContext, 'authInfo' | 'requestInfo'>): string | undefined {
    if (this.open >= this.max) throw tooManyListens(this.max, 'server');
    const key = keyOf(ctx);
    const held = key === undefined ? 0 : (this.byKey.get(key) ?? 0);
    if (held >= this.perPrincipal) throw tooManyListens(this.perPrincipal, 'principal');
    this.open++;
    if (key !== undefined) this.byKey.set(key, held + 1);
    return key;
  }

  /** A stream admitted under `key` ended. */
  release(key: string | undefined): void {
    this.open--;
    if (key === undefined) return;
    const held = (this.byKey.get(key) ?? 1) - 1;
    if (held <= 0) this.byKey.delete(key);
    else this.byKey.set(key, held);
  }

  /** Streams open now. */
  get size(): number {
    return this.open;
  }
}

function keyOf(ctx: Pick<RequestContext, 'authInfo' | 'requestInfo'>): string | undefined {
  const principal = principalKey(ctx.authInfo);
  if (principal !== undefined) return `principal:${principal}`;
  const address = ctx.requestInfo?.remoteAddress;
  return address === undefined ? undefined : `address:${address}`;
}
