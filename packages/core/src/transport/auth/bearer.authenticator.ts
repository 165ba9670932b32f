import type { AuthInfo } from '../../context/request-context';
import type { JSONRPCMessage } from '../../wire/mcp-types.generated';
import { WireErrorCode } from '../../errors/wire-error-codes';
import { canonicalResourceUri, checkAudience } from './audience.check';
import { bearerChallenge } from './bearer-challenge';
import { tokenExpired } from './clock-skew';
import {
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
  type ProtectedResourceOptions,
} from './protected-resource.metadata';

/** Outcome of authenticating one request: the principal, or a 401 to send. */
export type BearerOutcome =
  { readonly ok: true; readonly authInfo: AuthInfo } | { readonly ok: false; readonly message: string; readonly challenge: string };

/** What a network transport configures for bearer authentication. */
export interface BearerAuthConfig {
  /** `resource_metadata` of every challenge; default: derived from `protectedResource.resource`. */
  readonly resourceMetadataUrl?: string;
  /** Metadata to serve, and the audience to require. */
  readonly protectedResource?: ProtectedResourceOptions;
}

/** RFC 6750 §2.1 b64token. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * The resource-server side of MCP authorization (2025-11-25, authorization §Access Token Usage,
 * §Token Audience Binding and Validation, §Scope Challenge Handling), compiled once per
 * transport and shared by @armature/http and @armature/ws:
 *
 * - no bearer token → 401 `Bearer resource_metadata="…", scope="…"` (no error code, RFC 6750 §3.1);
 * - a token the verifier rejects, that has expired (`expiresAt` more than the shared clock skew,
 *   `TOKEN_CLOCK_SKEW_SEC`, in the past) or that was issued for another audience → 401
 *   `error="invalid_token"`;
 * - `insufficientScope(reply)` → the 403 challenge for an `InsufficientScopeError` reply.
 *
 * The token goes to the verifier and nowhere else; messages and challenges never contain it.
 */
export class BearerAuthenticator {
  /** The metadata URL named in challenges, if any. */
  readonly resourceMetadataUrl: string | undefined;
  /** The metadata document as JSON, when `protectedResource` is configured. */
  readonly metadataJson: string | undefined;
  /** Paths that serve `metadataJson` (path-suffixed first, then the root form). */
  readonly metadataPaths: readonly string[];
  private readonly audience: string | undefined;
  private readonly missingChallenge: string;

  /**
   * @param config the transport's options.
   * @param defaultResource the transport's own URL, used when `protectedResource.resource` is unset.
   */
  constructor(config: BearerAuthConfig, defaultResource?: string) {
    const protectedResource = config.protectedResource;
    const resource = protectedResource?.resource ?? defaultResource;
    if (protectedResource !== undefined && resource === undefined) {
      throw new RangeError(
        'protectedResource.resource is required when the transport cannot know its own URL (a mounted handler or an attached gateway)',
      );
    }
    if (protectedResource !== undefined && resource !== undefined) {
      this.metadataJson = JSON.stringify(protectedResourceMetadata(protectedResource, resource));
      this.metadataPaths = protectedResourceMetadataPaths(resource);
      this.audience = protectedResource.validateAudience === false ? undefined : canonicalResourceUri(resource);
    } else {
      this.metadataJson = undefined;
      this.metadataPaths = [];
      this.audience = undefined;
    }
    this.resourceMetadataUrl =
      config.resourceMetadataUrl ??
      (this.metadataJson === undefined || resource === undefined ? undefined : protectedResourceMetadataUrl(resource));
    const scope = protectedResource?.challengeScopes?.join(' ');
    this.missingChallenge = bearerChallenge({ scope, resourceMetadataUrl: this.resourceMetadataUrl });
  }

  /**
   * Checks the `Authorization` header with `verify`. A verifier that throws counts as a
   * rejection; what it threw goes to `onError` (never to the client).
   */
  async authenticate(
    authorization: string | undefined,
    verify: (token: string) => AuthInfo | undefined | Promise<AuthInfo | undefined>,
    onError: (error: unknown) => void,
  ): Promise<BearerOutcome> {
    const token = bearerToken(authorization);
    if (token === undefined) return { ok: false, message: 'Unauthorized: a bearer token is required', challenge: this.missingChallenge };
    if (!TOKEN68.test(token)) return this.invalid('The access token is malformed.');
    let authInfo: AuthInfo | undefined;
    try {
      authInfo = await verify(token);
    } catch (error) {
      onError(error);
    }
    if (authInfo === undefined || authInfo === null) return this.invalid('The access token is invalid.');
    if (typeof authInfo.expiresAt === 'number' && tokenExpired(authInfo.expiresAt)) return this.invalid('The access token has expired.');
    if (this.audience !== undefined && !checkAudience(authInfo, this.audience))
      return this.invalid('The access token was not issued for this server.');
    return { ok: true, authInfo };
  }

  /**
   * The `WWW-Authenticate` value for a reply that is an `InsufficientScopeError` (-32003 with
   * `data.error = "insufficient_scope"`), else `undefined`. `scope` is the error's `data.scope`:
   * the scopes already granted plus the missing ones, so a re-authorization loses nothing.
   */
  insufficientScope(reply: JSONRPCMessage): string | undefined {
    return insufficientScopeChallenge(reply, this.resourceMetadataUrl);
  }

  private invalid(description: string): BearerOutcome {
    const challenge = bearerChallenge({ error: 'invalid_token', resourceMetadataUrl: this.resourceMetadataUrl, description });
    return { ok: false, message: `Unauthorized: ${description.slice(0, -1).toLowerCase()}`, challenge };
  }
}

/** The credentials of an `Authorization: Bearer …` header (RFC 6750 §2.1), parsed in linear time. */
function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.length < 8) return undefined;
  const separator = authorization.charCodeAt(6);
  if (authorization.slice(0, 6).toLowerCase() !== 'bearer' || (separator !== 0x20 && separator !== 0x09)) return undefined;
  const token = authorization.slice(7).trim();
  return token === '' ? undefined : token;
}

/**
 * The 403 `insufficient_scope` challenge for `reply`, or `undefined` when it is not an
 * insufficient-scope error (MCP 2025-11-25, authorization §Runtime Insufficient Scope Errors).
 */
export function insufficientScopeChallenge(reply: JSONRPCMessage, resourceMetadataUrl: string | undefined): string | undefined {
  const error = (reply as { error?: { code?: unknown; message?: unknown; data?: { error?: unknown; scope?: unknown } } }).error;
  if (error === undefined || error.code !== WireErrorCode.Forbidden || error.data?.error !== 'insufficient_scope') return undefined;
  return bearerChallenge({
    error: 'insufficient_scope',
    scope: typeof error.data.scope === 'string' ? error.data.scope : undefined,
    resourceMetadataUrl,
    description: typeof error.message === 'string' ? error.message : undefined,
  });
}
