import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit, fragmentOf, pkce, withRedirectClient } from '../../test-support/redirect-kit.js';
import { startTestServer } from '../../test-support/server.js';

/** Audit F-9: a logout link alone must not sign a browser out, and only ever ends its own site's session. */
const OTHER = { siteId: 'other', clientId: 'other-app', origin: 'https://other.test' };
let kit: Kit;
beforeAll(async () => {
  kit = new Kit(
    await startTestServer({
      site: withRedirectClient,
      config: (c) => ({
        ...c,
        sites: [
          ...c.sites,
          {
            ...c.sites[0]!,
            id: OTHER.siteId,
            name: 'Other shop',
            apiKeys: [],
            collections: [],
            clients: [
              {
                clientId: OTHER.clientId,
                redirectUris: [`${OTHER.origin}/cb`],
                allowedOrigins: [OTHER.origin],
                refreshTokenRotation: true,
              },
            ],
          },
        ],
      }),
    }),
  );
});
afterAll(() => kit.server.close());

const cookiePair = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const post = (url: string, fields: Record<string, string>, cookie: string) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });

/** Signs a member in on the hosted page: the browser's `vitrine_sso` cookie, plus the member. */
async function browserSignedIn() {
  const m = await kit.member();
  const p = pkce();
  const { body } = await kit.redirectSession(kit.authRequest(p));
  const page = await kit.open(body.redirectSession.fullUrl);
  const res = await kit.submitForm(body.redirectSession.fullUrl, page, await page.text(), {
    redirectSessionId: body.redirectSession.id,
    action: 'signin',
    email: m.email,
    password: m.password,
  });
  expect(res.status).toBe(302);
  return { m, sso: cookiePair(res, 'vitrine_sso')! };
}

/** Member tokens of an app session of `m` (code flow with its session token). */
async function appTokens(sessionToken: string) {
  const p = pkce();
  const { body } = await kit.redirectSession(kit.authRequest(p, { sessionToken }, 'none'));
  const code = fragmentOf((await kit.open(body.redirectSession.fullUrl)).headers.get('location')).get('code')!;
  return (await (await kit.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri })).json()) as {
    access_token: string;
    refresh_token: string;
  };
}

const silentSignIn = async (sso: string) => {
  const { body } = await kit.redirectSession(kit.authRequest(pkce(), {}, 'none'));
  return fragmentOf((await kit.open(body.redirectSession.fullUrl, sso)).headers.get('location'));
};

describe('logout redirect sessions (F-9)', () => {
  it('without the member token: GET shows a confirmation page and signs nobody out; the CSRF-checked POST does', async () => {
    const { m, sso } = await browserSignedIn();
    const { body } = await kit.redirectSession({
      logout: { clientId: APP.clientId },
      callbacks: { postFlowUrl: `${APP.origin}/bye` },
    });
    const page = await kit.open(body.redirectSession.fullUrl, sso);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<button type="submit">Sign out<\/button>/);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${APP.origin}`);
    expect(page.headers.getSetCookie().some((c) => c.startsWith('vitrine_sso='))).toBe(false);
    // An authorization code: 256 random bits, base64url.
    expect((await silentSignIn(sso)).get('code')).toMatch(/^[\w-]{43}$/);

    const fields = { redirectSessionId: body.redirectSession.id, csrf: hiddenValue(html, 'csrf')! };
    const csrfCookie = cookiePair(page, 'vitrine_csrf')!;
    expect((await post(body.redirectSession.fullUrl, fields, sso)).status).toBe(403);
    expect(
      (await post(body.redirectSession.fullUrl, { ...fields, csrf: 'x'.repeat(43) }, `${sso}; ${csrfCookie}`)).status,
    ).toBe(403);
    expect((await silentSignIn(sso)).get('code')).toMatch(/^[\w-]{43}$/);

    const out = await post(body.redirectSession.fullUrl, fields, `${sso}; ${csrfCookie}`);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${APP.origin}/bye`);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('vitrine_sso='))).toMatch(/Max-Age=0/);
    expect((await silentSignIn(sso)).get('error')).toBe('login_required');
    const signOuts = await kit.server.ctx.authEvents.list(kit.server.siteId, { type: 'sign_out' });
    expect(signOuts.some((e) => e.memberId === m.memberId)).toBe(true);
    const revoked = await kit.server.ctx.authEvents.list(kit.server.siteId, { type: 'session_revoked' });
    expect(revoked.find((e) => e.memberId === m.memberId)?.detail).toMatchObject({ reason: 'logout' });
  });

  it("another member's token does not end this browser's session: theirs ends, this one is only offered", async () => {
    const victim = await browserSignedIn();
    const attacker = await kit.member();
    const tokens = await appTokens(attacker.sessionToken);
    const { body } = await kit.redirectSession(
      { logout: { clientId: APP.clientId }, callbacks: { postFlowUrl: `${APP.origin}/` } },
      tokens.access_token,
    );
    const page = await kit.open(body.redirectSession.fullUrl, victim.sso);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign out');
    expect((await silentSignIn(victim.sso)).get('code')).toMatch(/^[\w-]{43}$/);
    // The token holder asked to end their own session: that happened.
    expect(
      (
        await kit.post('/oauth2/token', {
          clientId: APP.clientId,
          grantType: 'refresh_token',
          refreshToken: tokens.refresh_token,
        })
      ).status,
    ).toBe(400);
  });

  it("the member's own token signs out at once, also this browser's session of the same member", async () => {
    const { m, sso } = await browserSignedIn();
    const tokens = await appTokens(await kit.sessionToken(m.email, m.password));
    const { body } = await kit.redirectSession(
      { logout: { clientId: APP.clientId }, callbacks: { postFlowUrl: `${APP.origin}/bye` } },
      tokens.access_token,
    );
    const out = await kit.open(body.redirectSession.fullUrl, sso);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${APP.origin}/bye`);
    expect((await silentSignIn(sso)).get('error')).toBe('login_required');
  });

  it("a logout of another site never ends this site's browser session", async () => {
    const { sso } = await browserSignedIn();
    const { body } = await kit.redirectSession({ logout: { clientId: OTHER.clientId } });
    const page = await kit.open(body.redirectSession.fullUrl, sso);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Other shop');
    expect((await silentSignIn(sso)).get('code')).toMatch(/^[\w-]{43}$/);
  });
});
