/**
 * Sign in with external identity providers (issue #15) over `@vitrine/sdk/sso`: the site's providers
 * for "Continue with {name}" buttons, the redirect round trip (it ends at the same `/callback` as the
 * hosted login page), and Account → Sign-in methods (connected providers, connect, disconnect).
 */
import { ssoOf } from '@vitrine/sdk/sso';
import type { Connection, IdentityProvider, SsoAuth } from '@vitrine/sdk/sso';
import type { OAuthData } from '@vitrine/sdk';
import { useCallback, useMemo } from 'react';
import { useVitrine } from './context.js';
import { useInvalidate, useQuery, useSession } from './hooks.js';
import type { QueryResult } from './hooks.js';
import { startLogin } from './redirect-login.js';

export type { Connection, IdentityProvider };

/** The SDK's SSO helpers bound to the provider's client (one per client). */
export function useSsoClient() {
  const { auth, apiBaseUrl } = useVitrine();
  return useMemo(
    () =>
      ssoOf({
        baseUrl: auth.baseUrl ?? apiBaseUrl,
        getAuthHeaders: async () =>
          auth.getAuthHeaders
            ? auth.getAuthHeaders()
            : { headers: { Authorization: auth.getTokens().accessToken.value } },
        getAuthUrl: (oauthData, opts) => auth.getAuthUrl(oauthData, opts as { prompt?: 'login' }),
      } satisfies SsoAuth),
    [auth, apiBaseUrl],
  );
}

export interface SsoProviders extends QueryResult<IdentityProvider[]> {
  /** Sends the browser to the provider; it comes back signed in through `/callback`, then to `returnTo`. */
  signInWith(idpConnectionId: string, options?: { returnTo?: string }): Promise<void>;
}

/** The site's identity providers and a way to sign in with each. */
export function useSsoProviders(): SsoProviders {
  const { auth, navigate, redirectUri } = useVitrine();
  const sso = useSsoClient();
  const query = useQuery(['sso', 'providers'], async () => (await sso.providers()).providers);
  const signInWith = useCallback(
    async (idpConnectionId: string, options: { returnTo?: string } = {}) => {
      const returnTo = options.returnTo ?? globalThis.location.pathname + globalThis.location.search;
      navigate(
        await startLogin(auth, redirectUri, returnTo, (oauthData) =>
          sso.getSsoUrl(idpConnectionId, oauthData as OAuthData),
        ),
      );
    },
    [auth, navigate, redirectUri, sso],
  );
  return { ...query, signInWith };
}

export interface SignInMethods extends QueryResult<{
  connections: Connection[];
  hasPassword: boolean;
  providers: IdentityProvider[];
}> {
  /** Connects a provider to the signed-in member: off to the provider, back at `returnTo?connected={id}`. */
  connect(idpConnectionId: string, options: { returnTo: string; currentPassword?: string }): Promise<void>;
  /** Needs a sign-in of the last 10 minutes or `currentPassword` (else REAUTHENTICATION_REQUIRED). */
  disconnect(idpConnectionId: string, options?: { currentPassword?: string }): Promise<void>;
}

/** Account → Sign-in methods: the member's connected providers, connect and disconnect. */
export function useSignInMethods(): SignInMethods {
  const { navigate } = useVitrine();
  const { isMember } = useSession();
  const sso = useSsoClient();
  const invalidate = useInvalidate();
  const query = useQuery(['sso', 'connections'], () => sso.connections(), { enabled: isMember });
  const connect = useCallback(
    async (idpConnectionId: string, options: { returnTo: string; currentPassword?: string }) => {
      const returnUrl = new URL(options.returnTo, globalThis.location.href).href;
      navigate((await sso.connect(idpConnectionId, { returnUrl, currentPassword: options.currentPassword })).authUrl);
    },
    [navigate, sso],
  );
  const disconnect = useCallback(
    async (idpConnectionId: string, options: { currentPassword?: string } = {}) => {
      await sso.disconnect(idpConnectionId, options);
      await invalidate(['sso', 'connections']);
    },
    [invalidate, sso],
  );
  return { ...query, connect, disconnect };
}
