import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, Kit, fragmentOf, pkce } from '../../test-support/redirect-kit.js';

/** Audit F-13: `__Host-` cookie names under https, and a CSRF cookie that cannot be planted. */
const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const setCookie = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const pair = (raw: string | undefined) => raw?.split(';')[0];
const post = (url: string, fields: Record<string, string>, cookie: string) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(fields).toString(),
  });

describe('the CSRF cookie cannot be planted (http)', () => {
  let kit: Kit;
  let offset = 0;
  beforeAll(async () => {
    kit = await Kit.start(() => Date.now() + offset);
  });
  afterAll(() => kit.server.close());

  it('a value the server did not mint is replaced, and a form minted for it is refused', async () => {
    const victim = await kit.member();
    const planted = `vitrine_csrf=${'C'.repeat(43)}`;
    // The attacker loads a sign-in page with the planted cookie and reads the form's token…
    const { body } = await kit.redirectSession(kit.authRequest(pkce()));
    const page = await kit.open(body.redirectSession.fullUrl, planted);
    const fresh = pair(setCookie(page, 'vitrine_csrf'));
    // One the server minted: nonce.expiry.HMAC.
    expect(fresh).toMatch(/^vitrine_csrf=[\w-]{22}\.[0-9a-z]{1,10}\.[\w-]{43}$/);
    expect(fresh).not.toBe(planted);
    const csrf = hiddenValue(await page.text(), 'csrf')!;
    // …and a browser holding the planted cookie posts it: refused.
    const fields = {
      redirectSessionId: body.redirectSession.id,
      csrf,
      action: 'signin',
      email: victim.email,
      password: victim.password,
    };
    expect((await post(body.redirectSession.fullUrl, fields, planted)).status).toBe(403);
    // The token belongs to the cookie the server minted instead.
    expect((await post(body.redirectSession.fullUrl, fields, fresh!)).status).toBe(302);
  });

  it('a minted cookie with a changed character, or past its hour, is not adopted', async () => {
    const { body } = await kit.redirectSession(kit.authRequest(pkce()));
    const first = pair(setCookie(await kit.open(body.redirectSession.fullUrl), 'vitrine_csrf'))!;
    expect(first).toMatch(/^vitrine_csrf=[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(setCookie(await kit.open(body.redirectSession.fullUrl, first), 'vitrine_csrf')).toBeUndefined();
    const last = first.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${first.slice(0, -2)}${last}${first.at(-1)}`;
    expect(setCookie(await kit.open(body.redirectSession.fullUrl, tampered), 'vitrine_csrf')).toBeDefined();
    offset = 3600 * 1000 + 1000;
    const later = await kit.redirectSession(kit.authRequest(pkce()));
    expect(setCookie(await kit.open(later.body.redirectSession.fullUrl, first), 'vitrine_csrf')).toBeDefined();
    offset = 0;
  });
});

describe('cookie names under https', () => {
  let kit: Kit;
  const PUBLIC = 'https://auth.shop.test';
  beforeAll(async () => {
    kit = await Kit.start();
    // The server decides by its public URL; the test still talks plain http to the local port.
    kit.server.ctx.config.publicUrl = PUBLIC;
  });
  afterAll(() => kit.server.close());
  const local = (fullUrl: string) => fullUrl.replace(PUBLIC, kit.server.url);

  it('__Host-vitrine_csrf and __Host-vitrine_sso: Secure, Path=/, no Domain; the plain names are not read', async () => {
    const m = await kit.member();
    const p = pkce();
    const { body } = await kit.redirectSession(kit.authRequest(p));
    const url = local(body.redirectSession.fullUrl);
    const page = await kit.open(url);
    const raw = setCookie(page, '__Host-vitrine_csrf')!;
    expect(raw).toMatch(/; Path=\/;/);
    expect(raw).toMatch(/; Secure/);
    expect(raw).not.toMatch(/Domain=/i);
    expect(setCookie(page, 'vitrine_csrf')).toBeUndefined();
    const csrf = hiddenValue(await page.text(), 'csrf')!;
    const value = pair(raw)!.slice('__Host-vitrine_csrf='.length);
    const fields = {
      redirectSessionId: body.redirectSession.id,
      csrf,
      action: 'signin',
      email: m.email,
      password: m.password,
    };
    // The same value under the plain name (settable by a sibling sub-domain or over http) does not count.
    expect((await post(url, fields, `vitrine_csrf=${value}`)).status).toBe(403);
    const res = await post(url, fields, pair(raw)!);
    expect(res.status).toBe(302);
    const sso = setCookie(res, '__Host-vitrine_sso')!;
    expect(sso).toMatch(/; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(sso).not.toMatch(/Domain=/i);

    const silent = await kit.redirectSession(kit.authRequest(pkce(), {}, 'none'));
    const signedIn = await kit.open(local(silent.body.redirectSession.fullUrl), pair(sso)!);
    // An authorization code: 256 random bits, base64url.
    expect(fragmentOf(signedIn.headers.get('location')).get('code')).toMatch(/^[\w-]{43}$/);
    const plain = await kit.redirectSession(kit.authRequest(pkce(), {}, 'none'));
    const plainName = `vitrine_sso=${pair(sso)!.slice('__Host-vitrine_sso='.length)}`;
    expect(
      fragmentOf((await kit.open(local(plain.body.redirectSession.fullUrl), plainName)).headers.get('location')).get(
        'error',
      ),
    ).toBe('login_required');

    // Logout clears the prefixed cookie.
    const out = await kit.redirectSession({ logout: { clientId: APP.clientId } });
    const confirm = await kit.open(local(out.body.redirectSession.fullUrl), pair(sso)!);
    expect(confirm.status).toBe(200);
    const confirmCsrf = pair(setCookie(confirm, '__Host-vitrine_csrf'))!;
    const done = await post(
      local(out.body.redirectSession.fullUrl),
      { redirectSessionId: out.body.redirectSession.id, csrf: hiddenValue(await confirm.text(), 'csrf')! },
      `${pair(sso)!}; ${confirmCsrf}`,
    );
    expect(done.status).toBe(200);
    expect(setCookie(done, '__Host-vitrine_sso')).toMatch(/; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });
});
