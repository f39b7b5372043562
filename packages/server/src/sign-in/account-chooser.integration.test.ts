import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce } from '../../test-support/redirect-kit.js';
import { Browser } from '../../test-support/sso-kit.js';

/**
 * The account chooser of `prompt=select_account` (issue #25): its words come from the catalogs in the
 * page's language (the member's profile language, else the browser's), and the member's own data (name,
 * email) is escaped. The flows themselves: prompt-values.integration.test.ts.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await Kit.start();
});
afterAll(() => kit.server.close());

const doc = (html: string) => new JSDOM(html).window.document;

async function signedIn(profile: Record<string, string>) {
  const m = await kit.member();
  await kit.server.ctx.db.query('update members set profile = $3 where site_id = $1 and id = $2', [
    kit.server.siteId,
    m.memberId,
    JSON.stringify(profile),
  ]);
  const browser = new Browser();
  const page = await kit.authorize(browser, 'login');
  expect((await kit.signInWithPassword(browser, page, m)).status).toBe(302);
  return { m, browser };
}

/** The chooser's visible parts. */
async function chooser(browser: Browser, headers: Record<string, string> = {}, lang = '') {
  const { body } = await kit.redirectSession(kit.authRequest(pkce(), {}, 'select_account'));
  const res = await browser.go(`${body.redirectSession.fullUrl}${lang}`, { headers });
  const html = await res.text();
  const d = doc(html);
  return {
    html,
    res,
    lang: d.documentElement.getAttribute('lang'),
    dir: d.documentElement.getAttribute('dir'),
    title: d.querySelector('h1')!.textContent,
    text: d.querySelector('main p:not(.site)')!.textContent,
    button: d.querySelector('button[type=submit]')!.textContent,
    link: d.querySelector('nav a')!.textContent,
    href: d.querySelector('nav a')!.getAttribute('href'),
  };
}

describe('the account chooser', () => {
  it('French from Accept-Language: title, text, button and link', async () => {
    const { m, browser } = await signedIn({ nickname: 'Zoé' });
    const c = await chooser(browser, { 'accept-language': 'fr-CA,fr;q=0.9' });
    const site = kit.server.ctx.sites.get(kit.server.siteId)!.name;
    const { lang, dir, title, text, button, link } = c;
    expect({ lang, dir, title, text, button, link }).toEqual({
      lang: 'fr',
      dir: 'ltr',
      title: 'Choisir un compte',
      text: `Vous êtes connecté à ${site} en tant que ${m.email}.`,
      button: 'Continuer en tant que Zoé',
      link: 'Utiliser un autre compte',
    });
  });

  it("Arabic from the member's profile language, right to left; an explicit ?lang= wins and stays on the link", async () => {
    const { browser } = await signedIn({ firstName: 'ليلى', language: 'ar' });
    const ar = await chooser(browser, { 'accept-language': 'en' });
    expect([ar.lang, ar.dir, ar.title, ar.button, ar.link]).toEqual([
      'ar',
      'rtl',
      'اختر حسابًا',
      'المتابعة باسم ليلى',
      'استخدام حساب آخر',
    ]);
    const es = await chooser(browser, {}, '&lang=es');
    expect([es.lang, es.title, es.button, es.link]).toEqual([
      'es',
      'Elige una cuenta',
      'Continuar como ليلى',
      'Usar otra cuenta',
    ]);
    expect(es.href).toMatch(/&view=signin&lang=es$/);
  });

  it("the member's name is text, never markup", async () => {
    const { browser } = await signedIn({ firstName: '<img src=x onerror=alert(1)>', lastName: '& "Co"' });
    const c = await chooser(browser);
    expect(c.button).toBe('Continue as <img src=x onerror=alert(1)> & "Co"');
    expect(c.html).not.toContain('<img');
    expect(doc(c.html).querySelectorAll('img')).toHaveLength(0);
  });
});
