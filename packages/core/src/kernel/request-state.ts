import { nodeCrypto } from '../platform/node-crypto';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import { InMemoryRequestStateNonces, type RequestStateNonces } from './request-state-nonces';

/**
 * What a 2026 input-required round carries from one attempt of a request to the next
 * (MCP 2026-07-28, SEP-2322 `requestState`). The client hands it back untouched; it is
 * sealed with an HMAC so that a client cannot forge answers, move a state to another
 * request or principal, or keep one alive past its expiry.
 */
export interface RequestStatePayload {
  /** Format version. */
  readonly v: 1;
  /** The request method (`tools/call`, `prompts/get`, `resources/read`). */
  readonly m: string;
  /** The tool or prompt name, or the resource URI. */
  readonly t: string;
  /** Digest of the request's arguments: a state is only good for the same call. */
  readonly h: string;
  /** Digest of the principal (`principalKey`: issuer, subject, client id), '' when unauthenticated. */
  readonly s: string;
  /** Expiry, ms since the epoch. */
  readonly e: number;
  /** Every answer received so far, by input key, in the order they were asked. */
  readonly a: Readonly<Record<string, unknown>>;
  /** The keys asked in the last round, whose answers the retry's `inputResponses` carry. */
  readonly p: readonly string[];
  /** A single-use state's nonce: the state is honoured once (see `RequestStateNonces`). */
  readonly n?: string;
}

/** Longest sealed state accepted back from a client, and the longest the sealer issues. */
export const MAX_REQUEST_STATE_CHARS = 256 * 1024;

/** JSON with object keys sorted, so that equal values digest equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short digest of any JSON value (arguments, principal). */
export function digest(value: unknown): string {
  return nodeCrypto().createHash('sha256').update(canonicalJson(value)).digest('base64url').slice(0, 22);
}

function refused(reason: string): McpWireError {
  return McpWireError.invalidParams(
    `Invalid params: "requestState" ${reason}; send the request again without requestState and inputResponses to start over`,
  );
}

/** Seals and opens request states with one HMAC-SHA256 key (shared by every instance of a fleet). */
export class RequestStateSealer {
  /** The key, or (a random key) what makes it when a state is first sealed or opened. */
  private key: Buffer | (() => Buffer);
  private onFirstSeal: (() => void) | undefined;
  private readonly nonces: RequestStateNonces;

  /**
   * @param key At least 32 bytes; every instance that may receive a retry must hold the same key.
   * @param onFirstSeal Called once, the first time a state is sealed (the random key's warning).
   * @param nonces Where single-use states' nonces are marked used (default: this process).
   */
  constructor(key: Uint8Array | (() => Buffer), onFirstSeal?: () => void, nonces?: RequestStateNonces) {
    this.key = typeof key === 'function' ? key : Buffer.from(key);
    this.onFirstSeal = onFirstSeal;
    this.nonces = nonces ?? new InMemoryRequestStateNonces();
  }

  /**
   * A sealer with a random key: states survive only within this process. The key is drawn when
   * first used, not at boot, so a server that never asks its client anything never loads `node:crypto` for it.
   */
  static random(onFirstSeal?: () => void, nonces?: RequestStateNonces): RequestStateSealer {
    return new RequestStateSealer(() => nodeCrypto().randomBytes(32), onFirstSeal, nonces);
  }

  /** A fresh nonce for a single-use state. */
  static nonce(): string {
    return nodeCrypto().randomBytes(16).toString('base64url');
  }

  /**
   * The sealed state; -32602 naming the limit when it would be longer than
   * `MAX_REQUEST_STATE_CHARS` (a state the server could not accept back is never issued).
   */
  seal(payload: RequestStatePayload): string {
    const first = this.onFirstSeal;
    if (first !== undefined) {
      this.onFirstSeal = undefined;
      first();
    }
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const sealed = `v1.${body}.${this.mac(body)}`;
    if (sealed.length > MAX_REQUEST_STATE_CHARS) {
      throw McpWireError.invalidParams(
        `Invalid params: the answers given so far would make a "requestState" longer than its limit of ${MAX_REQUEST_STATE_CHARS} characters; answer with less, or send the request again without requestState and inputResponses to start over`,
      );
    }
    return sealed;
  }

  /**
   * Marks a single-use state used (a no-op for a state without a nonce); -32602 when it was used
   * already, so a replayed round does not run its request again.
   */
  async consume(payload: RequestStatePayload): Promise<void> {
    const nonce = payload.n;
    if (typeof nonce !== 'string') return;
    let first: boolean;
    try {
      first = await this.nonces.consume(nonce, payload.e);
    } catch (error) {
      if (error instanceof RangeError) {
        throw new McpWireError(
          WireErrorCode.TooManyRequests,
          'Too many requests: too many single-use request states are in use; retry later',
        );
      }
      throw error;
    }
    if (!first) {
      throw refused(
        "was already used: this request's states are single-use (its tool is destructive), so a replayed round is not run again",
      );
    }
  }

  /** The payload of a state this server sealed; -32602 for anything tampered, foreign to this server, malformed or expired. */
  open(state: unknown, now = Date.now()): RequestStatePayload {
    if (typeof state !== 'string' || state.length > MAX_REQUEST_STATE_CHARS) throw refused('is not a state this server issued');
    const parts = state.split('.');
    if (parts.length !== 3 || parts[0] !== 'v1') throw refused('is not a state this server issued');
    const expected = Buffer.from(this.mac(parts[1]!));
    const given = Buffer.from(parts[2]!);
    if (given.length !== expected.length || !nodeCrypto().timingSafeEqual(given, expected))
      throw refused('failed its integrity check (tampered, or sealed by another server key)');
    let payload: RequestStatePayload;
    try {
      payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as RequestStatePayload;
    } catch {
      throw refused('is malformed');
    }
    if (payload === null || typeof payload !== 'object' || payload.v !== 1 || typeof payload.e !== 'number') throw refused('is malformed');
    if (payload.e < now) throw refused('has expired');
    return payload;
  }

  private mac(body: string): string {
    if (typeof this.key === 'function') this.key = this.key();
    return nodeCrypto().createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
