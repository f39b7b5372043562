import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, fragmentOf, Kit, pkce, type HostedPage } from '../../test-support/redirect-kit.js';
import { Browser } from '../../test-support/sso-kit.js';
import { findCode } from '../oauth/redirect-store.js';

/** A member without names is shown by their nickname, by default the address's local part (issue #52). */
const nicknameOf = (email: string) => email.slice(0, email.lastIndexOf('@'));

/**
 * `prompt` on /oauth2/authorize means what OpenID Connect Core §3.1.2.1 says (issue #25), here for
 * members who sign in with a password (passkey members: prompt-passkey.integration.test.ts), each value
 * with and without a live hosted browser session. Every browser is a cookie jar over real HTTP.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const doc = (html: string) => new JSDOM(html).window.document;
const ssoCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vitrine_sso='))
    ?.split(';')[0];

/** A page that asks for a password: 200, no redirect, no code issued. */
function expectSignInForm(page: Pick<HostedPage, 'res' | 'html'>) {
  expect([page.res.status, page.res.headers.get('location')]).toEqual([200, null]);
  expect(page.html).toContain('name="password"');
  expect(page.html).not.toContain('name="account"');
}

/** A browser signed in on the hosted pages as a new password member; `cookie` is its vitrine_sso pair. */
async function signedIn() {
  const m = await kit.member();
  const browser = new Browser();
  const page = await kit.authorize(browser, 'login');
  const res = await kit.signInWithPassword(browser, page, m);
  expect(await kit.memberOfCode(res)).toBe(m.memberId);
  return { m, browser, cookie: ssoCookieOf(res)! };
}

/** A prompt=none authorization from a browser holding only `cookie`: the member it signs in, or the error. */
async function silentWith(cookie: string) {
  const { body } = await kit.redirectSession(kit.authRequest(pkce(), {}, 'none'));
  const res = await kit.open(body.redirectSession.fullUrl, cookie);
  const params = fragmentOf(res.headers.get('location'));
  return params.get('error') ?? (await findCode(kit.server.ctx.db, params.get('code')!))?.memberId;
}

const setName = (memberId: string, profile: Record<string, string>) =>
  kit.server.ctx.db.query('update members set profile = $3 where site_id = $1 and id = $2', [
    kit.server.siteId,
    memberId,
    JSON.stringify(profile),
  ]);

describe('without a hosted browser session', () => {
  it('prompt none answers login_required, with no page', async () => {
    const page = await kit.authorize(new Browser(), 'none');
    expect(page.res.status).toBe(302);
    expect(fragmentOf(page.res.headers.get('location')).get('error')).toBe('login_required');
  });

  it.each(['login', 'consent', 'select_account'])(
    'prompt %s shows the sign-in form; signing in gives a code that exchanges, and one browser session',
    async (prompt) => {
      const m = await kit.member();
      const browser = new Browser();
      const page = await kit.authorize(browser, prompt);
      expectSignInForm(page);
      const res = await kit.signInWithPassword(browser, page, m);
      expect(await kit.memberOfCode(res)).toBe(m.memberId);
      const code = fragmentOf(res.headers.get('location')).get('code')!;
      const tokens = await kit.exchange({ code, codeVerifier: page.p.verifier, redirectUri: APP.redirectUri });
      expect(tokens.status).toBe(200);
      expect(await kit.liveBrowserSessions(m.memberId)).toBe(1);
    },
  );
});

describe('with a live hosted browser session', () => {
  it('prompt none issues a code for the signed-in member, with no page', async () => {
    const { m, browser } = await signedIn();
    const page = await kit.authorize(browser, 'none');
    expect(await kit.memberOfCode(page.res)).toBe(m.memberId);
  });

  it.each(['login', 'consent'])(
    'prompt %s asks again; re-authenticating replaces the browser session: one live row, the old cookie dead',
    async (prompt) => {
      const { m, browser, cookie: before } = await signedIn();
      const page = await kit.authorize(browser, prompt);
      expectSignInForm(page);
      const res = await kit.signInWithPassword(browser, page, m);
      expect(await kit.memberOfCode(res)).toBe(m.memberId);
      const after = ssoCookieOf(res)!;
      expect(after).not.toBe(before);
      expect(await kit.liveBrowserSessions(m.memberId)).toBe(1);
      expect(await silentWith(before)).toBe('login_required');
      expect(await silentWith(after)).toBe(m.memberId);
      // The replaced cookie's member session ended too, on the record.
      const { rows } = await kit.server.ctx.db.query<{ reason: string }>(
        'select revoked_reason as reason from sessions where site_id = $1 and member_id = $2 and revoked_at is not null',
        [kit.server.siteId, m.memberId],
      );
      expect(rows.map((r) => r.reason)).toEqual(['replaced']);
    },
  );

  it('prompt login: a forged "Continue as" post is refused (the form again, no code)', async () => {
    const { m, browser } = await signedIn();
    const page = await kit.authorize(browser, 'login');
    const res = await kit.postForm(browser, page, { action: 'continue', account: m.memberId });
    expectSignInForm({ res, html: await res.text() });
  });

  it('prompt select_account shows who is signed in: "Continue as" their name, their email, "Use another account"', async () => {
    const { m, browser } = await signedIn();
    await setName(m.memberId, { firstName: 'Ada', lastName: 'Lovelace' });
    const page = await kit.authorize(browser, 'select_account');
    expect([page.res.status, page.res.headers.get('location')]).toEqual([200, null]);
    const d = doc(page.html);
    expect(d.querySelector('h1')!.textContent).toBe('Choose an account');
    expect(d.querySelector('main p:not(.site)')!.textContent).toBe(
      `You are signed in to ${kit.server.ctx.sites.get(kit.server.siteId)!.name} as ${m.email}.`,
    );
    expect(d.querySelector('button[type=submit]')!.textContent).toBe('Continue as Ada Lovelace');
    expect(d.querySelector('nav a')!.textContent).toBe('Use another account');
    expect(d.querySelector('input[name=password]')).toBeNull();
    expect(page.res.headers.get('cache-control')).toBe('no-store');
  });

  it('select_account → "Continue as": a code for that member; the browser session is kept as it is', async () => {
    const { m, browser, cookie } = await signedIn();
    const page = await kit.authorize(browser, 'select_account');
    expect(doc(page.html).querySelector('button[type=submit]')!.textContent).toBe(`Continue as ${nicknameOf(m.email)}`);
    const res = await kit.postForm(browser, page, { action: 'continue', account: m.memberId });
    expect(await kit.memberOfCode(res)).toBe(m.memberId);
    expect(ssoCookieOf(res)).toBeUndefined();
    expect(await kit.liveBrowserSessions(m.memberId)).toBe(1);
    expect(await silentWith(cookie)).toBe(m.memberId);
    // The redirect session is spent: the same post again gets no second code.
    const again = await kit.postForm(browser, page, { action: 'continue', account: m.memberId });
    expect(fragmentOf(again.headers.get('location')).get('error')).toBe('invalid_request');
  });

  it('select_account → "Use another account": the sign-in form; signing in as someone else replaces the session', async () => {
    const { m: first, browser, cookie } = await signedIn();
    const second = await kit.member();
    const page = await kit.authorize(browser, 'select_account');
    const href = doc(page.html).querySelector('nav a')!.getAttribute('href')!;
    const form = await browser.go(new URL(href, page.url).href);
    const formPage = { ...page, res: form, html: await form.text() };
    expectSignInForm(formPage);
    const res = await kit.signInWithPassword(browser, formPage, second);
    expect(await kit.memberOfCode(res)).toBe(second.memberId);
    expect([await kit.liveBrowserSessions(first.memberId), await kit.liveBrowserSessions(second.memberId)]).toEqual([
      0, 1,
    ]);
    expect(await silentWith(cookie)).toBe('login_required');
    expect(await kit.memberOfCode((await kit.authorize(browser, 'none')).res)).toBe(second.memberId);
  });

  it('select_account: "Continue as" after the browser signed in as someone else shows who it is now, no code', async () => {
    const { m: first, browser } = await signedIn();
    const chooser = await kit.authorize(browser, 'select_account');
    // Another tab of the same browser signs in as a second member.
    const second = await kit.member();
    const other = await kit.authorize(browser, 'login');
    expect(await kit.memberOfCode(await kit.signInWithPassword(browser, other, second))).toBe(second.memberId);
    const res = await kit.postForm(browser, chooser, { action: 'continue', account: first.memberId });
    expect([res.status, res.headers.get('location')]).toEqual([200, null]);
    expect(doc(await res.text()).querySelector('button[type=submit]')!.textContent).toBe(
      `Continue as ${nicknameOf(second.email)}`,
    );
  });
});

describe('a session token (a sign-in the shopper has just done)', () => {
  it.each(['none', 'login', 'consent', 'select_account'])(
    'prompt %s issues the code for it, with no page',
    async (p) => {
      const m = await kit.member();
      const { body } = await kit.redirectSession(kit.authRequest(pkce(), { sessionToken: m.sessionToken }, p));
      expect(await kit.memberOfCode(await kit.open(body.redirectSession.fullUrl))).toBe(m.memberId);
    },
  );
});
