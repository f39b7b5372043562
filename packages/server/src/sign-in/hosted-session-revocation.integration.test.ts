/**
 * The hosted pages' session cookie (`vitrine_sso`) answers to what happens to the member elsewhere: a block
 * or a password change ends it, and a block also voids an authorization code not yet exchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce, postedMessage } from '../../test-support/redirect-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

describe('the hosted session cookie follows member revocation', () => {
  async function cookieFor(m: { email: string; password: string }) {
    const { body } = await kit.redirectSession(kit.authRequest(pkce()));
    const page = await kit.open(body.redirectSession.fullUrl);
    const html = await page.text();
    const res = await kit.submitForm(body.redirectSession.fullUrl, page, html, {
      redirectSessionId: body.redirectSession.id,
      action: 'signin',
      email: m.email,
      password: m.password,
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
    // Signed in silently: an authorization code (256 random bits, base64url).
    expect((await silentWith(cookie)).code).toMatch(/^[\w-]{43}$/);
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
