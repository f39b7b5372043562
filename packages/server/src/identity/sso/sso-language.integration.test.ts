/**
 * A provider sign-in keeps the shopper's chosen language (issue #18): the provider sends the browser back
 * to `/sso/callback` with no `?lang=`, so the choice made on the hosted page (from the redirect session's
 * `preferences.additionalQueryParameters.lang`) must ride along with the pending sign-in. The browser here
 * asks for English, so a French page after the callback can only come from the stored choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { pkce } from '../../../test-support/redirect-kit.js';
import { account, Browser, IDP, startSso, type SsoKit } from '../../../test-support/sso-kit.js';

let sso: SsoKit;
beforeAll(async () => {
  sso = await startSso({ site: (site) => ({ ...site, languages: ['en', 'fr', 'ar'] }) });
});
afterAll(async () => {
  await sso?.close();
});

const ENGLISH_BROWSER = { 'accept-language': 'en-GB,en;q=0.9' };

/** Shop (in `lang`) → hosted sign-in → "Continue with" → the provider's login → Vitrine's callback, opened. */
async function signInThroughProvider(lang: string, claims: { email: string; email_verified: boolean }) {
  const { kit } = sso;
  const browser = new Browser();
  const { body } = await kit.redirectSession(
    { ...kit.authRequest(pkce()), preferences: { additionalQueryParameters: { lang } } },
    (await kit.visitor()).access_token,
  );
  const hosted = await browser.go(body.redirectSession.fullUrl, { headers: ENGLISH_BROWSER });
  const signIn = new JSDOM(await hosted.text()).window.document;
  expect(signIn.documentElement.lang).toBe(lang);
  const href = [...signIn.querySelectorAll<HTMLAnchorElement>('a.sso-button')]
    .map((a) => a.getAttribute('href')!)
    .find((h) => h.includes(`/${IDP.id}?`));
  expect(href, 'the provider button').toBeDefined();
  const start = await browser.go(`${kit.server.url}${href}`, { headers: ENGLISH_BROWSER });
  expect(start.status).toBe(302);
  const atProvider = await browser.go(start.headers.get('location')!);
  const interaction = new URL(atProvider.headers.get('location')!, sso.provider.issuer).href;
  const id = account(sso.provider, claims);
  const loggedIn = await browser.go(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `login=${id}`,
  });
  const resumed = await browser.go(new URL(loggedIn.headers.get('location')!, sso.provider.issuer).href);
  const callback = resumed.headers.get('location')!;
  expect(callback.startsWith(`${kit.server.url}/_api/iam/authentication/v1/sso/callback`)).toBe(true);
  expect(new URL(callback).searchParams.has('lang')).toBe(false);
  const done = await browser.go(callback, { headers: ENGLISH_BROWSER });
  return { browser, status: done.status, document: new JSDOM(await done.text()).window.document };
}

describe('a provider sign-in in the chosen language', () => {
  it('the page after the callback is in French although the browser asks for English', async () => {
    const email = `fr-${Date.now()}@shop.test`;
    // An unverified password account with the same address: the callback ends on "you already have an account".
    const res = await sso.kit.post(
      '/_api/iam/authentication/v2/register',
      { loginId: { email }, password: 'correct horse battery' },
      { authorization: (await sso.kit.visitor()).access_token },
    );
    expect(res.status).toBe(200);
    const { status, document } = await signInThroughProvider('fr', { email, email_verified: false });
    expect(status).toBe(409);
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.querySelector('h1')?.textContent).toBe('Vous avez déjà un compte');
    expect(document.body.textContent).toContain('Retour à la boutique');
  });

  it('a verification step after the callback is in Arabic, right to left; its form posts to the hosted pages in Arabic', async () => {
    const email = `ar-${Date.now()}@shop.test`;
    // The site requires verified addresses and the provider did not verify this one: a code form follows.
    const { browser, status, document } = await signInThroughProvider('ar', { email, email_verified: false });
    expect(status).toBe(200);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    const form = document.querySelector('form')!;
    // Not "" (that would post back to the provider's spent callback address).
    const action = new URL(form.getAttribute('action')!, sso.kit.server.url);
    expect(action.pathname).toBe('/oauth2/authorize');
    expect(action.searchParams.get('lang')).toBe('ar');
    const fields = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]),
    );
    const post = (code: string) =>
      browser.go(action.href, {
        method: 'POST',
        headers: { ...ENGLISH_BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, code }).toString(),
      });

    const wrong = await post('000000');
    expect(wrong.status).toBe(400);
    const answer = new JSDOM(await wrong.text()).window.document;
    expect(answer.documentElement.lang).toBe('ar');
    expect(answer.querySelector('#code')?.getAttribute('aria-invalid')).toBe('true');

    // The code itself was mailed in Arabic too.
    const mail = (await (
      await fetch(`${sso.kit.server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)
    ).json()) as { messages: { text: string; subject: string }[] };
    const latest = mail.messages.at(-1)!;
    expect(latest.subject).toMatch(/[\u0600-\u06FF]/);
    const right = await post(/\b(\d{6})\b/.exec(latest.text)![1]!);
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toMatch(/^https:\/\/shop\.test\/callback#.*code=/);
  });
});
