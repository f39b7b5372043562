import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { IdentityProviderConfig, SiteConfig } from '../../config/types.js';
import { isLoopbackHttp } from './config.js';

/**
 * The relying party's view of each configured provider, from its discovery document. Discovery runs at
 * first use, not at start, so a provider that is down stops only its own button; a good answer is kept
 * for an hour, a failure is not kept (the next sign-in tries again).
 */
export const DISCOVERY_TTL_MS = 3600 * 1000;
const TIMEOUT_SECONDS = 8;

export class ProviderUnavailable extends Error {
  constructor(readonly providerName: string, cause: unknown) {
    super(`the identity provider ${providerName} could not be reached`, { cause });
    this.name = 'ProviderUnavailable';
  }
}

export interface Provider {
  idp: IdentityProviderConfig;
  config: oidc.Configuration;
  /** The issuer the discovery document names (and every ID token must carry). */
  issuer: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

interface Entry {
  provider: Promise<Provider>;
  expiresAt: number;
}

const cache = new Map<string, Entry>();

export function findIdentityProvider(site: SiteConfig, idpConnectionId: unknown): IdentityProviderConfig | undefined {
  return typeof idpConnectionId === 'string' ? site.identityProviders?.find((p) => p.id === idpConnectionId) : undefined;
}

export function providerFor(site: SiteConfig, idp: IdentityProviderConfig, now = Date.now()): Promise<Provider> {
  const key = JSON.stringify([site.id, idp.id, idp.issuer, idp.clientId]);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.provider;
  const provider = discover(idp).catch((error: unknown) => {
    cache.delete(key);
    throw new ProviderUnavailable(idp.name, error);
  });
  cache.set(key, { provider, expiresAt: now + DISCOVERY_TTL_MS });
  return provider;
}

async function discover(idp: IdentityProviderConfig): Promise<Provider> {
  const issuerUrl = new URL(idp.issuer);
  // Every ID token's signature is checked against the provider's JWKS, also from its token endpoint.
  const execute = [oidc.enableNonRepudiationChecks];
  if (isLoopbackHttp(issuerUrl)) execute.push(oidc.allowInsecureRequests);
  const config = await oidc.discovery(
    issuerUrl,
    idp.clientId,
    idp.clientSecret,
    idp.clientSecret ? oidc.ClientSecretPost(idp.clientSecret) : oidc.None(),
    { execute, timeout: TIMEOUT_SECONDS },
  );
  const metadata = config.serverMetadata();
  if (!metadata.jwks_uri) throw new Error('the discovery document has no jwks_uri');
  return { idp, config, issuer: metadata.issuer, jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: TIMEOUT_SECONDS * 1000 }) };
}

export class InvalidIdToken extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidIdToken';
  }
}

/**
 * An ID token a native app got from the provider itself (One Tap, Sign in with Apple): signature by
 * the provider's JWKS, issuer, audience = our client id, expiry; and the nonce the app says it sent.
 * A token carrying a nonce is accepted only with that nonce (it was minted for a flow of its own).
 */
export async function verifyIdToken(provider: Provider, idToken: string, nonce: string | undefined): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, provider.jwks, { issuer: provider.issuer, audience: provider.idp.clientId, requiredClaims: ['sub', 'exp', 'iat'] }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC') throw new ProviderUnavailable(provider.idp.name, error);
    throw new InvalidIdToken(code === 'ERR_JWT_EXPIRED' ? 'the ID token has expired' : code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' ? `the ID token's ${(error as { claim?: string }).claim ?? 'claims'} is not for this site` : 'the ID token is not valid');
  }
  if ((payload.nonce !== undefined || nonce !== undefined) && payload.nonce !== nonce) throw new InvalidIdToken('the nonce does not match the ID token');
  return payload;
}
