/**
 * `@vitrine/sdk/sso`: sign in with external OpenID Connect providers (issue #15), outside the core
 * entry for its size budget.
 *
 *   const sso = ssoOf(client.auth);
 *   const { providers } = await sso.providers();                  // "Continue with {name}" buttons
 *   location.assign(await sso.getSsoUrl('google', await client.auth.generateOAuthData(redirectUri)));
 *   // …back at redirectUri: client.auth.getMemberTokens(code, state, oauthData) as after getAuthUrl
 *   const { nonce } = await sso.nonce('google');                   // native apps, One Tap: the provider's
 *   await sso.loginWithIdToken({ idpConnectionId: 'google', idToken });   //   request carries this nonce
 */
import { toFailure, toLoginResult } from '../auth/login-result.js';
import type { AuthUrlOptions } from '../auth/redirect.js';
import type { LoginResult, OAuthData } from '../auth/types.js';
import { createHttp } from '../http/request.js';

const SSO = '/_api/iam/authentication/v1/sso/';

export interface IdentityProvider {
  idpConnectionId: string;
  /** Shown on buttons: "Continue with {name}". */
  name: string;
}

export interface Connection {
  idpConnection: { idpConnectionId: string; idpUserId: string };
  /** When the provider was linked (ISO 8601); on `connections()` and `disconnect()`, not in a StateMachineResponse. */
  connectedDate?: string;
}

/** The part of an `OAuthStrategy` these helpers use. */
export interface SsoAuth {
  readonly baseUrl: string;
  getAuthHeaders(): Promise<{ headers: Record<string, string> }>;
  getAuthUrl(oauthData: OAuthData, opts?: AuthUrlOptions): Promise<{ authUrl: string }>;
}

export function ssoOf(auth: SsoAuth) {
  const http = createHttp({ baseUrl: auth.baseUrl, getAuthHeaders: () => auth.getAuthHeaders() });
  let site: Promise<{ siteId: string; providers: IdentityProvider[] }> | undefined;
  const providers = () => {
    site ??= http.request<{ siteId: string; providers: IdentityProvider[] }>({
      method: 'GET',
      path: SSO + 'providers',
    });
    // A failed answer is not kept: the next call asks again.
    site.catch(() => (site = undefined));
    return site;
  };
  return {
    /** The site's providers (and its id); asked once per client. */
    providers,
    /**
     * The address that signs in with `idpConnectionId`: a redirect session like `getAuthUrl`'s (same
     * PKCE data, the code comes back to `oauthData.redirectUri`), entered at the provider's button.
     */
    async getSsoUrl(idpConnectionId: string, oauthData: OAuthData, opts?: AuthUrlOptions): Promise<string> {
      const [{ authUrl }, { siteId }] = await Promise.all([auth.getAuthUrl(oauthData, opts), providers()]);
      const sessionId = new URL(authUrl).searchParams.get('redirectSessionId') ?? '';
      const query = new URLSearchParams({ tenantType: 'SITE', sessionId });
      return `${http.baseUrl}${SSO}login/${encodeURIComponent(siteId)}/${encodeURIComponent(idpConnectionId)}?${query}`;
    },
    /**
     * A single-use nonce (10 minutes) for `idpConnectionId`: put it as is in the app's request to the
     * provider; the ID token brought to `loginWithIdToken` must carry it (audit S-9).
     */
    nonce: (idpConnectionId: string) =>
      http.request<{ nonce: string; expiresIn: number }>({
        method: 'POST',
        path: SSO + 'nonce',
        body: { idpConnectionId },
      }),
    /**
     * Signs in with an ID token the app got from the provider (needs the visitor's token) → a login
     * result. The token must carry a nonce from `nonce()` (unless the site's provider says otherwise).
     */
    async loginWithIdToken(p: { idpConnectionId: string; idToken: string; nonce?: string }): Promise<LoginResult> {
      try {
        return toLoginResult(
          await http.request({
            method: 'POST',
            path: SSO + 'login-with-token-params',
            body: { idpConnectionId: p.idpConnectionId, tokenParams: { idToken: p.idToken, nonce: p.nonce } },
          }),
        );
      } catch (e) {
        return toFailure(e, 'verify');
      }
    },
    /** The signed-in member's connected providers, whether they have a password, and the site's providers. */
    connections: () =>
      http.request<{ connections: Connection[]; hasPassword: boolean; providers: IdentityProvider[] }>({
        method: 'GET',
        path: SSO + 'connections',
      }),
    /**
     * Starts connecting a provider to the signed-in member (fresh sign-in or `currentPassword`): send the
     * browser to the answered `authUrl`; it comes back to `returnUrl?connected={id}`. The answer sets a
     * cookie on this browser, so call it from the page, against the API's own origin.
     */
    connect: (idpConnectionId: string, options: { returnUrl: string; currentPassword?: string }) =>
      http.request<{ authUrl: string }>({
        method: 'POST',
        path: SSO + 'connect/' + encodeURIComponent(idpConnectionId),
        body: options,
      }),
    /**
     * Disconnects a provider (refused with LAST_SIGN_IN_METHOD when it is the only way in). Like connecting,
     * it needs a sign-in of the last 10 minutes or `currentPassword` (else REAUTHENTICATION_REQUIRED).
     */
    disconnect: (idpConnectionId: string, options: { currentPassword?: string } = {}) =>
      http.request<{ connections: Connection[] }>({
        method: 'DELETE',
        path: SSO + 'connections/' + encodeURIComponent(idpConnectionId),
        ...(options.currentPassword ? { body: { currentPassword: options.currentPassword } } : {}),
      }),
  };
}

export type Sso = ReturnType<typeof ssoOf>;
