/**
 * Orders in the console, in real headless Chromium against the built console and storefront on one real
 * server, with a real SMTP server and a real webhook receiver (signatures checked with `standardwebhooks`):
 * an owner marks an order paid, then shipped with a tracking number (the shopper gets the mail, sees it on
 * the storefront's order page, the receiver gets `order.updated`) and cancels another (its stock comes
 * back); support reads an order but is offered no change and is refused one. axe: no serious violation.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startReceiver,
  startTestServer,
  startTestSmtp,
  waitFor,
  type Receiver,
  type TestServer,
} from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { registerMember, signedInOwner } from './support/console.js';
import { expectAccessible } from './support/axe.js';

const OWNER_PASSWORD = 'orders owner password';
const MEMBER_PASSWORD = 'correct horse battery';
let browser: Browser;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  const dirs = builtApps();
  smtp = await startTestSmtp();
  receiver = await startReceiver();
  server = await startTestServer({
    config: (c) => ({
      ...c,
      consoleDir: dirs.console,
      storefrontDir: dirs.storefront,
      smtpUrl: smtp.url,
      webhooks: { allowPrivateNetworks: true, pollMs: 50 },
    }),
    // No delivery methods: the journey is about statuses, and its totals are its lines'.
    site: (s) => ({
      ...s,
      shipping: undefined,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  const hook = await fetch(`${server.url}/_admin/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId: server.siteId, url: receiver.url, events: ['order.*'] }),
  });
  secret = ((await hook.json()) as { secret: string }).secret;
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
  await receiver?.close();
});

const admin = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }).then((r) => r.json() as Promise<Record<string, any>>); // eslint-disable-line @typescript-eslint/no-explicit-any

/** A product with `stock`, through the console's admin API (as an owner would add it). */
async function product(stock: number): Promise<{ id: string; title: string }> {
  const title = `Desk lamp ${Math.random().toString(36).slice(2, 7)}`;
  const { item } = await admin('/_admin/v1/collections/Products/items', {
    method: 'POST',
    body: {
      siteId: server.siteId,
      item: {
        title,
        slug: title.replace(/\W+/g, '-').toLowerCase(),
        price: 24,
        stock,
        image: '/assets/products/desk-lamp.svg',
      },
    },
  });
  return { id: item._id, title };
}
const stockOf = async (id: string) =>
  (
    await admin('/_admin/v1/collections/Products/query', {
      method: 'POST',
      body: { siteId: server.siteId, filter: { _id: id } },
    })
  ).items[0].stock;

/** A member's order through the shop API: cart lines through the data API, then checkout. */
async function placeOrder(token: string, productId: string, quantity: number): Promise<{ id: string; number: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, any>>); // eslint-disable-line @typescript-eslint/no-explicit-any
  await post('/wix-data/v2/items', { dataCollectionId: 'Cart', dataItem: { data: { productId, quantity } } });
  const { order } = await post('/_api/vitrine/v1/checkout', {
    shippingAddress: { addressLine: '1 Main St', city: 'Lyon', country: 'FR' },
  });
  return { id: order._id, number: order.number };
}

/** Screenshots at 390 and 1280 px for a person to look at (written to the temporary folder). */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(tmpdir(), `vitrine-console-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('orders in the console', () => {
  it(
    'owner: paid, then shipped with tracking (mail, storefront, webhook); cancels another (stock back); support reads only',
    { timeout: 150_000 },
    async () => {
      const member = await registerMember(server, { password: MEMBER_PASSWORD });
      const shop = await newPhonePage(browser, { stepTimeoutMs: 15_000 });
      await shop.goto(`${server.url}/sign-in`);
      await shop.getByLabel('Email').fill(member.email);
      await shop.getByLabel('Password').fill(MEMBER_PASSWORD);
      await shop.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shop.getByRole('button', { name: 'Sign out' }).waitFor();
      const token = await shop.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('vitrine.tokens.'))!;
        return (JSON.parse(localStorage.getItem(key)!) as { accessToken: { value: string } }).accessToken.value;
      });
      const [lamp, shade] = [await product(6), await product(3)];
      const shipped = await placeOrder(token, lamp.id, 2);
      const cancelled = await placeOrder(token, shade.id, 3);
      expect([await stockOf(lamp.id), await stockOf(shade.id)]).toEqual([4, 0]);

      // The owner finds the order by number on the Orders page and opens it.
      const { page } = await signedInOwner(browser, server, 'owner', OWNER_PASSWORD, { stepTimeoutMs: 15_000 });
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Orders', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      await page.getByLabel('Search orders').fill(shipped.number);
      await page.getByRole('status').filter({ hasText: 'of 1' }).waitFor();
      await expectAccessible(page);
      await shots(page, 'orders');
      await page.getByRole('link', { name: shipped.number }).click();
      await page.getByRole('heading', { name: `Order ${shipped.number}` }).waitFor();
      await page.getByRole('link', { name: member.email }).waitFor();
      await page.getByRole('button', { name: 'Mark paid' }).click();
      await page.getByRole('status').filter({ hasText: 'Marked paid' }).waitFor();
      await page.getByLabel('Carrier').fill('La Poste');
      await page.getByLabel('Tracking number').fill('LP123456789FR');
      await page.getByRole('button', { name: 'Mark shipped' }).click();
      await page.getByRole('status').filter({ hasText: 'Marked shipped' }).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Paid → Shipped (La Poste LP123456789FR)' }).waitFor();
      await expectAccessible(page);
      await shots(page, 'order');

      // The shopper's mail, the storefront's order page and the webhook all say so.
      const mail = await waitFor(() =>
        smtp.received.find((m) => m.to.includes(member.email) && m.raw.includes('LP123456789FR')),
      );
      expect(mail.raw).toContain('La Poste');
      await shop.goto(`${server.url}/account/orders/${shipped.id}`);
      await shop.getByText('LP123456789FR').waitFor();
      await shop.getByText('La Poste').waitFor();
      const [event] = (
        await receiver.waitFor((all) =>
          all.some(
            (r) =>
              r.json.type === 'order.updated' &&
              (r.json.data as { data: { status: string } }).data.status === 'SHIPPED',
          ),
        )
      ).filter(
        (r) =>
          r.json.type === 'order.updated' && (r.json.data as { data: { status: string } }).data.status === 'SHIPPED',
      );
      expect(new Webhook(secret).verify(event!.body, event!.headers)).toMatchObject({
        data: { id: shipped.id, previousStatus: 'PAID' },
      });

      // The other order is cancelled (asked first); its stock comes back.
      await page.goto(`${server.url}/console/orders/${cancelled.id}`);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel the order' }).click();
      await page.getByRole('status').filter({ hasText: 'Marked cancelled' }).waitFor();
      expect(await stockOf(shade.id)).toBe(3);
      await receiver.waitFor((all) => all.some((r) => r.json.type === 'order.cancelled'));
      await page.context().close();

      // Support reads the order, is offered no change, and a change it tries anyway is refused.
      const { page: support } = await signedInOwner(browser, server, 'support', OWNER_PASSWORD, {
        stepTimeoutMs: 15_000,
      });
      await support.goto(`${server.url}/console/orders/${shipped.id}`);
      await support.getByRole('heading', { name: `Order ${shipped.number}` }).waitFor();
      await support.getByText('LP123456789FR').first().waitFor();
      expect(await support.getByRole('button', { name: 'Mark delivered' }).count()).toBe(0);
      const refused = await support.evaluate(
        async ([id, siteId]) => {
          const session = await (await fetch('/_admin/v1/console/session')).json();
          const res = await fetch(`/_admin/v1/orders/${id}/status`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-vitrine-csrf': session.csrfToken },
            body: JSON.stringify({ siteId, status: 'DELIVERED' }),
          });
          return res.status;
        },
        [shipped.id, server.siteId],
      );
      expect(refused).toBe(403);
      await support.context().close();
      await shop.context().close();
    },
  );
});
