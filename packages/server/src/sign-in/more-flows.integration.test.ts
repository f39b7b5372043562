import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { startTestServer } from '../../test-support/server.js';
import { APP, Kit, pkce, postedMessage, withRedirectClient } from '../../test-support/redirect-kit.js';
import { cookieOptions } from '../http/cookies.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

describe('visitor → member at the code exchange', () => {
  it("the visitor's cart items become the member's", async () => {
    const visitor = await kit.visitor();
    const insert = await kit.post(
      '/wix-data/v2/items',
      { dataCollectionId: 'Cart', dataItem: { data: { sku: 'tee-1', qty: 2 } } },
      { authorization: visitor.access_token },
    );
    expect(insert.status).toBe(200);
    const email = `cart${Date.now()}@example.com`;
    const reg = await kit.post(
      '/_api/iam/authentication/v2/register',
      { loginId: { email }, password: 'a long enough password' },
      { authorization: visitor.access_token },
    );
    const { sessionToken, identity } = (await reg.json()) as { sessionToken: string; identity: { id: string } };
    const p = pkce();
    const { body } = await kit.redirectSession(
      kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined, sessionToken }, 'none'),
      visitor.access_token,
    );
    const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
    const tokens = (await (await kit.exchange({ code, codeVerifier: p.verifier })).json()) as { access_token: string };
    const query = await kit.post(
      '/wix-data/v2/items/query',
      { dataCollectionId: 'Cart', query: {} },
      { authorization: tokens.access_token },
    );
    const items = ((await query.json()) as { dataItems: { data: Record<string, unknown> }[] }).dataItems;
    expect(items.map((i) => i.data)).toEqual([expect.objectContaining({ sku: 'tee-1', _owner: identity.id })]);
  });
});

describe('login intent', () => {
  it('shows the sign-in page for the client of the caller token, then goes to the allowed postFlowUrl', async () => {
    const visitor = await kit.visitor();
    expect((await kit.redirectSession({ login: {} })).res.status).toBe(401);
    expect(
      (await kit.redirectSession({ login: {}, callbacks: { postFlowUrl: 'https://evil.test/' } }, visitor.access_token))
        .res.status,
    ).toBe(400);
    const { body } = await kit.redirectSession(
      { login: {}, callbacks: { postFlowUrl: `${APP.origin}/account` } },
      visitor.access_token,
    );
    const page = await kit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    expect(html).toContain('Sign in');
    const m = await kit.member();
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('vitrine_csrf='))!
      .split(';')[0]!;
    const res = await fetch(body.redirectSession.fullUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({
        redirectSessionId: body.redirectSession.id,
        csrf: hiddenValue(html, 'csrf')!,
        action: 'signin',
        email: m.email,
        password: m.password,
      }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${APP.origin}/account`);
  });
});

describe('password reset from the hosted page', () => {
  it('the reset link leads back only to the registered redirect URI; a foreign redirect is refused', async () => {
    const m = await kit.member();
    const p = pkce();
    const { body } = await kit.redirectSession(kit.authRequest(p));
    const page = await kit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('vitrine_csrf='))!
      .split(';')[0]!;
    const res = await fetch(body.redirectSession.fullUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({
        redirectSessionId: body.redirectSession.id,
        csrf: hiddenValue(html, 'csrf')!,
        action: 'forgot',
        email: m.email,
      }).toString(),
    });
    expect(res.status).toBe(200);
    const mail = (await (await fetch(`${kit.server.url}/_dev/mail.json?to=${encodeURIComponent(m.email)}`)).json()) as {
      messages: { text: string }[];
    };
    const link = /(http\S+reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.messages[0]!.text)![1]!;
    const reset = await (await fetch(link)).text();
    expect(reset).toContain(JSON.stringify(APP.redirectUri));
    const visitor = await kit.visitor();
    const evil = await kit.post(
      '/_api/iam/recovery/v1/send-email',
      { email: m.email, redirect: { url: 'https://evil.test/', clientId: APP.clientId } },
      { authorization: visitor.access_token },
    );
    expect(evil.status).toBe(400);
  });
});

describe('captcha policy on the hosted pages', () => {
  it('altcha sites get the solver script, and a submission without a solution is asked for one', async () => {
    const server = await startTestServer({
      site: (s) => {
        const w = withRedirectClient(s);
        return { ...w, policies: { ...w.policies, captcha: 'altcha' } };
      },
    });
    try {
      const ckit = new Kit(server);
      const { body } = await ckit.redirectSession(ckit.authRequest(pkce()));
      const page = await ckit.open(`${body.redirectSession.fullUrl}&view=register`);
      const html = await page.text();
      expect(html).toContain('name="altcha"');
      expect(html).toContain('/_api/iam/captcha/v1/altcha/challenge');
      const cookie = page.headers
        .getSetCookie()
        .find((c) => c.startsWith('vitrine_csrf='))!
        .split(';')[0]!;
      const res = await fetch(body.redirectSession.fullUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({
          redirectSessionId: body.redirectSession.id,
          csrf: hiddenValue(html, 'csrf')!,
          action: 'register',
          email: 'c@example.com',
          password: 'a long enough password',
        }).toString(),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('captcha');
    } finally {
      await server.close();
    }
  });
});

describe('cookies', () => {
  it('are Secure when the public URL is https', () => {
    const https = cookieOptions({ config: { publicUrl: 'https://shop.example' } } as AppContext, 60);
    expect(https).toEqual({ path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60, secure: true });
    expect(cookieOptions({ config: { publicUrl: 'http://localhost:8080' } } as AppContext, 60).secure).toBe(false);
  });
});

describe('the hosted session cookie follows member revocation', () => {
  async function cookieFor(m: { email: string; password: string }) {
    const { body } = await kit.redirectSession(kit.authRequest(pkce()));
    const page = await kit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    const csrf = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('vitrine_csrf='))!
      .split(';')[0]!;
    const res = await fetch(body.redirectSession.fullUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrf },
      body: new URLSearchParams({
        redirectSessionId: body.redirectSession.id,
        csrf: hiddenValue(html, 'csrf')!,
        action: 'signin',
        email: m.email,
        password: m.password,
      }).toString(),
    });
    expect(res.status).toBe(302);
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith('vitrine_sso='))!
      .split(';')[0]!;
  }
  const silentWith = async (cookie: string) => {
    const { body } = await kit.redirectSession(
      kit.authRequest(pkce(), { responseMode: 'web_message', redirectUri: undefined }, 'none'),
    );
    return postedMessage(await (await kit.open(body.redirectSession.fullUrl, cookie)).text());
  };

  it('a blocked member is no longer signed in by the cookie, and an unspent code of theirs is refused', async () => {
    const m = await kit.member();
    const cookie = await cookieFor(m);
    expect((await silentWith(cookie)).code).toBeTruthy();
    const p = pkce();
    const { body } = await kit.redirectSession(
      kit.authRequest(p, { responseMode: 'web_message', redirectUri: undefined }, 'none'),
    );
    const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl, cookie)).text());
    const block = await fetch(`${kit.server.url}/_admin/v1/members/block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${kit.server.adminKey}` },
      body: JSON.stringify({ siteId: kit.server.siteId, email: m.email }),
    });
    expect(block.status).toBe(200);
    expect((await silentWith(cookie)).error).toBe('login_required');
    expect((await kit.exchange({ code, codeVerifier: p.verifier })).status).toBe(400);
  });

  it('a password change elsewhere ends the cookie session', async () => {
    const m = await kit.member();
    const cookie = await cookieFor(m);
    const p = pkce();
    const { body } = await kit.redirectSession(
      kit.authRequest(
        p,
        {
          responseMode: 'web_message',
          redirectUri: undefined,
          sessionToken: await kit.sessionToken(m.email, m.password),
        },
        'none',
      ),
    );
    const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
    const tokens = (await (await kit.exchange({ code, codeVerifier: p.verifier })).json()) as { access_token: string };
    const change = await kit.post(
      '/_api/iam/authentication/v2/change-password',
      { newPassword: 'another long password' },
      { authorization: tokens.access_token },
    );
    expect(change.status).toBe(200);
    expect((await silentWith(cookie)).error).toBe('login_required');
  });
});

describe('redirect-session creation is rate limited per IP', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    process.env.VITRINE_REDIRECT_RATE_LIMIT = '3';
    const server = await startTestServer({ site: withRedirectClient });
    delete process.env.VITRINE_REDIRECT_RATE_LIMIT;
    try {
      const lkit = new Kit(server);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await lkit.redirectSession(lkit.authRequest(pkce()))).res.status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const last = await lkit.redirectSession(lkit.authRequest(pkce()));
      expect(Number(last.res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('owner approval and other prompts', () => {
  it('a site with manual approval shows a waiting page instead of a code', async () => {
    const server = await startTestServer({
      site: (s) => {
        const w = withRedirectClient(s);
        return { ...w, policies: { ...w.policies, memberApproval: 'manual' } };
      },
    });
    try {
      const akit = new Kit(server);
      const { body } = await akit.redirectSession(akit.authRequest(pkce()));
      const page = await akit.open(`${body.redirectSession.fullUrl}&view=register`);
      const html = await page.text();
      const cookie = page.headers
        .getSetCookie()
        .find((c) => c.startsWith('vitrine_csrf='))!
        .split(';')[0]!;
      const res = await fetch(body.redirectSession.fullUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({
          redirectSessionId: body.redirectSession.id,
          csrf: hiddenValue(html, 'csrf')!,
          action: 'register',
          email: 'wait@example.com',
          password: 'a long enough password',
        }).toString(),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('approval');
    } finally {
      await server.close();
    }
  });

  it.each(['consent', 'select_account'])('prompt %s is accepted and shows the sign-in form', async (prompt) => {
    const { res, body } = await kit.redirectSession(kit.authRequest(pkce(), {}, prompt));
    expect(res.status).toBe(200);
    expect(await (await kit.open(body.redirectSession.fullUrl)).text()).toContain('name="password"');
  });
});
