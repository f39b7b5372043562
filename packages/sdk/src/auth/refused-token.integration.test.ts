/**
 * A 401 on an authenticated call means the server refused the access token (a blocked member, a
 * session ended elsewhere): the SDK forgets that token and sends the call once more, renewed when the
 * refresh token still works, else as a new visitor after announcing the end of the member session.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startCountingServer } from '../../test-support/counting-server.js';
import type { Answer, TokenCall } from '../../test-support/counting-server.js';
import { createClient } from '../client.js';
import { OAuthStrategy } from './oauth-strategy.js';
import type { AuthEvent, Tokens } from './types.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const member: Tokens = {
  accessToken: { value: 'MEMBER-AT', expiresAt: 4e9 },
  refreshToken: { value: 'MEMBER-RT', role: 'member' },
};
const token = (value: string): Answer => ({
  body: { access_token: value, refresh_token: `${value}-RT`, expires_in: 14400 },
});
const unauthorized: Answer = {
  status: 401,
  body: { message: 'session ended', details: { applicationError: { code: 'UNAUTHENTICATED' } } },
};

/** A server that refuses MEMBER-AT, answers the token endpoint as told, and accepts any other token. */
async function serve(onToken: (call: TokenCall) => Answer) {
  const s = await startCountingServer((call) => {
    if (call.url == '/oauth2/token') return onToken(call);
    if (call.headers.authorization == 'MEMBER-AT') return unauthorized;
    if (call.url.startsWith('/members-only') && call.headers.authorization != 'RENEWED') return unauthorized;
    return { body: { seenWith: call.headers.authorization } };
  });
  close = s.close;
  return s;
}

function memberClient(url: string) {
  const auth = OAuthStrategy({ clientId: 'CID', baseUrl: url, tokens: member });
  const events: AuthEvent[] = [];
  auth.onStatusChange((e) => events.push(e));
  return { client: createClient({ auth }), auth, events };
}

describe('a refused access token', () => {
  it('ends the member session when the refresh is refused too, and the call goes on as a visitor', async () => {
    const s = await serve((call) =>
      call.body.grantType == 'refresh_token' ? { status: 400, body: { error: 'invalid_grant' } } : token('VISITOR'),
    );
    const { client, auth, events } = memberClient(s.url);
    await expect(client.request({ method: 'GET', path: '/public' })).resolves.toEqual({ seenWith: 'VISITOR' });
    expect(s.calls.map((c) => c.body.grantType ?? `${c.url} ${String(c.headers.authorization)}`)).toEqual([
      '/public MEMBER-AT',
      'refresh_token',
      'anonymous',
      '/public VISITOR',
    ]);
    expect(events.map((e) => e.type)).toEqual(['member-session-ended', 'role-changed']);
    expect(auth.loggedIn()).toBe(false);
    expect(auth.getTokens().refreshToken).toEqual({ value: 'VISITOR-RT', role: 'visitor' });
  });

  it('renews and retries once when the refresh token still works; the member stays signed in', async () => {
    const s = await serve(() => token('RENEWED'));
    const { client, auth, events } = memberClient(s.url);
    await expect(client.request({ method: 'POST', path: '/members-only', body: { a: 1 } })).resolves.toEqual({
      seenWith: 'RENEWED',
    });
    expect(s.calls.filter((c) => c.url == '/members-only').map((c) => c.body)).toEqual([{ a: 1 }, { a: 1 }]);
    expect(events).toEqual([]);
    expect(auth.loggedIn()).toBe(true);
  });

  it('retries only once: a second 401 is the caller’s error', async () => {
    const s = await serve((call) =>
      call.body.grantType == 'refresh_token' ? { status: 400, body: { error: 'invalid_grant' } } : token('VISITOR'),
    );
    const { client } = memberClient(s.url);
    await expect(client.request({ method: 'GET', path: '/members-only' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(s.calls.filter((c) => c.url == '/members-only')).toHaveLength(2);
  });

  it('fetchWithAuth does the same, and hands back the answer of the retry', async () => {
    const s = await serve((call) =>
      call.body.grantType == 'refresh_token' ? { status: 400, body: { error: 'invalid_grant' } } : token('VISITOR'),
    );
    const { client, auth } = memberClient(s.url);
    const res = await client.fetchWithAuth(`${s.url}/public`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ seenWith: 'VISITOR' });
    expect(auth.loggedIn()).toBe(false);
  });

  it('a token the client no longer holds (already renewed) changes nothing', () => {
    const auth = OAuthStrategy({ clientId: 'CID', tokens: member });
    auth.expireAccessToken('AN-OLDER-TOKEN');
    expect(auth.getTokens()).toEqual(member);
    auth.expireAccessToken('MEMBER-AT');
    expect(auth.getTokens()).toEqual({ ...member, accessToken: { value: '', expiresAt: 0 } });
    expect(auth.loggedIn()).toBe(true);
  });
});
