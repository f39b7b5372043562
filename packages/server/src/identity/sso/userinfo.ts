import * as oidc from 'openid-client';

/** The claims of a provider sign-in that Vitrine reads besides `sub` (identity/sso/linking.ts). */
const PROFILE_CLAIMS = ['given_name', 'family_name'] as const;

/**
 * The claims of a browser sign-in, completed from the provider's UserInfo endpoint when the ID token
 * has no `email`. OpenID Connect Core §5.4 lets a provider answer the `email` and `profile` scopes of a
 * code flow from UserInfo only (oidc-provider does so by default; docs/providers.md "UserInfo").
 *
 * openid-client makes the request with the access token and refuses an answer whose `sub` is not the
 * ID token's. The ID token stays the authority for `sub`, `iss`, `aud` and `nonce`: only the claims the
 * sign-in reads are taken from UserInfo, `email` and `email_verified` together (one source vouches for
 * both), names only where the ID token has none. Without a UserInfo endpoint or an access token the
 * ID token's claims are all there is.
 */
export async function claimsWithUserInfo(
  config: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
): Promise<oidc.IDToken> {
  const claims = tokens.claims()!;
  if (typeof claims.email === 'string') return claims;
  if (!config.serverMetadata().userinfo_endpoint || !tokens.access_token) return claims;
  const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  const names = Object.fromEntries(PROFILE_CLAIMS.map((name) => [name, claims[name] ?? userInfo[name]]));
  return { ...claims, ...names, email: userInfo.email, email_verified: userInfo.email_verified };
}
