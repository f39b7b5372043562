import { createClient, OAuthStrategy } from '@wix/sdk';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { routeWixToLocal, type WixRouting } from './wix-fetch.js';

/**
 * Issue #25: the unmodified @wix/sdk on the demo client exactly as shipped (rotation on) keeps a member
 * session through days of renewals, renews an access token that expired while the page was open, and
 * falls back to a visitor when the session ends elsewhere. It keeps its first refresh token for ever
 * (docs/wire-format.md §2.2), so these pass only because a session it starts never rotates
 * (docs/tokens.md#the-token-model). Time moves by the clock both the server and the client read; nothing sleeps.
 */
const realNow = Date.now.bind(Date);
let offset = 0;
const clock = () => realNow() + offset;
const HOUR = 3_600_000;
const PASSWORD = 'a long session passphrase 5150';

let server: TestServer;
let routing: WixRouting;
let redirectUri: string;
let dateNow: MockInstance<() => number>;
beforeAll(async () => {
  server = await startTestServer({
    now: clock,
    // Open sign-up so a test can register and sign in at once; the clients are the demo site's as shipped.
    site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off', captcha: 'off' } }),
  });
  routing = routeWixToLocal(server.url);
  redirectUri = `${server.url}/callback`;
  // The client's idea of expiry (`expiresAt < now`) follows the same clock as the server's.
  dateNow = vi.spyOn(Date, 'now').mockImplementation(clock);
});
afterAll(async () => {
  dateNow?.mockRestore();
  routing?.restore();
  await server?.close();
});

type Client = ReturnType<typeof newClient>;
type AuthUrlOptions = Parameters<Client['auth']['getAuthUrl']>[1];
const newClient = () => createClient({ auth: OAuthStrategy({ clientId: server.clientId }) });
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
const sessionTokenOf = (result: unknown) => (result as { data: { sessionToken: string } }).data.sessionToken;
const tokenCalls = () => routing.seen.filter((r) => r.path === '/oauth2/token').length;
const me = (client: Client) => client.fetchWithAuth(`${server.url}/_api/members/v1/members/my`);
const local = (path: string, init?: RequestInit) => routing.realFetch(`${server.url}${path}`, init);

/** Signs in on a new client through the redirect flow (register or login → session token → code). */
async function signIn(client: Client, email: string, register: boolean) {
  const result = register
    ? await client.auth.register({ email, password: PASSWORD })
    : await client.auth.login({ email, password: PASSWORD });
  expect(result.loginState).toBe('SUCCESS');
  const oauthData = client.auth.generateOAuthData(redirectUri);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'query',
    sessionToken: sessionTokenOf(result),
  } as AuthUrlOptions);
  const location = (await routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  const tokens = await client.auth.getMemberTokens(code, state, oauthData);
  client.auth.setTokens(tokens);
  return tokens;
}

async function signedInMember(tag: string) {
  const email = `${tag}-${realNow()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const phone = newClient();
  const tokens = await signIn(phone, email, true);
  return { phone, email, tokens, memberId: claims(tokens.accessToken.value).sub as string };
}

async function expectMember(client: Client, email: string) {
  const res = await me(client);
  expect(res.status).toBe(200);
  expect((await res.json()).member.loginEmail).toBe(email);
  expect(client.auth.loggedIn()).toBe(true);
}

describe('unmodified @wix/sdk on the demo client as shipped: a member session lasts', () => {
  it('the demo client rotates refresh tokens (the default this suite is about)', () => {
    expect(server.ctx.sites.findClient(server.clientId)?.client.refreshTokenRotation).toBe(true);
  });

  it('through renewals 9 hours apart over three days, on its first refresh token', async () => {
    const { phone, email, tokens } = await signedInMember('days');
    const first = tokens.refreshToken.value;
    const sid = claims(tokens.accessToken.value).sid;
    for (let renewal = 1; renewal <= 8; renewal++) {
      offset += 9 * HOUR; // far beyond the 60 s reuse window, within the 7-day idle timeout
      const before = tokenCalls();
      await expectMember(phone, email);
      expect(tokenCalls()).toBe(before + 1);
      expect(phone.auth.getTokens().refreshToken.value).toBe(first);
      expect(claims(phone.auth.getTokens().accessToken.value).sid).toBe(sid);
    }
  });

  it('renews an access token that expired while the page was open, before the next call', async () => {
    const { phone, email, tokens } = await signedInMember('open-page');
    await expectMember(phone, email);
    offset += 4 * HOUR + 1000; // the access token's 14400 s have passed
    const stale = await local('/_api/members/v1/members/my', { headers: { authorization: tokens.accessToken.value } });
    expect(stale.status).toBe(401);
    const before = tokenCalls();
    await expectMember(phone, email);
    expect(tokenCalls()).toBe(before + 1);
    const renewed = phone.auth.getTokens().accessToken.value;
    expect(renewed).not.toBe(tokens.accessToken.value);
    expect(claims(renewed).sid).toBe(claims(tokens.accessToken.value).sid);
    // And the renewed token is used, not renewed again, while it is fresh.
    offset += HOUR;
    await expectMember(phone, email);
    expect(tokenCalls()).toBe(before + 1);
  });
});

describe('unmodified @wix/sdk on the demo client as shipped: a session ended elsewhere', () => {
  const admin = (memberId: string, action: string) =>
    local(`/_admin/v1/members/${memberId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminKey}` },
      body: JSON.stringify({ siteId: server.siteId }),
    });
  const endings: [string, (m: { email: string; memberId: string }) => Promise<void>][] = [
    [
      'signed out from another device (a password change there)',
      async ({ email }) => {
        const laptop = newClient();
        const laptopTokens = await signIn(laptop, email, false);
        const changed = await local('/_api/iam/authentication/v2/change-password', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: laptopTokens.accessToken.value },
          body: JSON.stringify({ currentPassword: PASSWORD, newPassword: `${PASSWORD} changed` }),
        });
        expect(changed.status).toBe(200);
        await expectMember(laptop, email);
      },
    ],
    [
      'ended by the owner (end-sessions)',
      async ({ memberId }) => expect((await admin(memberId, 'end-sessions')).status).toBe(200),
    ],
    ['blocked by the owner', async ({ memberId }) => expect((await admin(memberId, 'block')).status).toBe(200)],
  ];

  it.each(endings)('%s: refused at once, then a visitor after the next renewal', async (_, endElsewhere) => {
    const member = await signedInMember('ended');
    const { phone, email } = member;
    offset += 2 * HOUR;
    await expectMember(phone, email);
    await endElsewhere(member);
    // The access token the page holds is still unexpired, and no longer a member's.
    expect((await me(phone)).status).toBe(401);
    offset += 4 * HOUR + 1000;
    // Its renewal is refused; @wix/sdk then falls back to a new visitor, silently (docs/wire-format.md §2.4).
    const res = await me(phone);
    expect(res.status).toBe(401);
    expect(phone.auth.loggedIn()).toBe(false);
    expect(claims(phone.auth.getTokens().accessToken.value).role).toBe('visitor');
  });
});
