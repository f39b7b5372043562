import { afterEach, describe, expect, it } from 'vitest';
import { startCountingServer } from '../../test-support/counting-server.js';
import type { Answer, TokenCall } from '../../test-support/counting-server.js';
import { OAuthStrategy } from './oauth-strategy.js';
import { localStorageTokens } from './storage.js';
import type { AuthEvent, Tokens } from './types.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(answer: (call: TokenCall, n: number) => Answer) {
  const s = await startCountingServer(answer);
  close = s.close;
  return s;
}

const issue = (n: number, expiresIn = 14400, refresh: string | null = 'RT' + n): Answer => ({
  body: { access_token: 'AT' + n, refresh_token: refresh, expires_in: expiresIn, token_type: 'Bearer' },
  delayMs: 30,
});

/** A controllable clock, in milliseconds. */
const clock = (start = 1_700_000_000_000) => {
  const c = { t: start, now: () => c.t };
  return c;
};

describe('token lifecycle (request counting)', () => {
  it('shares one token request among parallel getAuthHeaders calls', async () => {
    const s = await serve((_c, n) => issue(n));
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url });
    const results = await Promise.all(Array.from({ length: 10 }, () => auth.getAuthHeaders()));
    expect(s.calls).toHaveLength(1);
    expect(results.every((r) => r.headers.Authorization === 'AT1')).toBe(true);
    expect(s.calls[0]!.body).toEqual({ clientId: 'CID', grantType: 'anonymous' });
    expect(s.calls[0]!.headers['content-type']).toBe('application/json');
    expect(s.calls[0]!.headers['x-wix-bi-gateway']).toMatch(/^environment=js-sdk/);
    expect(s.calls[0]!.headers.authorization).toBeUndefined();
    expect(auth.getTokens().refreshToken).toEqual({ value: 'RT1', role: 'visitor' });
    // Valid tokens are reused.
    await auth.getAuthHeaders();
    expect(s.calls).toHaveLength(1);
  });

  it('shares one request among parallel direct generateVisitorTokens / renewToken calls', async () => {
    const s = await serve((_c, n) => issue(n));
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url });
    const [a, b] = await Promise.all([auth.generateVisitorTokens(), auth.generateVisitorTokens()]);
    expect(a).toEqual(b);
    const rt = { value: 'RT1', role: 'visitor' as const };
    await Promise.all([auth.renewToken(rt), auth.renewToken(rt), auth.renewToken(rt)]);
    expect(s.calls).toHaveLength(2);
    // generateVisitorTokens does not store (as with @wix/sdk).
    expect(auth.getTokens().accessToken.value).toBe('');
  });

  it('renews 60 s before expiry with the refresh token and stores a rotated one', async () => {
    const c = clock();
    const s = await serve((call, n) => issue(n, 3600, call.body.grantType === 'refresh_token' ? 'ROTATED' : 'RT1'));
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url, now: c.now });
    await auth.getAuthHeaders();
    c.t += (3600 - 61) * 1000;
    await auth.getAuthHeaders();
    expect(s.calls).toHaveLength(1);
    c.t += 2000; // now 59 s before expiry
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('AT2');
    expect(s.calls[1]!.body).toEqual({ clientId: 'CID', refreshToken: 'RT1', grantType: 'refresh_token' });
    expect(auth.getTokens().refreshToken).toEqual({ value: 'ROTATED', role: 'visitor' });
    expect(auth.getTokens().accessToken.expiresAt).toBe(Math.floor(c.t / 1000) + 3600);
  });

  it('keeps the old refresh token when the server does not rotate', async () => {
    const c = clock();
    const s = await serve((_c, n) => issue(n, 3600, n === 1 ? 'RT1' : null));
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url, now: c.now });
    await auth.getAuthHeaders();
    c.t += 3600 * 1000;
    await auth.getAuthHeaders();
    expect(s.calls).toHaveLength(2);
    expect(auth.getTokens().refreshToken.value).toBe('RT1');
  });

  it('uses a short-lived token for half its life instead of renewing at once', async () => {
    const c = clock();
    const s = await serve((_c, n) => issue(n, 30));
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url, now: c.now });
    await auth.getAuthHeaders();
    await auth.getAuthHeaders();
    c.t += 14_000;
    await auth.getAuthHeaders();
    expect(s.calls).toHaveLength(1);
    c.t += 2_000;
    await auth.getAuthHeaders();
    expect(s.calls).toHaveLength(2);
  });

  it('renews an externally set token that is inside the skew', async () => {
    const c = clock();
    const s = await serve((_c, n) => issue(n));
    const now = Math.floor(c.t / 1000);
    const tokens: Tokens = {
      accessToken: { value: 'OLD', expiresAt: now + 30 },
      refreshToken: { value: 'R0', role: 'visitor' },
    };
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url, tokens, now: c.now });
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('AT1');
    expect(s.calls[0]!.body.grantType).toBe('refresh_token');
  });

  it('reports a refused member refresh, then continues as a new visitor', async () => {
    const c = clock();
    const s = await serve((call, n) =>
      call.body.grantType === 'refresh_token'
        ? { status: 400, body: { error: 'invalid_grant', error_description: 'session ended' } }
        : issue(n),
    );
    const member: Tokens = {
      accessToken: { value: 'M', expiresAt: 0 },
      refreshToken: { value: 'MRT', role: 'member' },
    };
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url, tokens: member, now: c.now });
    const events: AuthEvent[] = [];
    const unsubscribe = auth.onStatusChange((e) => events.push(e));
    const headers = await Promise.all([auth.getAuthHeaders(), auth.getAuthHeaders()]);
    expect(headers[0].headers.Authorization).toBe('AT2');
    expect(s.calls.map((x) => x.body.grantType)).toEqual(['refresh_token', 'anonymous']);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ type: 'member-session-ended', reason: { code: 'invalid_grant' } });
    expect(events[1]).toEqual({ type: 'role-changed', role: 'visitor', previous: 'member' });
    expect(auth.loggedIn()).toBe(false);
    unsubscribe();
  });

  it('keeps the session when the server fails without an answer it means', async () => {
    const s = await serve(() => ({ status: 503, body: null }));
    const member: Tokens = {
      accessToken: { value: 'M', expiresAt: 0 },
      refreshToken: { value: 'MRT', role: 'member' },
    };
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url, tokens: member });
    const events: AuthEvent[] = [];
    auth.onStatusChange((e) => events.push(e));
    await expect(auth.getAuthHeaders()).rejects.toMatchObject({
      code: 'SYSTEM_ERROR',
      message: 'System error occurred, request-id: REQ-1',
    });
    expect(s.calls).toHaveLength(1);
    expect(events).toEqual([]);
    expect(auth.getTokens()).toEqual(member);
    expect(auth.loggedIn()).toBe(true);
  });

  it('does not overwrite tokens set while a renewal was in flight', async () => {
    const s = await serve((_c, n) => ({ ...issue(n), delayMs: 100 }));
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url });
    const pending = auth.getAuthHeaders();
    await new Promise((r) => setTimeout(r, 20));
    const member: Tokens = {
      accessToken: { value: 'M', expiresAt: 4e9 },
      refreshToken: { value: 'MR', role: 'member' },
    };
    auth.setTokens(member);
    expect((await pending).headers.Authorization).toBe('AT1');
    expect(auth.getTokens()).toEqual(member);
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('M');
  });

  it('rejects a token answer without a usable expires_in', async () => {
    const s = await serve(() => ({ body: { access_token: 'A', refresh_token: 'R' } }));
    const auth = OAuthStrategy({ clientId: 'CID', baseUrl: s.url });
    await expect(auth.getAuthHeaders()).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('announces role changes made by setTokens, and exposes the active token', async () => {
    const auth = OAuthStrategy({ clientId: 'CID' });
    const events: AuthEvent[] = [];
    auth.onStatusChange((e) => events.push(e));
    expect(auth.getActiveToken()).toBeUndefined();
    const member: Tokens = {
      accessToken: { value: 'M', expiresAt: 4e9 },
      refreshToken: { value: 'R', role: 'member' },
    };
    auth.setTokens(member);
    auth.setTokens(member);
    expect(events).toEqual([{ type: 'role-changed', role: 'member', previous: 'none' }]);
    expect(auth.loggedIn()).toBe(true);
    expect(auth.getActiveToken()).toBe('M');
    expect(auth.baseUrl).toBe('https://www.wixapis.com');
  });

  it('shares tokens between tabs through localStorage and announces the role change', async () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    const tabA = new EventTarget();
    const tabB = new EventTarget();
    const a = OAuthStrategy({ clientId: 'CID', tokenStorage: localStorageTokens({ storage, events: tabA }) });
    const b = OAuthStrategy({ clientId: 'CID', tokenStorage: localStorageTokens({ storage, events: tabB }) });
    const seenByB: AuthEvent[] = [];
    b.onStatusChange((e) => seenByB.push(e));
    a.setTokens({ accessToken: { value: 'M', expiresAt: 4e9 }, refreshToken: { value: 'R', role: 'member' } });
    // Browsers fire `storage` only in the other tabs.
    tabB.dispatchEvent(Object.assign(new Event('storage'), { key: 'vitrine.tokens' }));
    expect(seenByB).toEqual([{ type: 'role-changed', role: 'member', previous: 'none' }]);
    expect(b.loggedIn()).toBe(true);
    expect((await b.getAuthHeaders()).headers.Authorization).toBe('M');
  });
});
