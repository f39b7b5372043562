import { createRemoteJWKSet, customFetch as joseFetch, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import type { IdentityProviderConfig, SiteConfig } from '../../config/types.js';
import { OutboundError, outboundFetch, type OutboundFetch, type OutboundPolicy } from '../../http/outbound/index.js';
import { isLoopbackHttp } from './config.js';

/**
 * The relying party's view of each configured provider, from its discovery document. Discovery runs at
 * first use, not at start, so a provider that is down stops only its own button; a good answer is kept
 * for an hour, a failure is not kept (the next sign-in tries again).
 */
export const DISCOVERY_TTL_MS = 3600 * 1000;
const TIMEOUT_SECONDS = 8;
// Discovery documents, JWKS, tokens and UserInfo answers are a few kilobytes; a megabyte is not a provider.
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * Every request to a provider (discovery, JWKS, token, UserInfo) goes through the outbound client
 * (http/outbound/): the issuer is typed by an owner, and every other address comes from the document it
 * serves (audit V5-7). openid-client and jose take it as their `customFetch`.
 */
function providerFetch(policy: OutboundPolicy): OutboundFetch {
  return outboundFetch({ ...policy, timeoutMs: TIMEOUT_SECONDS * 1000, maxResponseBytes: MAX_ANSWER_BYTES });
}

export class ProviderUnavailable extends Error {
  constructor(
    readonly providerName: string,
    cause: unknown,
  ) {
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
  /** The outbound client its requests go through (a configuration made later takes it too). */
  fetch: OutboundFetch;
}

interface Entry {
  provider: Promise<Provider>;
  expiresAt: number;
}

// Kept per site configuration object, so each app (and each change of its settings) discovers afresh.
const caches = new WeakMap<SiteConfig, Map<string, Entry>>();

function cacheOf(site: SiteConfig): Map<string, Entry> {
  let cache = caches.get(site);
  if (!cache) caches.set(site, (cache = new Map()));
  return cache;
}

export function findIdentityProvider(site: SiteConfig, idpConnectionId: unknown): IdentityProviderConfig | undefined {
  return typeof idpConnectionId === 'string'
    ? site.identityProviders?.find((p) => p.id === idpConnectionId)
    : undefined;
}

/** `policy`: the operator's outbound switch (outboundPolicy(ctx.config)). */
export function providerFor(
  site: SiteConfig,
  idp: IdentityProviderConfig,
  now: number,
  policy: OutboundPolicy,
): Promise<Provider> {
  const key = JSON.stringify([site.id, idp.id, idp.issuer, idp.clientId, policy.allowPrivateNetworks]);
  const cache = cacheOf(site);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.provider;
  const provider = discover(idp, policy).catch((error: unknown) => {
    cache.delete(key);
    throw new ProviderUnavailable(idp.name, error);
  });
  cache.set(key, { provider, expiresAt: now + DISCOVERY_TTL_MS });
  return provider;
}

/** Every ID token's signature is checked against the provider's JWKS, also from its token endpoint. */
function executeFor(idp: IdentityProviderConfig): ((config: oidc.Configuration) => void)[] {
  const execute = [oidc.enableNonRepudiationChecks];
  if (isLoopbackHttp(new URL(idp.issuer))) execute.push(oidc.allowInsecureRequests);
  return execute;
}

const clientAuth = (idp: IdentityProviderConfig) =>
  idp.clientSecret ? oidc.ClientSecretPost(idp.clientSecret) : oidc.None();

/** Runs discovery once, uncached: the console's "Test connection" (settings/provider-test.ts). */
export const discoverProvider = (idp: IdentityProviderConfig, policy: OutboundPolicy): Promise<Provider> =>
  discover(idp, policy);

export class NoJwksUri extends Error {
  constructor() {
    super('the discovery document has no jwks_uri');
    this.name = 'NoJwksUri';
  }
}

async function discover(idp: IdentityProviderConfig, policy: OutboundPolicy): Promise<Provider> {
  const fetch = providerFetch(policy);
  const config = await oidc.discovery(new URL(idp.issuer), idp.clientId, idp.clientSecret, clientAuth(idp), {
    execute: executeFor(idp),
    timeout: TIMEOUT_SECONDS,
    [oidc.customFetch]: fetch,
  });
  const metadata = config.serverMetadata();
  if (!metadata.jwks_uri) throw new NoJwksUri();
  return {
    idp,
    config,
    issuer: metadata.issuer,
    jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), {
      timeoutDuration: TIMEOUT_SECONDS * 1000,
      [joseFetch]: fetch,
    }),
    fetch,
  };
}

/**
 * openid-client reads the machine's clock; the server's own clock (ctx.now, which tests move) decides
 * every other expiry, so an ID token's `exp` is judged by it too. openid-client takes a clock skew only
 * when a configuration is made: a skewed one is made from the discovered metadata (no network). In
 * production the skew is 0 and the discovered configuration is used as is.
 */
export function onServerClock(provider: Provider, now: number): oidc.Configuration {
  const skew = Math.round((now - Date.now()) / 1000);
  if (skew === 0) return provider.config;
  const { idp } = provider;
  const config = new oidc.Configuration(
    provider.config.serverMetadata(),
    idp.clientId,
    { ...provider.config.clientMetadata(), [oidc.clockSkew]: skew },
    clientAuth(idp),
  );
  for (const apply of executeFor(idp)) apply(config);
  config.timeout = TIMEOUT_SECONDS;
  config[oidc.customFetch] = provider.fetch;
  return config;
}

/** How far ahead of the server's clock an ID token's `iat` may be (a provider's clock running fast). */
export const ID_TOKEN_IAT_SKEW_SECONDS = 300;

export class InvalidIdToken extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidIdToken';
  }
}

/**
 * An ID token a native app got from the provider itself (One Tap, Sign in with Apple): signature by
 * the provider's JWKS, issuer, audience = our client id (and azp when there are several audiences), expiry,
 * an `iat` not in the future; and the nonce the app says it sent. A token carrying a nonce is accepted only
 * with that nonce (it was minted for a flow of its own), unless `serverNonce`: then the nonce is one the
 * server issued and token-flow.ts spends it, so the app need not repeat it. One use per token is
 * token-flow.ts's check too.
 */
export async function verifyIdToken(
  provider: Provider,
  idToken: string,
  nonce: string | undefined,
  now = Date.now(),
  serverNonce = false,
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, provider.jwks, {
      issuer: provider.issuer,
      audience: provider.idp.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: new Date(now),
    }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC' || error instanceof OutboundError)
      throw new ProviderUnavailable(provider.idp.name, error);
    throw new InvalidIdToken(
      code === 'ERR_JWT_EXPIRED'
        ? 'the ID token has expired'
        : code === 'ERR_JWT_CLAIM_VALIDATION_FAILED'
          ? `the ID token's ${(error as { claim?: string }).claim ?? 'claims'} is not for this site`
          : 'the ID token is not valid',
    );
  }
  if (nonce !== undefined ? payload.nonce !== nonce : payload.nonce !== undefined && !serverNonce)
    throw new InvalidIdToken('the nonce does not match the ID token');
  // OpenID Connect Core 3.1.3.7 (4, 5): a token for several audiences names the party it was issued to, and
  // that must be us. A single-audience token's azp is not checked: Google's Android tokens name the app there.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.idp.clientId)
    throw new InvalidIdToken("the ID token's azp is not for this site");
  // jose checks only that iat is a number; a token "issued" in the future was not minted as providers do.
  if (payload.iat! * 1000 > now + ID_TOKEN_IAT_SKEW_SECONDS * 1000)
    throw new InvalidIdToken("the ID token's iat is in the future");
  return payload;
}
