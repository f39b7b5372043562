/**
 * Issue #53 in real headless Chromium with the BUILT storefront: what the review saw, now fixed.
 * - Hosted sign-in was unbranded: the owner sets a logo (from the media library) and a colour in Settings; the
 *   hosted pages show them at 390 and 1280 px, in English and Arabic (RTL), with a way back to the shop.
 * - The order confirmation mail was plain HTML: it has the logo, thumbnails, totals and a button (rendered from
 *   the dev mailbox).
 * - Phone factors said "Check the number…" for every failure and Security offered factors the site did not
 *   allow: Security offers only the allowed ways, and each refusal names its cause.
 * Every page: axe finds no serious or critical violation, and the browser logs no error or warning (the e2e
 * project's console guard, support/console-guard.ts).
 */
import sharp from 'sharp';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, type TestServer } from '@vitrine/server/test-support';
import { expectAccessible } from './support/axe.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { hostedSignInUrl, passwordToSecondStep } from './support/passkey-server.js';
import { devPhoneCode, phonePushSite, startShop } from './support/storefront.js';

const SHOTS = '/work/notes/shots/brand';
const PASSWORD = 'brand and phone pass 7';
const COLOUR = '#0b6e4f';
let browser: Browser;
let server: TestServer;
let logo = '';
let photo = '';

beforeAll(async () => {
  ({ server, browser } = await startShop({
    site: (s) => {
      const site = phonePushSite(s);
      // SMS is not among the site's factors at first (the review's demo): Security must not offer a phone.
      return {
        ...site,
        languages: ['en', 'fr', 'ar'],
        policies: { ...site.policies, mfaFactors: ['TOTP', 'EMAIL', 'WEBAUTHN'] },
        phone: { ...site.phone!, allowedCountries: ['FR'] },
        shop: { ...site.shop, maxOpenUnpaidOrders: 100 },
      };
    },
  }));
  logo = await upload('logo.png', await logoPng());
  photo = await upload(
    'mug.png',
    await sharp({ create: { width: 320, height: 320, channels: 3, background: '#c8a27a' } })
      .png()
      .toBuffer(),
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A wide logo: a green band with a white disc, as owners upload them. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="96"><rect width="360" height="96" rx="12" fill="${COLOUR}"/><circle cx="48" cy="48" r="28" fill="#fff"/><rect x="96" y="34" width="220" height="28" rx="6" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function upload(name: string, png: Buffer): Promise<string> {
  const res = await fetch(`${server.url}/_admin/v1/media?siteId=${server.siteId}&name=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'image/png' },
    body: new Uint8Array(png),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { media: { url: string } }).media.url;
}

async function settings(changes: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${server.url}/_admin/v1/site-settings`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId: server.siteId, changes }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function newPage(width: number, locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 860 }, locale });
  return context.newPage();
}

async function register(): Promise<string> {
  const email = `brand-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const visitor = (await getVisitorToken(server.url, server.clientId)).access_token;
  const reg = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { authorization: visitor, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
  });
  expect(reg.status).toBe(200);
  return email;
}

/** The page's images have loaded (a broken logo would have no natural width). */
const imagesLoaded = (page: Page, selector: string) =>
  page.$$eval(selector, (images) =>
    Promise.all(
      (images as HTMLImageElement[]).map((i) =>
        i.complete ? i.naturalWidth : new Promise<number>((r) => (i.onload = () => r(i.naturalWidth))),
      ),
    ),
  );

describe('issue #53 in Chromium: brand, branded mail, phone errors', () => {
  it('shows the logo, the colour and a way back to the shop on the hosted pages (390 and 1280 px, English and Arabic)', async () => {
    await settings({ 'brand.logo': logo, 'brand.colour': COLOUR });
    for (const [width, locale, tag] of [
      [390, 'en-US', 'phone'],
      [1280, 'en-US', 'desk'],
      [390, 'ar', 'ar-phone'],
      [1280, 'ar', 'ar-desk'],
    ] as const) {
      const page = await newPage(width, locale);
      await page.goto(await hostedSignInUrl(server, server.url));
      const dir = await page.locator('html').getAttribute('dir');
      expect(dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      expect(await imagesLoaded(page, 'img.logo')).toEqual([expect.any(Number)]);
      expect((await imagesLoaded(page, 'img.logo'))[0]).toBeGreaterThan(0);
      // The shop's name (with its logo) leads back to the shop.
      expect(await page.locator('.site a.home').getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      const submit = page.locator('form button[type=submit]').first();
      expect(await submit.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 110, 79)');
      expect(await submit.evaluate((b) => getComputedStyle(b).color)).toBe('rgb(255, 255, 255)');
      // One font everywhere (the review saw Arial in fields and buttons).
      const fonts = await page.$$eval('label, input, button', (els) => [
        ...new Set(els.map((e) => getComputedStyle(e).fontFamily)),
      ]);
      expect(fonts).toHaveLength(1);
      await expectAccessible(page, { where: `hosted sign-in ${tag}` });
      await page.screenshot({ path: `${SHOTS}/hosted-sign-in-${tag}.png`, fullPage: true });
      if (tag === 'phone' || tag === 'ar-phone') {
        await page.locator('nav a').first().click();
        await page.locator('input[autocomplete="new-password"]').waitFor();
        await expectAccessible(page, { where: `hosted sign-up ${tag}` });
        await page.screenshot({ path: `${SHOTS}/hosted-sign-up-${tag}.png`, fullPage: true });
      }
      await page.context().close();
    }
  }, 120_000);

  it('renders the order confirmation mail with the logo, thumbnails, totals and a button (390 and 1280 px)', async () => {
    const token = (await getVisitorToken(server.url, server.clientId)).access_token;
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      expect(res.status, JSON.stringify(json)).toBe(200);
      return json;
    };
    const product = (await (
      await fetch(`${server.url}/_admin/v1/commerce/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          siteId: server.siteId,
          product: {
            name: 'Stoneware mug',
            slug: `stoneware-mug-${Date.now()}`,
            media: [{ id: 'mug', url: photo, width: 320, height: 320, altText: 'A mug' }],
            variants: [{ price: 1800, stock: 20 }],
          },
        }),
      })
    ).json()) as { product?: { id: string } };
    expect(product.product?.id, JSON.stringify(product)).toBeTruthy();
    await call('POST', '/ecom/v1/carts/current/add-to-cart', {
      lineItems: [{ catalogReference: { catalogItemId: product.product!.id }, quantity: 2 }],
    });
    const { checkoutId } = (await call('POST', '/ecom/v1/carts/current/create-checkout', {})) as { checkoutId: string };
    const email = `mail-${Math.random().toString(36).slice(2, 10)}@example.com`;
    await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      checkout: {
        buyerInfo: { email },
        shippingInfo: {
          shippingDestination: {
            address: { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' },
            contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
          },
          selectedCarrierServiceOption: { code: 'standard' },
        },
      },
    });
    await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {});
    const { messages } = (await (
      await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)
    ).json()) as {
      messages: { id: string; subject: string }[];
    };
    const mail = messages[0]!;
    for (const width of [390, 1280]) {
      const page = await newPage(width);
      await page.goto(`${server.url}/_dev/mail/${mail.id}`);
      // Logo and thumbnail both load from the shop's own origin.
      const loaded = await imagesLoaded(page, 'img');
      expect(loaded).toHaveLength(2);
      for (const w of loaded) expect(w).toBeGreaterThan(0);
      const button = page.getByRole('link', { name: 'View your order' });
      expect(await button.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe('rgb(11, 110, 79)');
      await page.getByText('Stoneware mug').first().waitFor();
      await expectAccessible(page, { where: `order mail ${width}` });
      await page.screenshot({ path: `${SHOTS}/mail-order-confirmation-${width}.png`, fullPage: true });
      await page.context().close();
    }
  }, 120_000);

  it('offers only the phone ways the site allows and names the cause of each refusal; the hosted second step is branded', async () => {
    const email = await register();
    const page = await newPage(390, 'en-US');
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${server.url}/account/security`);
    await page.getByRole('heading', { name: 'Authenticator app', level: 2 }).waitFor();
    // SMS is not among the site's factors: no Phone section (the review was offered text, WhatsApp and call).
    expect(await page.getByRole('heading', { name: 'Phone', level: 2 }).count()).toBe(0);

    await settings({ 'policies.mfaFactors': ['TOTP', 'EMAIL', 'WEBAUTHN', 'SMS'] });
    await page.reload();
    await page.getByRole('heading', { name: 'Phone', level: 2 }).waitFor();
    const ways = await page.locator('.security-card__ways label').allTextContents();
    expect(ways.map((w) => w.trim())).toEqual(['Text message', 'WhatsApp']);

    // A number of a country the site does not serve: said so, with the countries it does.
    await page.getByLabel('Phone number').fill('+1 202 555 0143');
    // The server refuses the number (400, named below); Chromium logs the refused request.
    expectConsoleMessage(page, { text: /status of 400/, url: /\/_api\/iam\/mfa\/v1\/factors$/ });
    await page.getByRole('button', { name: 'Send a code' }).click();
    await page.getByText('This shop sends codes only to numbers of FR.').waitFor();
    expect(await page.getByText('Check the number').count()).toBe(0);
    await expectAccessible(page, { where: 'security, country refused', include: '#main' });
    await page.screenshot({ path: `${SHOTS}/security-phone-country-refused-390.png`, fullPage: true });

    const number = `+3361${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    await page.getByLabel('Phone number').fill(number);
    await page.getByRole('button', { name: 'Send a code' }).click();
    await page.getByLabel('Code', { exact: true }).fill(await devPhoneCode(server, number, 'sms'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText(`Codes by text message: +33 •• •• •• ${number.slice(-2)}`).waitFor();

    // Texts are on and calls not allowed: no second number is asked for (the review got "Check the number…" when
    // trying one; the refusal, FACTOR_EXISTS, now reads "You already get codes…": phone-refusal.test.ts).
    await page.getByRole('button', { name: 'Remove' }).first().waitFor();
    expect(await page.getByLabel('Phone number').count()).toBe(0);
    await expectAccessible(page, { where: 'security, phone on', include: '#main' });
    await page.screenshot({ path: `${SHOTS}/security-phone-on-390.png`, fullPage: true });
    await page.context().close();

    // The hosted second step, branded, in English and Arabic.
    for (const [width, locale, tag] of [
      [390, 'en-US', 'phone'],
      [390, 'ar', 'ar-phone'],
      [1280, 'en-US', 'desk'],
    ] as const) {
      const away = await newPage(width, locale);
      const url = await hostedSignInUrl(server, server.url);
      if (locale === 'ar') {
        await away.goto(url);
        await away.locator('#email').fill(email);
        await away.locator('#password').fill(PASSWORD);
        await away.locator('form button[type=submit]').first().click();
        await away.locator('input[name=stateToken]').first().waitFor({ state: 'attached' });
      } else await passwordToSecondStep(away, url, email, PASSWORD);
      await away.locator('button[name=send][value=SMS]').click();
      await away.locator('#code').waitFor();
      expect((await imagesLoaded(away, 'img.logo'))[0]).toBeGreaterThan(0);
      // The recovery form stays closed until asked for.
      expect(await away.locator('details.recovery').getAttribute('open')).toBeNull();
      await expectAccessible(away, { where: `hosted second step ${tag}` });
      await away.screenshot({ path: `${SHOTS}/hosted-2fa-sms-${tag}.png`, fullPage: true });
      await away.context().close();
    }
  }, 180_000);
});
