/**
 * The storefront pays (issue #51), through the BUILT storefront in real headless Chromium with `npm start`'s
 * defaults (the dev provider): a guest's checkout ends in "Pay $…", the dev provider's page takes the payment and
 * sends them to the confirmation, which says paid; the order is paid (admin API), its stock taken once, and the
 * mails say what to pay and what was paid. A Decline cancels the order, gives the stock back and brings the shopper
 * back to checkout with a message and the cart refilled.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { uniqueEmail } from './support/console.js';
import { fillCheckout, hydrated, payOnDevPage } from './support/storefront.js';
import { expectAccessible } from './support/axe.js';

let browser: Browser;
let server: TestServer;
let productId: string;

const admin = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const stock = async () =>
  (await admin('GET', `/_admin/v1/commerce/products/${productId}?siteId=${server.siteId}`)).product.variants[0]
    .stock as number;
const order = (id: string) => admin('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`);
const mails = async (to: string) =>
  (
    (await (await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as {
      messages: { subject: string; text: string }[];
    }
  ).messages;

beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, storefrontDir: builtApps().storefront }) });
  const made = await admin('POST', '/_admin/v1/commerce/products', {
    siteId: server.siteId,
    product: { slug: 'pay-mug', name: 'Pay Mug', variants: [{ price: 1200, trackStock: true, stock: 10 }] },
  });
  productId = made.product.id;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Two Pay Mugs in the cart, then checkout to the review step as a guest shipping to New York. */
async function toReview(page: Page, email: string) {
  await page.goto(`${server.url}/products/pay-mug`);
  // The page comes server-rendered: a quantity typed before React hydrates it is reset to 1.
  await hydrated(page);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Added to your cart' }).getByRole('link', { name: 'View cart' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('Email').waitFor();
  const address = { name: 'Ada Lovelace', street: '1 Main St', postalCode: '10001', city: 'New York', country: 'US' };
  // The shop's threshold under the method, in its currency.
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByText('Free from $100.00').waitFor();
  await fillCheckout(page, { email, address, method: 'Standard delivery' });
}

describe('paying in Chromium', () => {
  it(
    'a guest pays with the dev provider: paid once, stock taken once, the page and the mails say so',
    { timeout: 90_000 },
    async () => {
      const before = await stock();
      const page = await newPage(390);
      const email = uniqueEmail('payer');
      await toReview(page, email);
      const review = page.getByRole('region', { name: 'Review your order' });
      await review.getByText('Test payment (dev provider: no money moves)').waitFor();
      // The totals are the review's order summary, beside it (issue #53).
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      const total = (await summary.locator('.review__total .price').textContent())!;
      expect(await page.getByRole('button', { name: `Pay ${total}` }).count()).toBe(1);
      await expectAccessible(page, { where: 'review with Pay, English' });

      await payOnDevPage(page);
      const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
      await page.getByText(`Paid: ${total}`).waitFor();
      await page.getByText('Thank you, your payment has been received.').waitFor();
      await expectAccessible(page, { where: 'paid confirmation, English' });
      await expect
        .poll(() => page.getByRole('link', { name: /^Cart, / }).getAttribute('aria-label'))
        .toBe('Cart, 0 items');

      const paid = await order(orderId);
      expect(paid.order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
      expect(paid.history.filter((h: { toStatus: string }) => h.toStatus == 'PAID')).toHaveLength(1);
      expect(await stock()).toBe(before - 2);
      // A reload of the confirmation applies nothing twice.
      await page.reload();
      await page.getByText(`Paid: ${total}`).waitFor();
      expect(await stock()).toBe(before - 2);

      const number = paid.order.number as string;
      await expect
        .poll(async () => (await mails(email)).map((m) => m.subject))
        .toEqual(
          expect.arrayContaining([
            `Demo Store: order ${number} received`,
            `Demo Store: payment received for order ${number}`,
          ]),
        );
      const all = await mails(email);
      const confirmation = all.find((m) => m.subject.endsWith(`order ${number} received`))!;
      expect(confirmation.text).toContain(`To pay: ${total}.`);
      const receipt = all.find((m) => m.subject.includes('payment received'))!;
      expect(receipt.text).toContain(`Paid: ${total}.`);
      await page.context().close();
    },
  );

  it(
    'a Decline leaves no paid order, gives the stock back and returns to checkout with the cart and a message',
    { timeout: 90_000 },
    async () => {
      const before = await stock();
      const page = await newPage(1280);
      const email = uniqueEmail('decliner');
      await toReview(page, email);
      await payOnDevPage(page, 'decline');
      const orderId = new URL(page.url()).searchParams.get('order')!;
      await page
        .getByRole('alert')
        .getByText(/^Your payment was declined, so order V-\d{6} was cancelled\. Your cart is back as it was/)
        .waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: /^Cart, / }).getAttribute('aria-label'))
        .toBe('Cart, 2 items');
      await page.getByLabel('Email').waitFor();
      // The explanation is in view below the sticky header, and focused (read out); the form is filled again.
      const notice = await page.locator('.checkout-notice').boundingBox();
      const header = await page.locator('header').first().boundingBox();
      expect(notice!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      expect(notice!.y + notice!.height).toBeLessThanOrEqual(860);
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('checkout-notice');
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
      expect(await page.getByLabel('City').inputValue()).toBe('New York');
      expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
      await expect.poll(() => page.getByRole('radio', { name: /Standard delivery/ }).isChecked()).toBe(true);
      await expectAccessible(page, { where: 'checkout after a decline, English' });

      const declined = await order(orderId);
      expect(declined.order).toMatchObject({ status: 'CANCELED', paymentStatus: 'DECLINED' });
      expect(await stock()).toBe(before);
      await page.context().close();
    },
  );

  it(
    "Back on the provider's page: the empty checkout names the unpaid order, and its page by the mail's link pays it",
    { timeout: 120_000 },
    async () => {
      const before = await stock();
      const page = await newPage(390);
      const email = uniqueEmail('leaver');
      await toReview(page, email);
      await page.getByRole('button', { name: /^Pay \S+$/ }).click();
      await page.waitForURL(/\/_dev\/pay\/devpay_/);
      const devPage = page.url();
      // The shopper changes their mind: Back lands on /checkout, whose cart the order emptied.
      await page.goBack();
      await page.waitForURL(/\/checkout$/);
      await page.getByText('Your cart is empty.').waitFor();
      const notice = page.getByRole('status').filter({ hasText: /^Your order V-\d{6} is waiting for your payment\./ });
      await notice.waitFor();
      const number = /V-\d{6}/.exec((await notice.textContent())!)![0];
      const link = notice.getByRole('link', { name: 'See the order and pay' });
      const orderId = decodeURIComponent(
        new URL((await link.getAttribute('href'))!, server.url).searchParams.get('order')!,
      );
      await expectAccessible(page, { where: 'empty checkout naming an unpaid order, English' });
      expect((await order(orderId)).order).toMatchObject({ number, status: 'AWAITING_PAYMENT' });

      // The mail's "Not finished? Open your order below" link: the order's page offers to pay it.
      await expect.poll(async () => (await mails(email)).length).toBeGreaterThan(0);
      const received = (await mails(email)).find((m) => m.subject.endsWith(`order ${number} received`))!;
      const orderLink = /https?:\/\/\S+\/order\?token=[^\s>)]+/.exec(received.text)![0];
      await page.goto(orderLink.replace(/^https?:\/\/[^/]+/, server.url));
      const total = (await page.locator('.order-summary .review__total .price').textContent())!;
      await page.getByText(`This order awaits payment of ${total}.`).waitFor();
      await expectAccessible(page, { where: 'guest order awaiting payment, English' });
      await page.getByRole('button', { name: 'Pay now' }).click();
      // The same payment again (one payment under way per order), not a second one.
      await page.waitForURL(devPage);
      await page.getByRole('button', { name: /^Pay \S+$/ }).click();
      await page.waitForURL(/\/checkout\/confirmation\/[^/?]+$/);
      await page.getByText(`Paid: ${total}`).waitFor();

      const paid = await admin('GET', `/_admin/v1/commerce/orders/${orderId}/payments?siteId=${server.siteId}`);
      expect(paid.payments).toHaveLength(1);
      expect((await order(orderId)).order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
      expect(await stock()).toBe(before - 2);
      // Paid, the order is no longer named by an empty checkout.
      await page.goto(`${server.url}/checkout`);
      await page.getByText('Your cart is empty.').waitFor();
      expect(await page.getByText(/is waiting for your payment/).count()).toBe(0);
      await page.context().close();
    },
  );
});
