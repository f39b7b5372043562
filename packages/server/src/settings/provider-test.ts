/**
 * "Test connection" for an identity provider: OpenID Connect discovery (the issuer's
 * `/.well-known/openid-configuration`, then its JWKS address) as a sign-in would run it, answered as
 * what was found or what failed, in words. Owners only; it fetches the issuer the owner typed.
 */
import type { SiteConfig } from '../config/types.js';
import { Reader } from '../config/validate.js';
import { buildIdentityProviders } from '../identity/sso/config.js';
import { discoverProvider } from '../identity/sso/providers.js';

export interface ProviderTestResult {
  ok: boolean;
  /** What went wrong, for the owner (a config sentence, or why discovery failed). */
  message: string;
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
}

const causeText = (error: unknown): string => {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error && parts.length < 3; e = e.cause) parts.push(e.message);
  return parts.join(': ') || 'unknown error';
};

/** `input` is a provider entry as the config file holds it (`type`, `issuer`, `clientId`…), or names one of the site's. */
export async function testProvider(site: SiteConfig, input: Record<string, unknown>): Promise<ProviderTestResult> {
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
    idp = { ...built, clientSecret: existing?.clientSecret };
  }
  try {
    const provider = await discoverProvider(idp);
    const metadata = provider.config.serverMetadata();
    return {
      ok: true,
      message: `Discovery worked: ${provider.issuer} answers with its sign-in and token endpoints and its keys.`,
      issuer: provider.issuer,
      ...(metadata.authorization_endpoint ? { authorizationEndpoint: metadata.authorization_endpoint } : {}),
      ...(metadata.token_endpoint ? { tokenEndpoint: metadata.token_endpoint } : {}),
    };
  } catch (error) {
    return { ok: false, message: `Discovery at ${idp.issuer} failed: ${causeText(error)}` };
  }
}
