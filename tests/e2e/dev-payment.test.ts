/**
 * The dev provider's payment page in a real headless Chromium (docs/payments.md → The dev provider): a guest's
 * order is placed over the eCom wire, the payment started, and the shopper pays, declines or authenticates on the
 * page, by the buttons' names, with and without JavaScript, on a phone-sized screen, with nothing refused by the
 * page's CSP and no serious accessibility violation.
 */
import type { Browser, Page } from 'playwright-core';
import {
  CommerceKit,
  placeGuestOrder,
  startPaymentAs,
  startTestServer,
  withPickup,
  type TestServer,
} from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { launchChromium, newPhonePage } from './support/browser.js';

let browser: Browser;
let server: TestServer;
let kit: CommerceKit;
let mug: string;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startTestServer({
    site: (s) => ({ ...withPickup(s), shop: { ...s.shop, currency: 'EUR', maxOpenUnpaidOrders: 100 } }),
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 4350, stock: 20 }] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const returnUrl = () => `${server.url}/_dev/mail?paid=1`;
const cancelUrl = () => `${server.url}/_dev/mail?cancelled=1`;

/** A guest's placed order with its dev payment started: the order id and the page's address. */
async function startedPayment(): Promise<{ orderId: string; url: string }> {
  const { token, orderId } = await placeGuestOrder(kit, mug, 1, 'guest@example.com');
  const started = await startPaymentAs(kit, token, {
    orderId,
    provider: 'dev',
    returnUrl: returnUrl(),
    cancelUrl: cancelUrl(),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { orderId, url: started.body.step.url as string };
}

const statusOf = async (orderId: string) =>
  (
    await kit.call('GET', `/_admin/v1/commerce/orders/${orderId}?siteId=${server.siteId}`, {
      token: `Bearer ${server.adminKey}`,
    })
  ).body.order as { status: string; paymentStatus: string };

function watchCsp(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

describe('the dev payment page', () => {
  it('shows the shop and the amount, and Pay lands on the return URL with the order paid', async () => {
    const { orderId, url } = await startedPayment();
    const page = await newPhonePage(browser, { onlyOrigin: server.url, stepTimeoutMs: 10_000 });
    const refused = watchCsp(page);
    await page.goto(url);
    await expect(page.getByText('Demo Store').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('€43.50').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('(EUR)').isVisible()).resolves.toBe(true);
    await expectAccessible(page, { where: 'the dev payment page' });
    await page.getByRole('button', { name: /^Pay €43\.50$/ }).click();
    await page.waitForURL(returnUrl());
    expect(await statusOf(orderId)).toEqual(expect.objectContaining({ status: 'PAID', paymentStatus: 'PAID' }));
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('Decline lands on the cancel URL with the order cancelled, without JavaScript', async () => {
    const { orderId, url } = await startedPayment();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(cancelUrl());
    expect(await statusOf(orderId)).toEqual(expect.objectContaining({ status: 'CANCELED', paymentStatus: 'DECLINED' }));
    await context.close();
  });

  it('asks for authentication; a failed one says so and the shopper can still pay', async () => {
    const { orderId, url } = await startedPayment();
    const page = await newPhonePage(browser, { onlyOrigin: server.url, stepTimeoutMs: 10_000 });
    await page.goto(url);
    await page.getByRole('button', { name: 'Pay with authentication (3-D Secure)' }).click();
    await page.getByRole('heading', { name: 'Authenticate the payment' }).waitFor();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByRole('alert').filter({ hasText: 'The authentication failed' }).waitFor();
    expect((await statusOf(orderId)).status).toBe('AWAITING_PAYMENT');
    await page.getByRole('button', { name: 'Pay with authentication (3-D Secure)' }).click();
    await page.getByRole('button', { name: 'Authenticate', exact: true }).click();
    await page.waitForURL(returnUrl());
    expect((await statusOf(orderId)).status).toBe('PAID');
    await page.context().close();
  });
});
