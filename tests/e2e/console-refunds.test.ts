/**
 * Refunds from the console (docs/payments.md → Refunds, docs/console.md → Shop), in real headless Chromium against
 * the built console on one real server: a visitor orders a mug on the eCom wire and pays it on the dev provider's
 * page (its Pay button); the owner finds the order paid in the list, opens it (the payment: provider, amount,
 * status), is told in words that too much is too much, refunds part of it with a reason, with a double click on
 * the confirmation (one refund is made), and sees the refund and "Partly refunded"; an editor sees what is left
 * and no Refund button; the owner refunds the rest and the order is refunded. The shopper has both refund mails
 * in the dev mailbox. A refund made elsewhere while the page is open is refused in words, and the page then shows
 * what is left. axe: no serious violation. Screenshots at 390 and 1280 px go to VITRINE_SHOTS_DIR (the
 * temporary folder when unset).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommerceKit,
  placeGuestOrder,
  startPaymentAs,
  startTestServer,
  withPickup,
  type TestServer,
} from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { expectAccessible } from './support/axe.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { signedInOwner, uniqueEmail } from './support/console.js';

const PASSWORD = 'a long console password';
let browser: Browser;
let server: TestServer;
let kit: CommerceKit;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({ ...withPickup(s), shop: { ...s.shop, currency: 'EUR' } }),
  });
  kit = new CommerceKit(server);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const admin = async (path: string): Promise<Json> =>
  (
    await kit.call('GET', `${path}${path.includes('?') ? '&' : '?'}siteId=${server.siteId}`, {
      token: `Bearer ${server.adminKey}`,
    })
  ).body as Json;

/** A guest's order of one €43.50 mug, paid on the dev provider's page with its Pay button. */
async function paidOrder(email: string): Promise<Json> {
  const mug = await kit.product({ name: 'Stoneware mug', variants: [{ price: 4350, stock: 20 }] });
  const { token, orderId } = await placeGuestOrder(kit, mug, 1, email);
  const back = `${server.url}/_dev/mail?paid=1`;
  const started = await startPaymentAs(kit, token, { orderId, provider: 'dev', returnUrl: back, cancelUrl: back });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const shopper = await newPhonePage(browser, { onlyOrigin: server.url, stepTimeoutMs: 10_000 });
  await shopper.goto(started.body.step.url as string);
  await shopper.getByRole('button', { name: /^Pay €43\.50$/ }).click();
  await shopper.waitForURL(back);
  await shopper.context().close();
  const { order } = await admin(`/_admin/v1/commerce/orders/${orderId}`);
  expect([order.status, order.paymentStatus]).toEqual(['PAID', 'PAID']);
  return order as Json;
}

/** Screenshots at 390 and 1280 px, for a person to look at. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const dir = process.env.VITRINE_SHOTS_DIR ?? tmpdir();
    await page.screenshot({ path: join(dir, `console-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('refunds in the console', () => {
  it(
    'an owner refunds a paid order in two parts from its page; an editor is offered no refund',
    { timeout: 150_000 },
    async () => {
      const shopperEmail = uniqueEmail('shopper');
      const order = await paidOrder(shopperEmail);
      const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, { stepTimeoutMs: 15_000 });

      // The list says the order is paid, in words.
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Orders', exact: true })
        .click();
      await page.getByLabel('Search orders').fill(order.number);
      await page.getByRole('status').filter({ hasText: 'of 1' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: order.number });
      await expect(row.getByText('Paid', { exact: true }).count()).resolves.toBe(2); // the order's status and its payment's
      await expectAccessible(page, { where: 'the orders list with payment statuses' });
      await shots(page, 'orders-payment');
      await row.getByRole('link', { name: order.number }).click();
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();

      // The payment: provider, amount, status.
      const payments = page.getByRole('region', { name: 'Payments' });
      await payments.getByText('Dev provider (test, no real money)').waitFor();
      await payments.getByText('€43.50').waitFor();
      await expect(payments.getByText('Paid', { exact: true }).isVisible()).resolves.toBe(true);

      // Too much is refused in words before anything is sent.
      const refund = page.getByRole('region', { name: 'Refund' });
      await refund.getByText('€43.50 can be refunded through Dev provider').waitFor();
      await refund.getByLabel('Part of it').check();
      await refund.getByLabel('Amount to refund (EUR, e.g. 12.50)').fill('50');
      await refund.getByRole('button', { name: 'Refund…' }).click();
      await refund.getByRole('alert').filter({ hasText: 'At most €43.50 is left to refund' }).waitFor();
      await expect(refund.getByLabel('Amount to refund (EUR, e.g. 12.50)').getAttribute('aria-invalid')).resolves.toBe(
        'true',
      );
      await refund.getByLabel('Amount to refund (EUR, e.g. 12.50)').fill('7');
      await refund.getByLabel('Reason (optional)').fill('Chipped handle');
      await refund.getByRole('button', { name: 'Refund…' }).click();
      const ask = page.getByRole('dialog', { name: `Refund €7.00 of order ${order.number}?` });
      await ask.getByText('A refund cannot be undone.').waitFor();
      await expectAccessible(page, { where: 'the refund confirmation' });
      await shots(page, 'refund-confirm');
      // A double click on the confirmation refunds once.
      await ask.getByRole('button', { name: 'Yes, refund €7.00' }).dblclick();
      await refund.getByRole('status').filter({ hasText: 'Refunded €7.00; the shopper is being emailed.' }).waitFor();
      await page.getByText('Partly refunded').first().waitFor();
      const refundList = payments.getByRole('list', { name: 'Refunds' });
      const firstRefund = refundList.getByRole('listitem').filter({ hasText: '€7.00 · Refunded' });
      await firstRefund.getByText('Chipped handle').waitFor();
      await firstRefund.getByText('by an owner').waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Refunded €7.00: Chipped handle, by an owner' }).waitFor();
      await refund.getByText('€36.50 can be refunded').waitFor();
      let money = await admin(`/_admin/v1/commerce/orders/${order.id}/payments`);
      expect(money.paymentStatus).toBe('PARTIALLY_REFUNDED');
      expect(money.refunds.map((r: Json) => [r.amount, r.status, r.reason])).toEqual([
        [700, 'succeeded', 'Chipped handle'],
      ]);
      expect(money.payments[0].refundedAmount).toBe(700);
      await expectAccessible(page, { where: 'the order after a partial refund' });
      await shots(page, 'order-refunds');

      // An editor reads the payments and what is left, and is offered no refund.
      const editor = (await signedInOwner(browser, server, 'editor', PASSWORD, { stepTimeoutMs: 15_000 })).page;
      await editor.goto(`${server.url}/console/shop/orders/${order.id}`);
      await editor.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
      await editor.getByRole('region', { name: 'Payments' }).getByText('Chipped handle').waitFor();
      await editor.getByText('€36.50 can be refunded. Refunds are made by the site’s owners.').waitFor();
      await expect(editor.getByRole('button', { name: /Refund/ }).count()).resolves.toBe(0);
      await editor.context().close();

      // The rest, as a second part: the order is refunded, nothing more can be.
      await refund.getByLabel('Part of it').check();
      await refund.getByLabel('Amount to refund (EUR, e.g. 12.50)').fill('36.50');
      await refund.getByRole('button', { name: 'Refund…' }).click();
      await page
        .getByRole('dialog', { name: `Refund €36.50 of order ${order.number}?` })
        .getByRole('button', { name: 'Yes, refund €36.50' })
        .click();
      await refund.getByRole('status').filter({ hasText: 'Refunded €36.50' }).waitFor();
      await refund.getByText('Everything paid has been refunded.').waitFor();
      await expect(page.getByRole('button', { name: 'Refund…' }).count()).resolves.toBe(0);
      await refundList.getByRole('listitem').filter({ hasText: '€36.50 · Refunded' }).waitFor();
      await page.getByText('Refunded', { exact: true }).first().waitFor();
      money = await admin(`/_admin/v1/commerce/orders/${order.id}/payments`);
      expect(money.paymentStatus).toBe('FULLY_REFUNDED');
      expect(money.refunds.map((r: Json) => r.amount)).toEqual([700, 3650]);
      await expectAccessible(page, { where: 'the refunded order' });
      await shots(page, 'order-refunded');

      // The shopper was mailed for each refund, the first with the reason.
      const mail = (await (
        await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(shopperEmail)}`)
      ).json()) as {
        messages: { subject: string; text: string }[];
      };
      const refunds = mail.messages.filter((m) => m.subject.includes(`refund for order ${order.number}`));
      expect(refunds.map((m) => /We have refunded (€[\d.]+)/.exec(m.text)?.[1]).sort()).toEqual(['€36.50', '€7.00']);
      expect(refunds.find((m) => m.text.includes('€7.00'))!.text).toContain('Chipped handle');
      await page.context().close();
    },
  );

  it(
    'says in words when a refund made elsewhere meanwhile leaves less than the page showed',
    { timeout: 90_000 },
    async () => {
      const order = await paidOrder(uniqueEmail('shopper'));
      const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, { stepTimeoutMs: 15_000 });
      await page.goto(`${server.url}/console/shop/orders/${order.id}`);
      const refund = page.getByRole('region', { name: 'Refund' });
      await refund.getByText('€43.50 can be refunded').waitFor();
      // Another caller (a site key, another owner's tab) refunds €40.00 while this page still shows €43.50 left.
      const elsewhere = await kit.call('POST', `/_admin/v1/commerce/orders/${order.id}/refunds`, {
        token: `Bearer ${server.adminKey}`,
        body: { siteId: server.siteId, amount: 4000 },
      });
      expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
      // The server refuses the stale amount (409), which Chromium logs.
      expectConsoleMessage(page, { text: /status of 409/, url: /\/_admin\/v1\/commerce\/orders\/[\w-]+\/refunds$/ });
      await refund.getByRole('button', { name: 'Refund…' }).click();
      await page
        .getByRole('dialog', { name: `Refund €43.50 of order ${order.number}?` })
        .getByRole('button', { name: 'Yes, refund €43.50' })
        .click();
      await refund
        .getByRole('alert')
        .filter({ hasText: 'At most €3.50 is left to refund: another refund may have been made meanwhile' })
        .waitFor();
      // The page read the payments again: what is left now, and the other refund.
      await refund.getByText('€3.50 can be refunded').waitFor();
      await page.getByRole('list', { name: 'Refunds' }).getByText('€40.00 · Refunded').waitFor();
      const money = await admin(`/_admin/v1/commerce/orders/${order.id}/payments`);
      expect(money.refunds.map((r: Json) => r.amount)).toEqual([4000]);
      await page.context().close();
    },
  );

  it(
    'asks again with the same key when the answer was lost, so the server makes one refund',
    { timeout: 90_000 },
    async () => {
      const order = await paidOrder(uniqueEmail('shopper'));
      const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, { stepTimeoutMs: 15_000 });
      await page.goto(`${server.url}/console/shop/orders/${order.id}`);
      const refund = page.getByRole('region', { name: 'Refund' });
      await refund.getByText('€43.50 can be refunded').waitFor();
      // The first request reaches the server, which refunds; its answer never reaches the page (the connection drops).
      const keys: string[] = [];
      let drop = true;
      await page.route('**/_admin/v1/commerce/orders/*/refunds', async (route) => {
        keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
        if (!drop) return route.continue();
        drop = false;
        await route.fetch();
        await route.abort('connectionreset');
      });
      // The dropped answer is logged as a failed resource.
      expectConsoleMessage(page, {
        text: /ERR_CONNECTION_RESET/,
        url: /\/_admin\/v1\/commerce\/orders\/[\w-]+\/refunds$/,
      });
      const refundSeven = async () => {
        await refund.getByLabel('Part of it').check();
        await refund.getByLabel('Amount to refund (EUR, e.g. 12.50)').fill('7');
        await refund.getByRole('button', { name: 'Refund…' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Yes, refund €7.00' }).click();
      };
      await refundSeven();
      await refund.getByRole('alert').filter({ hasText: 'the refund may or may not have been made' }).waitFor();
      // The page does not know the refund was made; asked again, it sends the same key and the server answers that one.
      await refundSeven();
      await refund.getByRole('status').filter({ hasText: 'Refunded €7.00' }).waitFor();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      const money = await admin(`/_admin/v1/commerce/orders/${order.id}/payments`);
      expect(money.refunds.map((r: Json) => r.amount)).toEqual([700]);
      expect(money.payments[0].refundedAmount).toBe(700);
      await page.context().close();
    },
  );
});
