/**
 * A scriptable stand-in for the SDK's OAuthStrategy, for binding tests that need to control timing
 * (Strict Mode double effects, cross-tab events). Tokens live in a shared "localStorage" map, like the
 * SDK's localStorage adapter; `otherTab` writes as another tab would and fires the listeners.
 */
import type { AuthClient, LoginResult, Tokens } from '../src/client-types.js';

export const jwt = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

export const tokensFor = (sub: string, role: 'visitor' | 'member'): Tokens => ({
  accessToken: { value: jwt(sub), expiresAt: Math.floor(Date.now() / 1000) + 3600 },
  refreshToken: { value: `refresh-${sub}`, role },
});

export function fakeAuth(initial?: Tokens) {
  let stored: Tokens | undefined = initial;
  const storageListeners = new Set<() => void>();
  let visitorCount = 0;
  const calls: string[] = [];
  const empty = (): Tokens => ({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });

  const auth: AuthClient & { calls: string[] } = {
    calls,
    getTokens: () => stored ?? empty(),
    setTokens: (t) => void (stored = t),
    loggedIn: () => stored?.refreshToken.role == 'member',
    async getAuthHeaders() {
      if (!stored?.accessToken.value) stored = tokensFor(`visitor-${++visitorCount}`, 'visitor');
      return { headers: { Authorization: stored.accessToken.value } };
    },
    async login({ email, password }): Promise<LoginResult> {
      calls.push(`login:${email}`);
      if (password != 'right-password') return { loginState: 'FAILURE', errorCode: 'invalidPassword', error: 'wrong' };
      return { loginState: 'SUCCESS', data: { sessionToken: 'session-1' } };
    },
    async register() {
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'state-1' } };
    },
    async processVerification({ verificationCode }) {
      return verificationCode == '123456'
        ? { loginState: 'SUCCESS', data: { sessionToken: 'session-2' } }
        : { loginState: 'FAILURE', error: 'bad code' };
    },
    async sendPasswordResetEmail() {},
    async changePassword(newPassword, currentPassword) {
      calls.push(`changePassword:${newPassword}:${currentPassword ?? '-'}`);
    },
    async getMemberTokensForDirectLogin(sessionToken) {
      calls.push(`frame:${sessionToken}`);
      return tokensFor('member-1', 'member');
    },
    async getMemberTokens(code, state, oauthData) {
      calls.push(`exchange:${code}`);
      await new Promise((r) => setTimeout(r, 5));
      if (state != oauthData.state) throw new Error('Invalid _state');
      return tokensFor('member-2', 'member');
    },
    generateOAuthData: (redirectUri, originalUri) => ({
      state: 'st',
      codeVerifier: 'v'.repeat(43),
      redirectUri,
      originalUri: originalUri ?? '',
    }),
    async getAuthUrl(data) {
      return { authUrl: `https://login.example/authorize?state=${data.state}` };
    },
    parseFromUrl: () => ({}),
    async logout(originalUrl) {
      calls.push('logout');
      stored = empty();
      return { logoutUrl: `https://api.example/logout?to=${encodeURIComponent(originalUrl)}` };
    },
  };

  return {
    auth,
    client: { auth },
    subscribe(listener: () => void) {
      storageListeners.add(listener);
      return () => void storageListeners.delete(listener);
    },
    /** Another tab stored these tokens (the `storage` event reaches this tab). */
    otherTab(tokens: Tokens) {
      stored = tokens;
      storageListeners.forEach((l) => l());
    },
  };
}
