/**
 * No hard-coded visible text: every page of the storefront, rendered in the pseudo-locale (English
 * with accented letters, compiled by Lingui from the English catalog) against a real server, shows
 * no plain-English word except the shop's data (product titles, categories, emails, order numbers).
 * Text nodes and the texts assistive technology reads (aria-label, placeholder, title, alt) count.
 * Pages added later belong in the lists below; a new text missing from the catalogs fails here.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { latestCode, registerByApi } from '../../test-support/members.js';
import { hardCodedTexts, PSEUDO_LOCALE_DATA, pseudoLocaleShop } from '../../test-support/pseudo-locale.js';
import { renderShop } from '../../test-support/render-shop.js';

const shopServer = pseudoLocaleShop();
/** Strings that come from data, not from the storefront (grows with what the pages show). */
const data: string[] = [];
const hardCoded = () => hardCodedTexts([...PSEUDO_LOCALE_DATA, ...data]);

const long = { timeout: 8000 };

/** Waits until the page shows its heading and nothing is loading any more, then checks it. */
async function expectAllTranslated(where: string) {
  await waitFor(() => {
    expect(document.querySelector('h1')).not.toBeNull();
    expect(document.querySelector('.skeleton, .product-card--skeleton')).toBeNull();
  }, long);
  expect(hardCoded(), where).toEqual([]);
}

/** Products and categories as the Stores wire serves them: their words (names, options, choices) are data. */
async function learnProducts(shop: ReturnType<typeof renderShop>) {
  const { products } = await shop.client.stores.queryProducts({ limit: 100 });
  for (const p of products) {
    const text = (p.description ?? '').replace(/<[^>]+>/g, ' ').split(/\s{2,}/);
    data.push(p.name, p.slug, ...text.map((t) => t.trim()).filter(Boolean));
    for (const o of p.productOptions) data.push(o.name, ...o.choices.map((c) => c.description));
  }
  for (const c of await shop.client.stores.queryCollections()) data.push(c.name);
  return products;
}

/** Carts this browser has recorded the server making (the cart memory's records in `localStorage`). */
function rememberedCarts(): number {
  return Object.keys(localStorage).filter(
    (key) => key.startsWith('vitrine.cart.') && localStorage.getItem(key)?.includes('"cart":true'),
  ).length;
}

/** Lines in the shopper's eCom cart on the server. */
async function cartLines(shop: ReturnType<typeof renderShop>): Promise<number> {
  const answer = await shop.client
    .request<{ cart: { lineItems: unknown[] } }>({ method: 'GET', path: '/ecom/v1/carts/current' })
    .catch(() => ({ cart: { lineItems: [] } }));
  return answer.cart.lineItems.length;
}

describe('pseudo-locale: no hard-coded text', () => {
  it('visitor pages: catalog, product, cart, sign-in, create account, reset, verify, callback, 404', async () => {
    const shop = renderShop(shopServer.server, '/', { language: 'pseudo' });
    expect(document.documentElement.lang).toBe('en-XA');
    const products = await learnProducts(shop);
    await screen.findAllByRole('heading', { level: 2 }, long);
    await expectAllTranslated('catalog');

    shop.reload('/?q=zzzz-nothing');
    data.push('zzzz-nothing');
    await expectAllTranslated('catalog, nothing found');

    shop.reload(`/products/${products[0]!.slug}`);
    await expectAllTranslated('product');
    fireEvent.click(document.querySelector<HTMLButtonElement>('.button--primary')!);
    // The header counts the add at the click, before the server has answered; the reload below starts a new app,
    // which asks for the cart only once this browser has recorded the server's answer (features/cart/cart-memory.ts).
    await waitFor(() => expect(document.querySelector('.cart-link__count')?.textContent).toBe('1'), long);
    await waitFor(() => expect(rememberedCarts()).toBe(1), long);
    await expectAllTranslated('product, added to the cart');

    shop.reload('/cart');
    await waitFor(() => expect(document.querySelector('.cart-line')).not.toBeNull(), long);
    await expectAllTranslated('cart with a line');

    for (const path of [
      '/sign-in',
      '/sign-in?passwordReset=1',
      '/create-account',
      '/forgot-password',
      '/verify',
      '/reset-password',
      '/reset-password?token=not-a-real-token-0123456789',
      '/callback',
      '/no/such/page',
      '/products/no-such-product',
      '/pages/no-such-page',
    ]) {
      shop.reload(path);
      await expectAllTranslated(path);
    }

    // A form's own errors, in the pseudo-locale too.
    shop.reload('/create-account');
    await expectAllTranslated('create account');
    fireEvent.submit(document.querySelector('form')!);
    await waitFor(() => expect(document.querySelector('.field__error')).not.toBeNull(), long);
    expect(hardCoded(), 'create account errors').toEqual([]);
  });

  it('member pages: account, security, sign-in methods, checkout, confirmation, orders, order detail', async () => {
    const email = `pseudo-${Date.now()}@example.com`;
    data.push(email);
    await registerByApi(shopServer.server, email, 'a long enough password');
    const shop = renderShop(shopServer.server, '/', { language: 'pseudo' });
    await learnProducts(shop);
    const { auth } = shop.client;
    let result = await auth.login({ email, password: 'a long enough password' });
    if (result.loginState == 'EMAIL_VERIFICATION_REQUIRED')
      result = await auth.processVerification({ verificationCode: await latestCode(shopServer.server, email) });
    auth.setTokens(await auth.getMemberTokensForDirectLogin(result.data!.sessionToken!));

    shop.reload('/account');
    await screen.findByText(email, {}, long);
    await expectAllTranslated('account');

    for (const path of ['/account/security', '/account/sign-in-methods', '/account/orders']) {
      shop.reload(path);
      await expectAllTranslated(path);
    }

    shop.reload('/');
    const add = await waitFor(
      () =>
        document.querySelector<HTMLButtonElement>('.product-card .button--primary') ??
        Promise.reject(new Error('no card yet')),
      long,
    );
    fireEvent.click(add);
    await waitFor(async () => expect(await cartLines(shop)).toBe(1), long);
    shop.reload('/checkout');
    await waitFor(() => expect(document.querySelector('.checkout-lines li')).not.toBeNull(), long);
    // The country names (Intl's) and the delivery methods (the site's config) are data.
    const regions = new Intl.DisplayNames(['en'], { type: 'region' });
    const { siteId, ctx } = shopServer.server;
    for (const m of ctx.sites.get(siteId)!.shipping!.methods)
      data.push(m.name, m.description ?? '', ...m.rates.flatMap((r) => r.countries.map((c) => regions.of(c) ?? c)));
    await expectAllTranslated('checkout');

    // Fields found by their autocomplete tokens: their labels are in the pseudo-locale.
    const type = (token: string, value: string) =>
      fireEvent.change(document.querySelector(`[autocomplete="shipping ${token}"]`)!, { target: { value } });
    type('name', 'Ada');
    type('address-line1', '12 Rue des Lilas');
    type('postal-code', '75011');
    type('address-level2', 'Paris');
    type('country', 'FR');
    // The address's parts, each shown on its own (AddressText), and the country by its name (Intl's).
    data.push('Ada', '12 Rue des Lilas', '75011 Paris', new Intl.DisplayNames(['en'], { type: 'region' }).of('FR')!);
    const standard = await waitFor(
      () => document.querySelector<HTMLInputElement>('input[name="delivery"][value="standard"]') ?? Promise.reject(),
      long,
    );
    fireEvent.click(standard);
    await expectAllTranslated('checkout with delivery methods');
    fireEvent.click(document.querySelector<HTMLButtonElement>('.checkout-form button[type="submit"]')!);
    await waitFor(() => expect(document.querySelector('.review')).not.toBeNull(), long);
    await expectAllTranslated('review');

    // "Pay …": the dev provider's page (the server's, not the storefront's) is paid by a form post, as a browser would.
    fireEvent.click(document.querySelector<HTMLButtonElement>('.review__actions .button--primary')!);
    const devPage = await waitFor(
      () => shop.navigations.find((u) => u.includes('/_dev/pay/')) ?? Promise.reject(),
      long,
    );
    const paid = await fetch(devPage, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    shop.reload(new URL(paid.headers.get('location')!).pathname);
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/checkout\/confirmation\//), long);
    await waitFor(
      () => expect(document.querySelector('.confirmation-page .alert--success + .alert--success')).not.toBeNull(),
      long,
    );
    const number = (await screen.findByText(/^V-\d+$/, {}, long)).textContent!;
    // Dates are written by Intl (no pseudo-locale data there: it falls back to English month names).
    data.push(
      number,
      new Intl.DateTimeFormat('pseudo', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date()),
    );
    await expectAllTranslated('confirmation');

    shop.reload('/account/orders');
    await waitFor(() => expect(document.querySelector('.order-list__item')).not.toBeNull(), long);
    await expectAllTranslated('orders');

    fireEvent.click(document.querySelector<HTMLAnchorElement>('.order-list__link')!);
    await waitFor(() => expect(document.querySelector('.order-summary')).not.toBeNull(), long);
    await expectAllTranslated('order detail');
  });
});
