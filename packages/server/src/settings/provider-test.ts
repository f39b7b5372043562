/**
 * "Test connection" for an identity provider: OpenID Connect discovery (the issuer's
 * `/.well-known/openid-configuration`, then its JWKS address) as a sign-in would run it, answered as
 * what was found or what failed. Owners only; it fetches the issuer the owner typed, through the outbound
 * client (http/outbound/), so a private or loopback issuer is refused unless the operator allows them.
 *
 * A failure is said in a fixed set of words, never the cause chain: Node's and the libraries' messages
 * tell a closed port from an open one, TLS from plain HTTP and name the addresses they reached, which
 * made the button a port scanner of the server's network (audit V5-7).
 */
import type { SiteConfig } from '../config/types.js';
import { Reader } from '../config/validate.js';
import { OutboundError, type OutboundPolicy } from '../http/outbound/index.js';
import { buildIdentityProviders, discoverProvider, NoJwksUri } from '../identity/index.js';

export interface ProviderTestResult {
  ok: boolean;
  /** What went wrong, for the owner (a config sentence, or why discovery failed). */
  message: string;
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
}

export const TEST_FAILURES = {
  notAllowed: 'the address is not allowed',
  unreachable: 'could not connect',
  timeout: 'no answer in time',
  notOpenId: 'not an OpenID provider',
  otherIssuer: 'the discovery document names another issuer',
  noKeys: 'the discovery document names no keys (jwks_uri)',
} as const;

const OUTBOUND_WORDS: Record<OutboundError['kind'], string> = {
  'not-allowed': TEST_FAILURES.notAllowed,
  unreachable: TEST_FAILURES.unreachable,
  timeout: TEST_FAILURES.timeout,
  'too-large': TEST_FAILURES.notOpenId,
};

/** The fixed words for why discovery failed; anything not recognised is "not an OpenID provider". */
export function failureWords(error: unknown): string {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof OutboundError) return OUTBOUND_WORDS[e.kind];
    if (e instanceof NoJwksUri) return TEST_FAILURES.noKeys;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return TEST_FAILURES.timeout;
    const code = (e as { code?: unknown }).code;
    const attribute = (e.cause as { attribute?: unknown } | undefined)?.attribute;
    if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' && attribute === 'issuer') return TEST_FAILURES.otherIssuer;
  }
  return TEST_FAILURES.notOpenId;
}

/**
 * `input` is a provider entry as the config file holds it (`type`, `issuer`, `clientId`…), or names one of
 * the site's; `policy` is the operator's outbound switch (outboundPolicy(ctx.config)).
 */
export async function testProvider(
  site: SiteConfig,
  input: Record<string, unknown>,
  policy: OutboundPolicy,
): Promise<ProviderTestResult> {
  const existing = site.identityProviders?.find((p) => p.id === input.id);
  let idp = existing;
  if (!idp || input.issuer !== undefined || input.type !== undefined) {
    const reader = new Reader();
    const entry = {
      id: 'test',
      clientId: 'test',
      ...existing,
      ...input,
      clientSecret: undefined,
      clientSecretEnv: undefined,
    };
    const [built] = buildIdentityProviders(reader, [entry], 'identityProviders[0]');
    if (reader.problems.length || !built) return { ok: false, message: reader.problems.join('; ') };
    idp = built;
  }
  try {
    // Discovery needs no client secret: none rides along, so an issuer the owner typed never gets the one of
    // the provider it names (a secret the config file gave, audit V5-1).
    const provider = await discoverProvider({ ...idp, clientSecret: undefined }, policy);
    const metadata = provider.config.serverMetadata();
    return {
      ok: true,
      message: `Discovery worked: ${provider.issuer} answers with its sign-in and token endpoints and its keys.`,
      issuer: provider.issuer,
      ...(metadata.authorization_endpoint ? { authorizationEndpoint: metadata.authorization_endpoint } : {}),
      ...(metadata.token_endpoint ? { tokenEndpoint: metadata.token_endpoint } : {}),
    };
  } catch (error) {
    return { ok: false, message: `Discovery at ${idp.issuer} failed: ${failureWords(error)}.` };
  }
}
