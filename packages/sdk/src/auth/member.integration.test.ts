/** Member sign-in through redirect sessions against a real @vitrine/server. */
import { startTestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStrategy } from './oauth-strategy.js';
import type { AuthEvent } from './types.js';
import { fakeBrowser } from '../../test-support/fake-browser.js';

const API_KEY = 'sdk-test-backend-key-0123456789abcdef';
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  // Verification off, so register answers SUCCESS with a session token at once.
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off' },
      apiKeys: [...s.apiKeys, { name: 'backend', key: API_KEY }],
    }),
  });
});
afterAll(() => server?.close());

const strategy = () => OAuthStrategy({ clientId: server.clientId, baseUrl: server.url });
let n = 0;
const newEmail = () => `member-${Date.now()}-${++n}@example.test`;

/** Registers a new member; returns the strategy (still a visitor) and the session token. */
async function registered(password = 'correct horse battery') {
  const auth = strategy();
  const email = newEmail();
  const result = await auth.register({ email, password });
  expect(result.loginState).toBe('SUCCESS');
  return { auth, email, password, sessionToken: result.data!.sessionToken! };
}

/** Follows the authorize URL as a browser would, without UI (prompt none + session token). */
async function authorize(authUrl: string): Promise<string> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`authorize answered ${res.status} without a redirect`);
  return new URL(location, authUrl).href;
}

describe('member sign-in against @vitrine/server', () => {
  it('session token → code (query) → member tokens → refresh → replay revokes → logout', async () => {
    const { auth, sessionToken } = await registered();
    const oauthData = await auth.generateOAuthData(`${server.url}/callback`, '/account');
    const { authUrl } = await auth.getAuthUrl(oauthData, { prompt: 'none', responseMode: 'query', sessionToken });
    const callback = await authorize(authUrl);
    const { code, state, error } = auth.parseFromUrl(callback, 'query');
    expect(error).toBeUndefined();
    const tokens = await auth.getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe('member');
    expect(auth.loggedIn()).toBe(false); // returned, not stored (as with @wix/sdk)
    auth.setTokens(tokens);
    expect(auth.loggedIn()).toBe(true);

    // An expired member access token is renewed with the (rotated) member refresh token.
    auth.setTokens({ ...tokens, accessToken: { value: tokens.accessToken.value, expiresAt: 0 } });
    await auth.getAuthHeaders();
    expect(auth.getTokens().refreshToken.role).toBe('member');
    expect(auth.getTokens().refreshToken.value).not.toBe(tokens.refreshToken.value);
    expect(auth.loggedIn()).toBe(true);

    // The code is single-use, and a replay revokes what it issued: the next refresh is refused.
    await expect(auth.getMemberTokens(code, state, oauthData)).rejects.toMatchObject({ code: 'TOKEN_EXCHANGE_FAILED' });
    const events: AuthEvent[] = [];
    auth.onStatusChange((e) => events.push(e));
    auth.setTokens({ ...auth.getTokens(), accessToken: { value: 'expired', expiresAt: 0 } });
    await auth.getAuthHeaders();
    expect(events.map((e) => e.type)).toEqual(['member-session-ended', 'role-changed']);
    expect(auth.getTokens().refreshToken.role).toBe('visitor');

    const { logoutUrl } = await auth.logout(`${server.url}/`);
    expect(logoutUrl).toMatch(/^http/);
    expect(auth.getTokens().refreshToken).toEqual({ value: '', role: 'none' });
  });

  it('changePassword ends the other sessions: their refresh is refused and reported', async () => {
    const { auth, email, sessionToken } = await registered();
    const signIn = async (s: ReturnType<typeof strategy>, token: string) => {
      const data = await s.generateOAuthData(`${server.url}/callback`);
      const { authUrl } = await s.getAuthUrl(data, { prompt: 'none', responseMode: 'query', sessionToken: token });
      const { code, state } = s.parseFromUrl(await authorize(authUrl), 'query');
      s.setTokens(await s.getMemberTokens(code, state, data));
    };
    await signIn(auth, sessionToken);
    const other = strategy();
    const login = await other.login({ email, password: 'correct horse battery' });
    await signIn(other, login.data!.sessionToken!);
    expect(other.loggedIn()).toBe(true);

    await expect(auth.changePassword('a brand new passphrase')).resolves.toBeUndefined();

    const events: AuthEvent[] = [];
    other.onStatusChange((e) => events.push(e));
    other.setTokens({ ...other.getTokens(), accessToken: { value: 'expired', expiresAt: 0 } });
    await other.getAuthHeaders();
    expect(events[0]?.type).toBe('member-session-ended');
    expect(other.loggedIn()).toBe(false);
    expect((await strategy().login({ email, password: 'a brand new passphrase' })).loginState).toBe('SUCCESS');
  });

  it('changePassword sends the current password when given: a wrong one is refused with -19976', async () => {
    const { auth, email, sessionToken } = await registered();
    const data = await auth.generateOAuthData(`${server.url}/callback`);
    const { authUrl } = await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'query', sessionToken });
    const { code, state } = auth.parseFromUrl(await authorize(authUrl), 'query');
    auth.setTokens(await auth.getMemberTokens(code, state, data));
    await expect(auth.changePassword('a brand new passphrase', 'not the password')).rejects.toMatchObject({
      code: '-19976',
    });
    await expect(auth.changePassword('a brand new passphrase', 'correct horse battery')).resolves.toBeUndefined();
    expect((await strategy().login({ email, password: 'a brand new passphrase' })).loginState).toBe('SUCCESS');
  });

  it('rejects a foreign state before asking the server', async () => {
    const auth = strategy();
    const oauthData = await auth.generateOAuthData(`${server.url}/callback`);
    await expect(auth.getMemberTokens('code', 'not-the-state', oauthData)).rejects.toThrow('Invalid _state');
  });

  it('external login with session: sign-on with the API key, then member tokens', async () => {
    const { email } = await registered();
    const backend = strategy();
    const tokens = await backend.getMemberTokensForExternalLoginWithSession(email, API_KEY);
    expect(tokens.refreshToken.role).toBe('member');
    expect(tokens.accessToken.value.split('.')).toHaveLength(3);
    await expect(backend.getMemberTokensForExternalLoginWithSession(email, 'wrong-key')).rejects.toMatchObject({
      status: expect.any(Number),
    });
  });

  it('silent login: the hidden frame loads the authorize page, whose message yields member tokens', async () => {
    const { auth, sessionToken } = await registered();
    const b = fakeBrowser();
    // Play the browser: when the frame is inserted, load its page and deliver what its script posts,
    // from the page's origin (the API server).
    const append = b.deps.document!.body.appendChild.bind(b.deps.document!.body);
    b.deps.document!.body.appendChild = (frame: Node) => {
      append(frame);
      void fetch((frame as HTMLIFrameElement).src).then(async (res) => {
        const html = await res.text();
        const message = /var m=(\{.*?\}),o=/.exec(html)?.[1];
        b.post(message ? JSON.parse(message) : null, new URL(server.url).origin);
      });
      return frame;
    };
    const tokens = await auth.getMemberTokensForDirectLogin(sessionToken, b.deps);
    expect(tokens.refreshToken.role).toBe('member');
    expect(b.frames[0]!.removed).toBe(true);
    expect(b.listeners.size).toBe(0);
  });
});
