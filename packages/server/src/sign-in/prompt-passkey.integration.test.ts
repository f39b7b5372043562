import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, fragmentOf, Kit, type HostedPage } from '../../test-support/redirect-kit.js';
import { Browser } from '../../test-support/sso-kit.js';
import type { SoftwarePasskey } from '../../test-support/software-passkey.js';

/** A member without names is shown by their nickname, by default the address's local part (issue #52). */
const nicknameOf = (email: string) => email.slice(0, email.lastIndexOf('@'));

/**
 * `prompt` on /oauth2/authorize (issue #25) for members who sign in with a passkey: **Sign in with a
 * passkey** on the hosted page, answered by a software authenticator over real HTTP (the page's own
 * challenge, an honest assertion for the server's origin). Password members: prompt-values.integration.test.ts.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const doc = (html: string) => new JSDOM(html).window.document;

/** The sign-in page with its passkey button, not a code. */
function expectSignInForm(page: Pick<HostedPage, 'res' | 'html'>) {
  expect([page.res.status, page.res.headers.get('location')]).toEqual([200, null]);
  expect(page.html).toContain('id="passkey-form"');
  expect(page.html).not.toContain('name="account"');
}

async function passkeyMember() {
  const m = await kit.member();
  return { ...m, passkey: await kit.enrolPasskey(m.memberId) };
}

async function signInWithPasskey(
  browser: Browser,
  page: HostedPage,
  m: { memberId: string; passkey: SoftwarePasskey },
) {
  const res = await kit.signInWithPasskey(browser, page, m.passkey);
  expect(await kit.memberOfCode(res)).toBe(m.memberId);
  return res;
}

/** A browser signed in on the hosted pages with a new member's passkey. */
async function signedIn() {
  const m = await passkeyMember();
  const browser = new Browser();
  await signInWithPasskey(browser, await kit.authorize(browser, 'login'), m);
  return { m, browser };
}

describe('passkey members without a hosted browser session', () => {
  it('prompt none answers login_required', async () => {
    const page = await kit.authorize(new Browser(), 'none');
    expect(fragmentOf(page.res.headers.get('location')).get('error')).toBe('login_required');
  });

  it.each(['login', 'consent', 'select_account'])(
    'prompt %s shows the sign-in page; the passkey signs in, the code exchanges, one browser session',
    async (prompt) => {
      const m = await passkeyMember();
      const browser = new Browser();
      const page = await kit.authorize(browser, prompt);
      expectSignInForm(page);
      const res = await signInWithPasskey(browser, page, m);
      const code = fragmentOf(res.headers.get('location')).get('code')!;
      const tokens = await kit.exchange({ code, codeVerifier: page.p.verifier, redirectUri: APP.redirectUri });
      expect(tokens.status).toBe(200);
      expect(await kit.liveBrowserSessions(m.memberId)).toBe(1);
    },
  );
});

describe('passkey members with a live hosted browser session', () => {
  it('prompt none issues a code for them, with no page', async () => {
    const { m, browser } = await signedIn();
    expect(await kit.memberOfCode((await kit.authorize(browser, 'none')).res)).toBe(m.memberId);
  });

  it.each(['login', 'consent'])(
    'prompt %s asks again; the passkey again replaces the browser session (one live row)',
    async (prompt) => {
      const { m, browser } = await signedIn();
      const page = await kit.authorize(browser, prompt);
      expectSignInForm(page);
      await signInWithPasskey(browser, page, m);
      expect(await kit.liveBrowserSessions(m.memberId)).toBe(1);
      expect(await kit.memberOfCode((await kit.authorize(browser, 'none')).res)).toBe(m.memberId);
    },
  );

  it('prompt select_account: "Continue as" gives their code without a second passkey ceremony', async () => {
    const { m, browser } = await signedIn();
    const page = await kit.authorize(browser, 'select_account');
    expect(doc(page.html).querySelector('button[type=submit]')!.textContent).toBe(`Continue as ${nicknameOf(m.email)}`);
    const res = await kit.postForm(browser, page, { action: 'continue', account: m.memberId });
    expect(await kit.memberOfCode(res)).toBe(m.memberId);
    expect(await kit.liveBrowserSessions(m.memberId)).toBe(1);
  });

  it('prompt select_account: "Use another account", another passkey member signs in and replaces the session', async () => {
    const { m: first, browser } = await signedIn();
    const second = await passkeyMember();
    const chooser = await kit.authorize(browser, 'select_account');
    const href = doc(chooser.html).querySelector('nav a')!.getAttribute('href')!;
    const form = await browser.go(new URL(href, chooser.url).href);
    const page = { ...chooser, res: form, html: await form.text() };
    expectSignInForm(page);
    await signInWithPasskey(browser, page, second);
    expect([await kit.liveBrowserSessions(first.memberId), await kit.liveBrowserSessions(second.memberId)]).toEqual([
      0, 1,
    ]);
    expect(await kit.memberOfCode((await kit.authorize(browser, 'none')).res)).toBe(second.memberId);
  });
});
