/**
 * The Wix Headless pay flow in a real headless Chromium (docs/payments.md → The hosted checkout): the unmodified
 * `@wix/ecom` and `@wix/redirects` clients, routed to a real server by `routeWixApis`, fill a cart, make a checkout
 * and an `ecomCheckout` redirect session; the shopper opens its fullUrl, fills the hosted checkout page by its
 * labels on a 390 px screen, presses **Pay $43.50**, pays on the dev provider's page and lands on the shop's
 * thankYouPageUrl with the order id; the admin API says the order is paid. No serious axe violation, nothing refused
 * by the CSP; screenshots at 390 and 1280 px in English and Arabic into VITRINE_SHOTS_DIR when it is set.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { currentCart } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { routeWixApis } from '@vitrine/sdk/wix';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit, startTestServer, withPickup, type TestServer } from '@vitrine/server/test-support';
import { expectAccessible } from './support/axe.js';
import { launchChromium } from './support/browser.js';

const CLIENT = 'wix-pay';
const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

let browser: Browser;
let server: TestServer;
let app: Server;
let appOrigin: string;
let kit: CommerceKit;
let mug: string;

beforeAll(async () => {
  // The shop's own origin: its thank-you page.
  app = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Thanks</title></head><body><h1>Thank you</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://localhost:${(app.address() as AddressInfo).port}`;
  server = await startTestServer({
    site: (s) => ({
      ...withPickup(s),
      languages: ['en', 'ar'],
      shop: { ...s.shop, currency: 'USD', maxOpenUnpaidOrders: 100, guestOrdersPerHour: 1000 },
      clients: [
        ...s.clients,
        {
          clientId: CLIENT,
          redirectUris: [`${appOrigin}/callback`],
          allowedOrigins: [appOrigin],
          refreshTokenRotation: false,
        },
      ],
    }),
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 4350, stock: 20 }] });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => app?.close(resolve));
});

/** The Wix Headless flow up to the redirect: cart → checkout → ecomCheckout redirect session; its fullUrl. */
async function wixCheckoutUrl(): Promise<string> {
  const routing = routeWixApis(server.url);
  try {
    const wix = createClient({ modules: { currentCart, redirects }, auth: OAuthStrategy({ clientId: CLIENT }) });
    await wix.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: mug }, quantity: 1 }],
    });
    const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    const { redirectSession } = await wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: { postFlowUrl: `${appOrigin}/`, thankYouPageUrl: `${appOrigin}/thanks` },
    });
    return redirectSession!.fullUrl!;
  } finally {
    routing.restore();
  }
}

async function fill(
  page: Page,
  labels: { email: string; name: string; street: string; postal: string; city: string; country: string },
) {
  await page.getByLabel(labels.email).fill('ada@example.com');
  await page.getByLabel(labels.name).fill('Ada Lovelace');
  await page.getByLabel(labels.street).fill('1 rue de Rivoli');
  await page.getByLabel(labels.postal).fill('75001');
  await page.getByLabel(labels.city).fill('Paris');
  await page.getByLabel(labels.country).selectOption('FR');
}

const shots = process.env.VITRINE_SHOTS_DIR;

describe('the hosted checkout page', () => {
  it('@wix/ecom + @wix/redirects: cart → checkout → ecomCheckout → hosted checkout → Pay (dev) → thankYouPageUrl, paid', async () => {
    const fullUrl = await wixCheckoutUrl();
    expect(fullUrl.startsWith(`${server.url}/ecom-checkout/`)).toBe(true);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(fullUrl);
    await fill(page, {
      email: 'Email',
      name: 'Full name',
      street: 'Street and number',
      postal: 'Postal code',
      city: 'City',
      country: 'Country',
    });
    await page.getByRole('button', { name: 'Update' }).last().click();
    await page.getByLabel(/Pick-up/).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, { where: 'the hosted checkout page' });
    if (shots) await page.screenshot({ path: join(shots, 'checkout-en-390.png'), fullPage: true });
    await page.getByRole('button', { name: /^Pay \$43\.50$/ }).click();
    await page.waitForURL(/\/_dev\/pay\//);
    await page.getByRole('button', { name: /^Pay \$43\.50$/ }).click();
    await page.waitForURL(new RegExp(`^${appOrigin}/thanks\\?orderId=`));
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const order = (
      await kit.call('GET', `/_admin/v1/commerce/orders/${orderId}?siteId=${server.siteId}`, {
        token: `Bearer ${server.adminKey}`,
      })
    ).body.order as { status: string; paymentStatus: string; total?: unknown };
    expect(order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(refused).toEqual([]);
    await context.close();
  }, 90_000);

  it('in English and Arabic at 390 and 1280 px (right to left in Arabic)', async () => {
    for (const lang of ['en', 'ar'])
      for (const width of [390, 1280]) {
        const fullUrl = await wixCheckoutUrl();
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${fullUrl}?lang=${lang}`);
        expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (lang === 'ar') {
          await fill(page, {
            email: 'البريد الإلكتروني',
            name: 'الاسم الكامل',
            street: 'الشارع والرقم',
            postal: 'الرمز البريدي',
            city: 'المدينة',
            country: 'الدولة',
          });
          await page.getByRole('button', { name: 'تحديث' }).last().click();
          await expectAccessible(page, { where: 'the hosted checkout page in Arabic' });
        }
        if (shots) await page.screenshot({ path: join(shots, `checkout-${lang}-${width}.png`), fullPage: true });
        await context.close();
      }
  }, 90_000);
});
