import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kit, pkce, withRedirectClient } from '../../test-support/redirect-kit.js';
import { startTestServer } from '../../test-support/server.js';

/**
 * Hosted pages in the shopper's language (issue #18): `?lang=`, the redirect session's
 * preferences.additionalQueryParameters.lang, Accept-Language, the default; French and Arabic (rtl).
 */
let kit: Kit;
beforeAll(async () => {
  kit = new Kit(await startTestServer({ site: withRedirectClient }));
});
afterAll(() => kit.server.close());

const doc = (html: string) => new JSDOM(html).window.document;
const htmlTag = (html: string) => {
  const d = doc(html).documentElement;
  return { lang: d.getAttribute('lang'), dir: d.getAttribute('dir') };
};

async function session(extra: Record<string, unknown> = {}) {
  const { body } = await kit.redirectSession({ ...kit.authRequest(pkce()), ...extra });
  return body.redirectSession;
}

describe('hosted pages in five languages', () => {
  it('French with ?lang=fr: every label, button and link in French, <html lang="fr" dir="ltr">, links keep the language', async () => {
    const s = await session();
    const res = await kit.open(`${s.fullUrl}&lang=fr`);
    const html = await res.text();
    const d = doc(html);
    expect(htmlTag(html)).toEqual({ lang: 'fr', dir: 'ltr' });
    expect(d.querySelector('h1')!.textContent).toBe('Connexion');
    expect([...d.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['E-mail', 'Mot de passe']);
    expect(d.querySelector('button[type=submit]')!.textContent).toBe('Se connecter');
    const links = [...d.querySelectorAll('nav a')];
    expect(links.map((a) => a.textContent)).toEqual(['Créer un compte', 'Mot de passe oublié ?']);
    expect(links[0]!.getAttribute('href')).toContain('view=register&lang=fr');

    // A wrong password: the errors in French too; the form posts back to the same address (lang kept).
    const wrong = await kit.submitForm(`${s.fullUrl}&lang=fr`, res, html, {
      redirectSessionId: s.id,
      action: 'signin',
      email: 'nobody@example.com',
      password: 'not the password',
    });
    const wrongDoc = doc(await wrong.text());
    expect(wrongDoc.querySelector('.alert')).toBeNull();
    expect(wrongDoc.getElementById('password-error')!.textContent).toBe('L’e-mail ou le mot de passe est incorrect.');

    const register = doc(await (await kit.open(`${s.fullUrl}&view=register&lang=fr`)).text());
    expect(register.querySelector('h1')!.textContent).toBe('Créer un compte');
    expect(register.querySelector('.hint')!.textContent).toBe('Au moins 8 caractères.');
  });

  it('Arabic from the redirect session (preferences.additionalQueryParameters.lang): right to left', async () => {
    const s = await session({ preferences: { additionalQueryParameters: { lang: 'ar', utm_source: 'x' } } });
    expect(new URL(s.fullUrl).searchParams.get('lang')).toBe('ar');
    const html = await (await kit.open(s.fullUrl)).text();
    const d = doc(html);
    expect(htmlTag(html)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(d.querySelector('h1')!.textContent).toBe('تسجيل الدخول');
    expect(d.querySelector('button[type=submit]')!.textContent).toBe('تسجيل الدخول');
    // The layout mirrors because the CSS speaks in logical properties only.
    const css = d.querySelector('style')!.textContent!;
    expect(css).toContain('margin-inline');
    expect(css).not.toMatch(/(margin|padding)-(left|right)|text-align:\s*(left|right)|float:/);
  });

  it('Accept-Language when nothing explicit was chosen; a language the site lacks falls back, never an error', async () => {
    const s = await session();
    const german = await fetch(s.fullUrl, { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    expect(german.status).toBe(200);
    const html = await german.text();
    expect(htmlTag(html).lang).toBe('de');
    expect(doc(html).querySelector('h1')!.textContent).toBe('Anmelden');
    const spanish = await fetch(`${s.fullUrl}&lang=it`, { headers: { 'accept-language': 'it, es;q=0.5' } });
    expect(spanish.status).toBe(200);
    expect(doc(await spanish.text()).querySelector('h1')!.textContent).toBe('Iniciar sesión');
    const fallback = await fetch(`${s.fullUrl}&lang=xx-<b>`, { headers: { 'accept-language': 'ja' } });
    expect(fallback.status).toBe(200);
    expect(htmlTag(await fallback.text())).toEqual({ lang: 'en', dir: 'ltr' });
    // An unknown language in the redirect session is left off its address (the default then applies).
    const unknown = await session({ preferences: { additionalQueryParameters: { lang: 'tlh' } } });
    expect(new URL(unknown.fullUrl).searchParams.has('lang')).toBe(false);
  });

  it('the invalid-link page follows the browser too', async () => {
    const res = await fetch(`${kit.server.url}/oauth2/authorize?redirectSessionId=nope&lang=es`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(htmlTag(html).lang).toBe('es');
    expect(doc(html).querySelector('[role=alert]')!.textContent).toBe(
      'Este enlace de inicio de sesión no es válido. Vuelve a la tienda e inténtalo de nuevo.',
    );
  });
});
