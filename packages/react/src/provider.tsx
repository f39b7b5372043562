import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { AuthClient, LoginResult, Tokens, VitrineClientLike } from './client-types.js';
import { VitrineContext } from './context.js';
import type { AuthActions, VitrineContextValue } from './context.js';
import { MEMBER_PATH, readJson } from './member.js';
import { readDeviceToken } from './device-token.js';
import { QueryCache } from './query-cache.js';
import { SessionStore } from './session.js';

// The hosted-login round trip is used on the sign-in click and the callback page only: it loads then, so a
// shop's first load does not carry it (the storefront's first-load budget, scripts/size.mjs).
const redirectLogin = () => import('./redirect-login.js');

export interface VitrineProviderProps {
  client: VitrineClientLike;
  /** API origin for `authFetch`, e.g. `http://localhost:8080`. */
  apiBaseUrl: string;
  /** The registered redirect URI of the hosted login page; defaults to `<origin>/callback`. */
  redirectUri?: string;
  /** Relays token changes made by other tabs (the `subscribe` of the SDK's localStorage adapter). */
  subscribeToTokens?: (listener: () => void) => () => void;
  /** Full-page navigation (hosted login, logout); defaults to `location.assign`. */
  navigate?: (url: string) => void;
  /** The shopper's language at start (BCP 47); change it later with `useLanguage().setLanguage`. */
  language?: string;
  /** Queries answered already (server rendering: the data the page was rendered with). */
  cache?: QueryCache;
  children: ReactNode;
}

const emptyTokens = (): Tokens => ({
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
});

async function signInWithSession(auth: AuthClient, result: LoginResult): Promise<LoginResult> {
  const sessionToken = result.loginState == 'SUCCESS' ? result.data?.sessionToken : undefined;
  if (sessionToken) auth.setTokens(await auth.getMemberTokensForDirectLogin(sessionToken));
  return result;
}

export function VitrineProvider({
  client,
  apiBaseUrl,
  redirectUri,
  subscribeToTokens,
  navigate,
  language: initialLanguage,
  cache: givenCache,
  children,
}: VitrineProviderProps) {
  const { auth } = client;
  const [session] = useState(() => new SessionStore(auth, subscribeToTokens));
  const [cache] = useState(() => givenCache ?? new QueryCache());
  // Set on the client before the first render, so the very first queries already carry it.
  const [language, setLanguageState] = useState(() => {
    if (initialLanguage) client.setLanguage?.(initialLanguage);
    return initialLanguage ?? client.language;
  });
  const languageRef = useRef(language);
  languageRef.current = language;
  const saveRef = useRef<(language: string) => Promise<unknown>>(async () => undefined);

  useEffect(() => {
    session.start().catch(() => undefined);
    // A change of identity (sign-in, sign-out, another tab) drops everything cached for the previous one.
    let identity = session.getSnapshot().identity;
    let previousStatus = session.getSnapshot().status;
    return session.subscribe(() => {
      const { identity: next, status } = session.getSnapshot();
      if (next != identity) cache.clear();
      // A shopper who signs in keeps the language they chose as a visitor: it goes to their profile.
      if (status == 'member' && previousStatus != 'member' && previousStatus != 'loading' && languageRef.current) {
        void saveRef.current(languageRef.current);
      }
      previousStatus = status;
      identity = next;
      // Tokens cleared (here or by a sign-out in another tab): continue as a new visitor.
      if (status == 'loading') session.start().catch(() => undefined);
    });
  }, [session, cache]);

  const value = useMemo<Omit<VitrineContextValue, 'language' | 'setLanguage'>>(() => {
    const base = apiBaseUrl.replace(/\/+$/, '');
    const go = navigate ?? ((url: string) => globalThis.location.assign(url));
    const origin = () => globalThis.location.origin;
    const after = <T,>(p: Promise<T>) => p.finally(session.refresh);

    const actions: AuthActions = {
      login: (params) => {
        const deviceToken = readDeviceToken();
        return after(
          auth
            .login(deviceToken ? { ...params, clientMetaData: { deviceToken, ...params.clientMetaData } } : params)
            .then((r) => signInWithSession(auth, r)),
        );
      },
      register: (params) => after(auth.register(params).then((r) => signInWithSession(auth, r))),
      verify: (verificationCode, state) =>
        after(auth.processVerification({ verificationCode }, state).then((r) => signInWithSession(auth, r))),
      async resendVerificationCode(state) {
        if (!auth.resendVerificationCode) throw new Error('This client cannot resend verification codes.');
        await auth.resendVerificationCode(state);
      },
      async changePassword(newPassword, currentPassword) {
        if (!auth.changePassword) throw new Error('This client cannot change passwords.');
        await auth.changePassword(newPassword, currentPassword);
      },
      async sendPasswordResetEmail(email, uri) {
        await auth.sendPasswordResetEmail(email, uri);
      },
      async loginWithRedirect(options = {}) {
        const returnTo = options.returnTo ?? globalThis.location.pathname + globalThis.location.search;
        const { startRedirectLogin } = await redirectLogin();
        go(await startRedirectLogin(auth, redirectUri ?? origin() + '/callback', returnTo, options.prompt));
      },
      handleRedirectCallback: (url = globalThis.location.href) =>
        after(redirectLogin().then(({ completeRedirectLogin }) => completeRedirectLogin(auth, url))),
      async logout(options = {}) {
        let logoutUrl: string | undefined;
        try {
          ({ logoutUrl } = await auth.logout(origin() + (options.returnTo ?? '/')));
        } catch (error) {
          // The server could not be told; this browser still forgets the member below.
          console.warn('Server logout failed', error);
        } finally {
          // Whatever the server said, this browser no longer holds the member's tokens.
          if (auth.getTokens().refreshToken.role == 'member') auth.setTokens(emptyTokens());
          cache.clear();
          session.refresh();
        }
        if (logoutUrl) go(logoutUrl);
        else await session.start();
      },
    };

    const authFetch = async (path: string, init: RequestInit = {}, retried = false): Promise<Response> => {
      const headers = new Headers(init.headers);
      const auth_ = auth.getAuthHeaders
        ? (await auth.getAuthHeaders()).headers.Authorization
        : auth.getTokens().accessToken.value;
      if (auth_) headers.set('Authorization', auth_);
      if (init.body != null && !headers.has('content-type')) headers.set('content-type', 'application/json');
      const response = await fetch(base + path, { ...init, headers });
      // A refused token (a blocked member, a session ended elsewhere): the SDK forgets it, and the one
      // retry renews it or, when the renewal is refused too, continues as a visitor (session → visitor).
      if (response.status != 401 || retried || !auth_ || !auth.expireAccessToken) return response;
      auth.expireAccessToken(auth_);
      return authFetch(path, init, true);
    };

    return {
      client,
      auth,
      session,
      cache,
      actions,
      authFetch,
      apiBaseUrl: base,
      navigate: go,
      redirectUri: redirectUri ?? (globalThis.location ? origin() + '/callback' : ''),
    };
  }, [client, auth, session, cache, apiBaseUrl, redirectUri, navigate]);

  /** PATCHes the member's profile language; a failure only costs the mails' language, so it is logged. */
  const saveProfileLanguage = useCallback(
    (next: string) =>
      value
        .authFetch(MEMBER_PATH, { method: 'PATCH', body: JSON.stringify({ profile: { language: next } }) })
        .then(readJson)
        .then(() => cache.invalidate([session.getSnapshot().identity, 'member']))
        .catch((error: unknown) => console.warn('Could not save the language to the member profile', error)),
    [value, cache, session],
  );
  saveRef.current = saveProfileLanguage;

  const setLanguage = useCallback(
    async (next: string) => {
      client.setLanguage?.(next);
      setLanguageState(next);
      // Everything cached was fetched in the previous language.
      const refetched = cache.invalidate([]);
      if (session.getSnapshot().status == 'member') await saveRef.current(next);
      await refetched;
    },
    [client, cache, session],
  );

  const full = useMemo<VitrineContextValue>(
    () => ({ ...value, language, setLanguage }),
    [value, language, setLanguage],
  );

  return <VitrineContext.Provider value={full}>{children}</VitrineContext.Provider>;
}
