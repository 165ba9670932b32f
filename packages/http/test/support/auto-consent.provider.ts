import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * An SDK `OAuthClientProvider` for a pre-registered public client whose user consents at once:
 * "redirecting" the user fetches the authorization URL and keeps the code from the redirect,
 * which the test then hands to `transport.finishAuth(code)` — the step a browser callback
 * performs in a real client.
 */
export class AutoConsentProvider implements OAuthClientProvider {
  /** Authorization URLs the client was sent to, in order. */
  readonly authorizationUrls: URL[] = [];
  private code: string | undefined;
  private verifier = '';
  private saved: OAuthTokens | undefined;
  private info: OAuthClientInformationMixed;

  constructor(readonly clientId: string) {
    this.info = { client_id: clientId };
  }

  get redirectUrl(): string {
    return 'http://127.0.0.1/callback';
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'auto-consent test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): OAuthClientInformationMixed {
    return this.info;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.info = info;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrls.push(url);
    const response = await fetch(url, { redirect: 'manual' });
    await response.text();
    const location = response.headers.get('location');
    this.code = location === null ? undefined : (new URL(location).searchParams.get('code') ?? undefined);
  }

  /** The code of the last consent; throws when there is none. */
  takeCode(): string {
    const code = this.code;
    this.code = undefined;
    if (code === undefined) throw new Error('no authorization code: the client was not sent to the authorization server');
    return code;
  }
}
