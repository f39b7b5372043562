import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startShopServer, type ShopTestServer } from '../../../test-support/test-server.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { latestCode, registerByApi, signInThroughForm } from '../../../test-support/members.js';
import { renderShop } from '../../../test-support/render-shop.js';
import { runtimeConfigFrom } from '../../config/runtime-config.js';

let server: ShopTestServer;
beforeAll(async () => {
  server = await startShopServer();
});
afterAll(() => server?.close());
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const cartLink = () => screen.getByRole('link', { name: /^Cart, \d+ items?$/ });

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

/** Counts the page's reads of the current cart (the browser's fetch, watched and passed through unchanged). */
function countCartReads(): () => number {
  const fetches = vi.spyOn(globalThis, 'fetch');
  return () =>
    fetches.mock.calls.filter(([input, init]) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      return method == 'GET' && new URL(url).pathname == '/ecom/v1/carts/current';
    }).length;
}

/**
 * Sets the demo site's caps (`sites[].shop`) the way the console's settings do at run time (a new site object in
 * the registry), and gives the caps the storefront then reads from `/_vitrine/config.json`.
 */
async function siteCaps(shop: Record<string, number> | undefined) {
  const sites = server.ctx.config.sites;
  const i = sites.findIndex((s) => s.id == server.siteId);
  sites[i] = { ...sites[i]!, shop };
  server.ctx.sites.reindex();
  const served = (await (await fetch(`${server.url}/_vitrine/config.json`)).json()) as { cartLimits?: unknown };
  return runtimeConfigFrom(served as Parameters<typeof runtimeConfigFrom>[0]).cartLimits;
}

describe('catalog and cart against a real server', () => {
  it('shows product cards with image, title, price and one "Add to cart" (or "Choose options") each', async () => {
    renderShop(server);
    // The file's first catalog read (a fresh server's first statements): 15 s, as it took 5–6 s with the suite beside it.
    const buttons = await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 15_000 });
    const choosers = screen.getAllByRole('link', { name: /^Choose options for / });
    expect(buttons.length).toBeGreaterThan(0);
    expect(choosers.length).toBeGreaterThan(0);
    const list = screen.getAllByRole('list').find((l) => l.classList.contains('product-grid'))!;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(buttons.length + choosers.length);
    for (const item of items) {
      const title = within(item).getByRole('heading', { level: 2 }).textContent;
      expect(title).not.toBe('');
      // The site's currency (USD in the demo) from the Stores wire; "From" when the variants' prices differ.
      expect(item.querySelector('.price')?.textContent).toMatch(/^(From )?\$\d[\d,]*\.\d{2}/);
      expect(item.querySelector('img')?.getAttribute('src')).toMatch(/\/assets\/products\//);
      const actions = [
        ...within(item).queryAllByRole('button', { name: 'Add to cart' }),
        ...within(item).queryAllByRole('link', { name: `Choose options for ${title}` }),
      ];
      expect(actions).toHaveLength(1);
    }
    // The wool throw comes in sizes priced differently: its card says where its prices start.
    const throwCard = items.find((i) => /Wool Throw/.test(i.textContent ?? ''))!;
    expect(throwCard.querySelector('.price')?.textContent).toBe('From $120.00');
    // The vase is on sale: the price it was is struck through and said in words.
    const vase = items.find((i) => /Vase/.test(i.textContent ?? ''))!;
    expect(vase.querySelector('.price')?.textContent).toBe('$36.00 $45.00Was $45.00');
  });

  it('keeps search, category and sort in the URL', async () => {
    renderShop(server, '/?sort=price-desc');
    await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 });
    const prices = () => screen.getAllByText(/^\$[\d,.]+$/).map((el) => Number(el.textContent!.replace(/[$,]/g, '')));
    await waitFor(() => expect(prices()).toEqual([...prices()].sort((a, b) => b - a)));
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'mug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('mug');
    await waitFor(() => {
      const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
      expect(titles.length).toBeGreaterThan(0);
      for (const t of titles) expect(t.toLowerCase()).toContain('mug');
    });
  });

  it('adds to the cart from the first click and keeps it across a reload', async () => {
    const shop = renderShop(server);
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 0 items'));
    const buttons = await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 });
    // Two products in stock (the demo has sold-out ones).
    const [first, second] = buttons.filter((b) => !b.hasAttribute('disabled'));
    fireEvent.click(first!);
    expect(cartLink().getAttribute('aria-label')).toBe('Cart, 1 item');
    fireEvent.click(second!);
    fireEvent.click(first!);
    expect(cartLink().getAttribute('aria-label')).toBe('Cart, 3 items');
    // The cart lives on the server, owned by this visitor.
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1, 2]));
    shop.reload();
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 3 items'));
  });

  it('changes quantities, removes lines and shows the empty cart', async () => {
    const shop = renderShop(server);
    const [first] = await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 });
    fireEvent.click(first!);
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 1 item'));
    fireEvent.click(cartLink());
    const increase = await screen.findByRole('button', { name: /^Increase quantity of (?!Loading)/ });
    fireEvent.click(increase);
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 2 items'));
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([2]));
    fireEvent.click(screen.getByRole('button', { name: /^Remove / }));
    await screen.findByText('Your cart is empty.');
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toEqual([]);
    expect(cartLink().getAttribute('aria-label')).toBe('Cart, 0 items');
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([]));
  });

  it('picks a variant on the product page: price and stock follow it, sold-out choices are off, the cart gets it', async () => {
    const shop = renderShop(server, '/products/wool-throw');
    const size = await screen.findByRole('group', { name: /^Size/ }, { timeout: 5000 });
    const colour = screen.getByRole('group', { name: /^Colour/ });
    // It starts on the first variant in stock: Throw in Oat, $120.00, 3 left.
    expect((within(size).getByRole('radio', { name: 'Throw' }) as HTMLInputElement).checked).toBe(true);
    expect((within(colour).getByRole('radio', { name: 'Oat' }) as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('.product-page__price')?.textContent).toBe('$120.00');
    screen.getByText('3 in stock');
    fireEvent.click(within(size).getByRole('radio', { name: 'Blanket' }));
    expect(document.querySelector('.product-page__price')?.textContent).toBe('$160.00');
    screen.getByText('2 in stock');
    // Blanket is sold out in Charcoal and Sage: those choices are off and say so.
    for (const name of ['Charcoal (sold out)', 'Sage (sold out)'])
      expect(within(colour).getByRole('radio', { name }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1]));
    const { cart } = await shop.client.request<{
      cart: { lineItems: { descriptionLines: { plainText?: { original: string } }[]; price: { amount: string } }[] };
    }>({ method: 'GET', path: '/ecom/v1/carts/current' });
    expect(cart.lineItems[0]!.price.amount).toBe('160.00');
    expect(cart.lineItems[0]!.descriptionLines[0]!.plainText?.original).toBe('Blanket');
    // The panel names the variant added.
    await screen.findByText(/Size: Blanket/);
  });

  it('shows a 404 page for unknown addresses and unknown products', async () => {
    const shop = renderShop(server, '/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Page not found']);
    shop.reload('/products/does-not-exist');
    await screen.findByRole('heading', { level: 1, name: 'This product was not found' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'This product was not found',
    ]);
  });

  it("keeps the product page's quantity and the cart within the site's caps, and says when the cart is full", async () => {
    const cartLimits = await siteCaps({ maxUnitsPerProduct: 3, maxUnitsPerOrder: 4, maxLinesPerOrder: 3 });
    expect(cartLimits).toEqual({ maxUnitsPerProduct: 3, maxUnitsPerOrder: 4, maxLinesPerOrder: 3 });
    try {
      const shop = renderShop(server, '/products/stoneware-mug', { cartLimits });
      await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 0 items'));
      const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' }, { timeout: 5000 });
      expect(quantity.getAttribute('max')).toBe('3'); // 25 of the first colour in stock: the cap wins
      for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'One more' }));
      expect((quantity as HTMLInputElement).value).toBe('3');
      expect(screen.getByRole('button', { name: 'One more' }).hasAttribute('disabled')).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(cartLink().getAttribute('aria-label')).toBe('Cart, 3 items');
      // The product's cap is met: no more of it, and the shopper is told why.
      expect(screen.getByRole('button', { name: 'Add to cart' }).hasAttribute('disabled')).toBe(true);
      screen.getByText('Your cart has the most of this product one order may hold: 3.');
      await waitFor(async () => expect(await serverQuantities(shop)).toEqual([3]));

      // A second product takes the order's last unit; then no product has room.
      shop.reload('/');
      await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 3 items'));
      const cards = await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 });
      const other = cards.find((b) => !b.hasAttribute('disabled'))!;
      fireEvent.click(other);
      fireEvent.click(other);
      expect(cartLink().getAttribute('aria-label')).toBe('Cart, 4 items');
      expect(screen.getAllByText('Your cart is full. Most items per order: 4.').length).toBeGreaterThan(0);
      for (const card of screen.getAllByRole('button', { name: 'Add to cart' }))
        expect(card.hasAttribute('disabled')).toBe(true);
      await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1, 3]));

      // The cart page says it too, and its steppers stop at the caps.
      fireEvent.click(cartLink());
      await screen.findByRole('heading', { level: 1, name: 'Your cart' });
      await screen.findByText('Your cart is full. Most items per order: 4.');
      for (const more of await screen.findAllByRole('button', { name: /^Increase quantity of (?!Loading)/ }))
        expect(more.hasAttribute('disabled')).toBe(true);
      fireEvent.click(screen.getAllByRole('button', { name: /^Remove / })[0]!);
      await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 1 item'));
      expect(screen.queryByText(/^Your cart is full/)).toBeNull();
      const field = await screen.findByRole('spinbutton', { name: /^Quantity of (?!Loading)/ }, { timeout: 5000 });
      expect(field.getAttribute('max')).toBe('3');
      fireEvent.change(field, { target: { value: '50' } });
      await waitFor(async () => expect(await serverQuantities(shop)).toEqual([3]));
      expect(cartLink().getAttribute('aria-label')).toBe('Cart, 3 items');
    } finally {
      await siteCaps(undefined);
    }
  });
});

describe('the current cart is asked for only when this browser may have one', () => {
  it('shows a visitor without a cart an empty one without asking, and loads it once they have one', async () => {
    const cartReads = countCartReads();
    const shop = renderShop(server);
    await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 });
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 0 items'));
    shop.reload('/cart');
    await screen.findByText('Your cart is empty.');
    expect(cartReads()).toBe(0);

    shop.reload('/');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 }))[0]!);
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 1 item'));
    await waitFor(async () => expect(await serverQuantities(shop)).toEqual([1]));
    const before = cartReads();
    shop.reload();
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 1 item'));
    expect(cartReads()).toBeGreaterThan(before);
  });

  it("loads a member's cart made on another device at sign-in, and asks a member without one only once", async () => {
    const email = `cart-member-${Date.now()}@example.com`;
    await registerByApi(server, email, 'a long enough password');
    // Another device: the member signs in there and fills a cart.
    const other = renderShop(server, '/sign-in');
    await signInThroughForm(server, email, 'a long enough password');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 }))[0]!);
    await waitFor(async () => expect(await serverQuantities(other)).toEqual([1]));
    cleanup();
    localStorage.clear();
    sessionStorage.clear();

    // This browser has never seen a cart; after signing in, the member's shows.
    renderShop(server, '/sign-in');
    await signInThroughForm(server, email, 'a long enough password');
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 1 item'));
    cleanup();
    localStorage.clear();
    sessionStorage.clear();

    // A member without a cart: asked once after signing in, not again on the next page loads of the tab.
    const newcomer = `cart-newcomer-${Date.now()}@example.com`;
    await registerByApi(server, newcomer, 'a long enough password');
    const cartReads = countCartReads();
    const shop = renderShop(server, '/sign-in');
    await signInThroughForm(server, newcomer, 'a long enough password');
    // Answered (none) and remembered before the next page load.
    const memory = `vitrine.cart.${server.siteId}.${server.clientId}`;
    await waitFor(() => expect(JSON.parse(localStorage.getItem(memory) ?? '{}')).toMatchObject({ cart: false }));
    expect(cartReads()).toBe(1);
    shop.reload('/cart');
    await screen.findByText('Your cart is empty.');
    shop.reload('/');
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 0 items'));
    expect(cartReads()).toBe(1);
  });

  it('does not ask an account just made in this tab without a cart, and loads the one its visitor had', async () => {
    /** Creates an account on the Create account page and enters the mailed code: signed in. */
    const createAccount = async (email: string) => {
      await screen.findByRole('heading', { level: 1, name: 'Create account' }, { timeout: 5000 });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long enough password' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await screen.findByRole('heading', { level: 1, name: 'Verify your email' }, { timeout: 8000 });
      fireEvent.change(screen.getByLabelText('Verification code'), {
        target: { value: await latestCode(server, email) },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByRole('button', { name: 'Sign out' }, { timeout: 8000 });
    };
    const cartReads = countCartReads();
    const shop = renderShop(server, '/create-account');
    await createAccount(`cart-new-${Date.now()}@example.com`);
    shop.reload('/cart');
    await screen.findByText('Your cart is empty.');
    expect(cartReads()).toBe(0);
    cleanup();
    localStorage.clear();
    sessionStorage.clear();

    // A visitor with a cart makes an account: the cart handed over shows.
    const other = renderShop(server);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Add to cart' }, { timeout: 5000 }))[0]!);
    await waitFor(async () => expect(await serverQuantities(other)).toEqual([1]));
    other.reload('/create-account');
    await createAccount(`cart-new-with-${Date.now()}@example.com`);
    await waitFor(() => expect(cartLink().getAttribute('aria-label')).toBe('Cart, 1 item'));
  });
});
