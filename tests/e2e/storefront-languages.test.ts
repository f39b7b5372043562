/**
 * The storefront in the shopper's language, in real headless Chromium against the BUILT storefront
 * and a real server: the Language menu switches to French, then Arabic (right to left, mirrored
 * header), the choice survives a reload, data queries carry it, and signing in through the hosted
 * page happens in that language, which then lands in the member's profile.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApps } from './support/apps.js';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './support/browser.js';

const PASSWORD = 'a long enough password';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  // Verification off: the hosted sign-in ends at once, without a mailed code.
  server = await startTestServer({
    config: (c) => ({ ...c, storefrontDir: builtApps().storefront }),
    site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off' } }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  return context.newPage();
}

/**
 * The language of every catalog read the page sends from now on: the Stores wire's `Accept-Language` (products
 * named in it), and the `language` of data queries (decoded `.r` payloads: information pages).
 */
function watchQueryLanguages(page: Page): (string | undefined)[] {
  const seen: (string | undefined)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/stores-reader/v1/products/query-platformized')) {
      seen.push(request.headers()['accept-language']);
      return;
    }
    if (!url.pathname.endsWith('/wix-data/v2/items/query')) return;
    const r = url.searchParams.get('.r');
    const body = (r ? JSON.parse(Buffer.from(r, 'base64url').toString()) : request.postDataJSON()) as {
      language?: string;
    };
    seen.push(body.language);
  });
  return seen;
}

const html = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

async function register(email: string) {
  const { access_token } = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: access_token },
    body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
}

describe('storefront languages in Chromium', () => {
  it('switches to French, then Arabic (rtl), keeps the choice across a reload, and sends it with data queries', async () => {
    const page = await newPage();
    const languages = watchQueryLanguages(page);
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor();
    expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });
    const options = await page.getByLabel('Language').locator('option').allTextContents();
    expect(options).toEqual(['English', 'Français', 'Deutsch', 'Español', 'العربية']);

    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().waitFor();
    expect(await html(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    await page.getByRole('link', { name: 'Panier, 0 article' }).waitFor();
    // The address names the language, and the shop's links stay in it.
    expect(new URL(page.url()).pathname).toBe('/fr/');
    expect(await page.locator('.product-card__link').first().getAttribute('href')).toMatch(/^\/fr\/products\//);
    // Prices are written the French way (decimal comma, currency after the amount).
    expect(await page.locator('.product-card .price').first().textContent()).toMatch(/^\d[\d\s\u202f]*,\d{2}\s\$/);
    await expect.poll(() => languages.at(-1)).toBe('fr');
    // Products come named in French (the demo's translations, served by the Stores wire).
    await page.getByRole('heading', { level: 2, name: 'Mug en grès' }).waitFor();
    // So are the categories of the filter (the shop's collections and their translations).
    await page.locator('option', { hasText: 'Cuisine' }).waitFor({ state: 'attached' });

    // The label keeps the word "Language" in every language.
    await page.getByLabel(/Language/).selectOption('ar');
    await page.getByRole('button', { name: 'أضف إلى السلة' }).first().waitFor();
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(() => languages.at(-1)).toBe('ar');
    await page.locator('option', { hasText: 'المطبخ' }).waitFor({ state: 'attached' });
    // The header mirrors: the shop's name sits at the right edge, the navigation to its left.
    const brand = (await page.locator('.brand').boundingBox())!;
    const nav = (await page.locator('.main-nav').boundingBox())!;
    expect(brand.x).toBeGreaterThan(640);
    expect(nav.x).toBeLessThan(brand.x);

    await page.reload();
    await page.getByRole('button', { name: 'أضف إلى السلة' }).first().waitFor();
    expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.getByLabel(/Language/).inputValue()).toBe('ar');
    await page.getByRole('button', { name: 'أضف إلى السلة' }).first().click();
    // The name carries the count the badge shows (in the page's digits), as axe's label-in-name asks.
    await page.getByRole('link', { name: /^السلة، (1|١) عنصر$/ }).waitFor();
    await page.context().close();
  });

  it('signs in through the hosted page in the chosen language, which is then saved to the profile', async () => {
    const email = `lang-${Date.now()}@example.com`;
    await register(email);
    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('button', { name: 'Continuer avec la page de connexion sécurisée' }).click();

    // The hosted page: the language rides on its address (lang) and the page is written in it.
    // (The shop's own address names the language once chosen: /fr/sign-in.)
    await page.waitForURL((url) => !/^(\/fr)?\/sign-in/.test(url.pathname));
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
    await page.locator('input[type=email]').waitFor();
    expect(await html(page)).toMatchObject({ lang: 'fr' });
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('form button[type=submit]').first().click();

    // Back in the shop, signed in, still in French.
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor({ timeout: 15_000 });
    expect(await html(page)).toEqual({ lang: 'fr', dir: 'ltr' });
    const profileLanguage = async () =>
      page.evaluate(async () => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('vitrine.tokens.'))!;
        const token = (JSON.parse(localStorage.getItem(key)!) as { accessToken: { value: string } }).accessToken.value;
        const res = await fetch('/_api/members/v1/members/my', { headers: { authorization: token } });
        return ((await res.json()) as { member: { profile: { language?: string } } }).member.profile.language;
      });
    await expect.poll(profileLanguage, { timeout: 10_000 }).toBe('fr');

    // A change made while signed in goes to the profile too.
    await page.getByLabel(/Language/).selectOption('ar');
    await page.getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
    await expect.poll(profileLanguage, { timeout: 10_000 }).toBe('ar');
    await page.context().close();
  });
});
