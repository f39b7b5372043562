import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi } from '../../../test-support/members.js';
import { renderShop } from '../../../test-support/render-shop.js';
import { startShopServer, type ShopTestServer } from '../../../test-support/test-server.js';

/**
 * The member journey against a real server: a visitor fills a cart, signs in from checkout's own link, the
 * cart follows, the address and delivery are chosen, the review shows the server's total and "Pay $…", the order
 * is placed server-side and paid on the dev provider's page, the confirmation and the orders say paid, and signing
 * out starts an empty visitor cart that never shows the member's. A guest's declined payment comes back to
 * checkout with its cart refilled. (tests/e2e/storefront-pay.test.ts does both in Chromium.)
 */
let server: ShopTestServer;
beforeAll(async () => {
  // jsdom pages live at http://localhost:3000: let the demo client accept that origin, as it accepts the shop's.
  const page = 'http://localhost:3000';
  server = await startShopServer({
    site: (s) => ({
      ...s,
      clients: s.clients.map((c) => ({
        ...c,
        allowedOrigins: [...c.allowedOrigins, page],
        redirectUris: [...c.redirectUris, `${page}/callback`],
      })),
    }),
  });
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const long = { timeout: 8000 };

/** Presses a button of the dev provider's page (a form post, as the browser would): where it sends the shopper. */
async function devPay(url: string, action: 'pay' | 'decline'): Promise<URL> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

/** The provider's page the storefront sent the shopper to. */
const devPage = (shop: ReturnType<typeof renderShop>) =>
  waitFor(() => {
    const url = shop.navigations.find((u) => u.includes('/_dev/pay/devpay_'));
    expect(url).toBeDefined();
    return url!;
  }, long);

/** The quantities of the shopper's eCom cart on the server (none before the first add). */
async function serverQuantities(shop: ReturnType<typeof renderShop>): Promise<number[]> {
  try {
    const { cart } = await shop.client.request<{ cart: { lineItems: { quantity: number }[] } }>({
      method: 'GET',
      path: '/ecom/v1/carts/current',
    });
    return cart.lineItems.map((l) => l.quantity).sort();
  } catch (e) {
    if ((e as { code?: unknown }).code == 'OWNED_CART_NOT_FOUND') return [];
    throw e;
  }
}

/** In-stock products' "Add to cart" buttons (the demo has sold-out ones). */
const addButtons = async () =>
  (await screen.findAllByRole('button', { name: 'Add to cart' }, long)).filter((b) => !b.hasAttribute('disabled'));
const cartLabel = () => screen.getByRole('link', { name: /^Cart, \d+ items?$/ }).getAttribute('aria-label');

describe('checkout journey', () => {
  it('signs in from checkout, keeps the cart, reviews, pays on the dev provider’s page and signs out to an empty cart', async () => {
    const address = `buyer-${Date.now()}@example.com`;
    await registerByApi(server, address, 'a long enough password');
    const shop = renderShop(server);

    const buttons = await addButtons();
    fireEvent.click(buttons[0]!);
    fireEvent.click(buttons[0]!);
    fireEvent.click(buttons[1]!);
    expect(cartLabel()).toBe('Cart, 3 items');
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1, 2]), long);

    fireEvent.click(screen.getByRole('link', { name: 'Cart, 3 items' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }, long));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' }, long);
    fireEvent.click(screen.getByText('Sign in', { selector: 'main a' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, long);
    expect(window.location.search).toBe('?returnTo=%2Fcheckout');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: address } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long enough password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The demo site verifies email addresses: the code comes from the dev mailbox.
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' }, long);
    const mail = await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(address)}`).then(
      (r) => r.json() as Promise<{ messages: { text: string }[] }>,
    );
    fireEvent.change(screen.getByLabelText('Verification code'), {
      target: { value: /\b(\d{6})\b/.exec(mail.messages[0]!.text)![1] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' }, long);
    expect(screen.queryAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
    // The visitor's cart followed the member.
    await waitFor(() => expect(cartLabel()).toBe('Cart, 3 items'), long);

    const field = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    field('Full name', 'Ada Lovelace');
    field('Street and number', '1 Main St');
    field('Postal code', '10001');
    field('City', 'New York');
    field('Country', 'US');
    // The threshold from the shop's methods, in the site's currency ("Free from" was lost with the eCom offers).
    expect(
      (await screen.findByRole('radio', { name: /^Standard delivery/ }, long)).closest('label')?.textContent,
    ).toContain('Free from $100.00');
    fireEvent.click(await screen.findByRole('radio', { name: /^Express delivery/ }, long));
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    await screen.findByRole('heading', { level: 2, name: 'Review your order' }, long);
    // Server prices: the products' and the express delivery to the US.
    expect(screen.getByText('Delivery (Express delivery)').textContent).toBe('Delivery (Express delivery)');
    const total = document.querySelector('.review__total .price')?.textContent ?? '';
    expect(total).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    // The demo offers the dev provider and nothing else: no choice, one button naming the amount.
    expect(screen.queryByRole('radio', { name: /Test payment/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Pay ${total}` }));
    const back = await devPay(await devPage(shop), 'pay');
    expect(back.pathname).toMatch(/^\/checkout\/confirmation\/[^/]+$/);
    shop.reload(back.pathname);
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }, long);
    expect((await screen.findByText(`Paid: ${total}`, {}, long)).textContent).toBe(`Paid: ${total}`);
    const number = screen.getByText(/^V-\d{6}$/).textContent!;
    await waitFor(() => expect(cartLabel()).toBe('Cart, 0 items'), long);

    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect((await screen.findByRole('link', { name: `Order ${number}` }, long)).getAttribute('href')).toMatch(
      /^\/account\/orders\/[^/]+$/,
    );
    fireEvent.click(screen.getByRole('link', { name: `Order ${number}` }));
    const payment = (await screen.findByText('Payment', { selector: 'dt' }, long)).nextElementSibling;
    expect(payment?.textContent).toBe('Paid');

    // A reload keeps the member signed in, with no signed-out flash.
    shop.reload();
    expect(screen.queryAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(
      () =>
        expect(shop.navigations.some((url) => url.startsWith(`${server.url}/`) && url.includes('logout'))).toBe(true),
      long,
    );
    // Back from the logout page: a fresh visitor with an empty cart.
    shop.reload('/');
    expect((await screen.findByRole('link', { name: 'Sign in' }, long)).getAttribute('href')).toBe('/sign-in');
    await waitFor(() => expect(cartLabel()).toBe('Cart, 0 items'), long);
    expect(await serverQuantities(shop)).toEqual([]);
  }, 60_000); // ~25 steps against a real server (sign-in with argon2, mail, payment): 8–30 s with the suite beside it

  it('brings a guest whose payment is declined back to checkout, with the cart refilled and a message', async () => {
    const shop = renderShop(server);
    fireEvent.click((await addButtons())[0]!);
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1]), long);
    shop.reload('/checkout');
    fireEvent.change(await screen.findByLabelText('Email', {}, long), { target: { value: 'guest@example.com' } });
    const field = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    field('Full name', 'Grace Hopper');
    field('Street and number', '1 Main St');
    field('Postal code', '10001');
    field('City', 'New York');
    field('Country', 'US');
    fireEvent.click(await screen.findByRole('radio', { name: /^Express delivery/ }, long));
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Review order' }).hasAttribute('disabled')).toBe(false),
      long,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Pay \$/ }, long));
    const back = await devPay(await devPage(shop), 'decline');
    expect(back.pathname).toBe('/checkout');
    const orderId = back.searchParams.get('order')!;
    expect(await serverQuantities(shop)).toEqual([]);
    shop.reload(`${back.pathname}${back.search}`);
    expect((await screen.findByRole('alert', {}, long)).textContent).toMatch(
      /^Your payment was declined, so order V-\d{6} was cancelled\. Your cart is back as it was/,
    );
    await waitFor(() => expect(cartLabel()).toBe('Cart, 1 item'), long);
    expect(await serverQuantities(shop)).toEqual([1]);
    // A reload does not add the lines a second time.
    shop.reload(`/checkout?order=${orderId}`);
    await screen.findByRole('alert', {}, long);
    await waitFor(() => expect(cartLabel()).toBe('Cart, 1 item'), long);
    expect(await serverQuantities(shop)).toEqual([1]);
  });

  it('lets a visitor check out as a guest, with a way to sign in that comes back', async () => {
    const shop = renderShop(server);
    fireEvent.click((await addButtons())[0]!);
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1]), long);
    shop.reload('/checkout');
    // Not sent to sign in: the guest's email is asked for, beside a link to sign in and come back.
    await screen.findByLabelText('Email', {}, long);
    expect(window.location.pathname).toBe('/checkout');
    expect(screen.getByText('Sign in', { selector: 'main a' }).getAttribute('href')).toBe(
      '/sign-in?returnTo=%2Fcheckout',
    );
  });

  it("shows checkout's own sentence when the cart is past the site's caps (they changed since it was filled)", async () => {
    const shop = renderShop(server);
    fireEvent.click((await addButtons())[0]!);
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1]), long);
    // Five of it, within the caps of the time (ten per item).
    const { cart } = await shop.client.request<{ cart: { lineItems: { catalogReference: unknown }[] } }>({
      method: 'GET',
      path: '/ecom/v1/carts/current',
    });
    await shop.client.request({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      body: { lineItems: [{ catalogReference: cart.lineItems[0]!.catalogReference, quantity: 4 }] },
    });
    // An owner lowers the cap per item to 3 (as the console's settings do at run time).
    const sites = server.ctx.config.sites;
    const i = sites.findIndex((site) => site.id == server.siteId);
    const before = sites[i]!;
    sites[i] = { ...before, shop: { ...before.shop, maxUnitsPerProduct: 3 } };
    server.ctx.sites.reindex();
    try {
      shop.reload('/checkout');
      await screen.findByLabelText('Email', {}, long);
      expect((await screen.findByText(/^At most 3 of one item per order\./, {}, long)).textContent).toBe(
        'At most 3 of one item per order. Change your cart, then try again.',
      );
    } finally {
      sites[i] = before;
      server.ctx.sites.reindex();
    }
  });
});
