import type * as Jose from 'jose' with { 'resolution-mode': 'import' };

type JoseModule = typeof Jose;

/** A signing key generated for a test, with its public JWK (kid, alg, use). */
export interface TestKey {
  readonly kid: string;
  readonly alg: string;
  readonly privateKey: Jose.CryptoKey;
  readonly publicJwk: Record<string, unknown>;
  /** The public key as SPKI PEM (what an HS/RS confusion attack would use as the HMAC secret). */
  readonly publicPem: string;
}

export function jose(): Promise<JoseModule> {
  return import('jose');
}

/** Generates a key pair (RS256 by default) with jose. */
export async function generateKey(kid: string, alg = 'RS256'): Promise<TestKey> {
  const j = await jose();
  const { privateKey, publicKey } = await j.generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await j.exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicJwk, publicPem: await j.exportSPKI(publicKey) };
}

/** Claims of a test access token; `exp`/`iat`/`nbf` in seconds relative to now when numbers are small. */
export interface MintOptions {
  readonly iss: string;
  readonly aud: string | string[];
  readonly sub?: string;
  readonly scope?: string;
  /** Seconds from now (negative: in the past). Default 300. */
  readonly expIn?: number;
  /** Seconds from now. */
  readonly nbfIn?: number;
  readonly claims?: Record<string, unknown>;
  /** Header kid; default the key's. */
  readonly kid?: string;
  /** Header typ; default `at+jwt`, `null` for none. */
  readonly typ?: string | null;
  /** Leave out the default `client_id` claim. */
  readonly noClientId?: boolean;
}

const now = (): number => Math.floor(Date.now() / 1000);

/** Signs an access token with `key`. */
export async function mint(key: TestKey, options: MintOptions): Promise<string> {
  const j = await jose();
  const jwt = new j.SignJWT({
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...(options.noClientId === true ? {} : { client_id: 'test-client' }),
    ...options.claims,
  })
    .setProtectedHeader({
      alg: key.alg,
      kid: options.kid ?? key.kid,
      ...(options.typ === null ? {} : { typ: options.typ ?? 'at+jwt' }),
    })
    .setIssuer(options.iss)
    .setAudience(options.aud)
    .setSubject(options.sub ?? 'user-1')
    .setIssuedAt()
    .setExpirationTime(now() + (options.expIn ?? 300));
  if (options.nbfIn !== undefined) jwt.setNotBefore(now() + options.nbfIn);
  return jwt.sign(key.privateKey);
}

/** An unsigned token (`alg: none`): header, payload, empty signature. */
export function unsigned(claims: Record<string, unknown>): string {
  const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ exp: now() + 300, iat: now(), ...claims })}.`;
}

/** The HS/RS confusion attack: HS256 with the RSA public key (PEM text) as the HMAC secret, naming the RSA key's kid. */
export async function confused(key: TestKey, options: MintOptions): Promise<string> {
  const j = await jose();
  return new j.SignJWT({ scope: options.scope ?? 'notes:read', client_id: 'attacker' })
    .setProtectedHeader({ alg: 'HS256', kid: key.kid })
    .setIssuer(options.iss)
    .setAudience(options.aud)
    .setIssuedAt()
    .setExpirationTime(now() + 300)
    .sign(new TextEncoder().encode(key.publicPem));
}
