/**
 * The unmodified `@wix/ecom` (`currentCart`, `checkout`, `orders`) with `@wix/sdk`'s OAuthStrategy, routed to a
 * real server by `routeWixApis` (issue #50, docs/commerce.md → The eCom wire), driven as Wix's templates drive it:
 * minimal-examples' store page (getCurrentCart for a new visitor, addToCurrentCart by options with the first
 * choice's description, updateCurrentCartLineItemQuantity, `cart.subtotal.formattedAmount`, deleteCurrentCart,
 * createCheckoutFromCurrentCart), nextjs/commerce's `reshapeCart` and its OWNED_CART_NOT_FOUND catch, astro's cart
 * panel (estimateCurrentCartTotals' priceSummary), a coupon, and a checkout placed and read back as an order.
 * Every assertion is on what the client returns, so a wire-shape mismatch shows up as a wrong value.
 */
import { checkout, currentCart, orders } from '@wix/ecom';
import { createClient, media, OAuthStrategy } from '@wix/sdk';
import { CommerceKit } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

const CLIENT = 'wix-ecom';
const REDIRECT = 'https://ecom.test/callback';
const PASSWORD = 'ecom compat pass 4410';

let env: WixClientServer;
let kit: CommerceKit;
let tee: string;
let mug: string;

beforeAll(async () => {
  env = await startWixClientServer({ clientId: CLIENT, redirectUri: REDIRECT }, (s) => ({
    ...s,
    shop: { ...s.shop, pricesIncludeTax: false, taxRates: [{ country: 'FR', rate: 20, name: 'VAT' }] },
  }));
  kit = new CommerceKit(env.server);
  tee = await kit.tee();
  // nextjs/commerce's reshapeCart hands every line's image to media.getImageUrl, which throws on a line without one.
  mug = await kit.product({
    name: 'Mug',
    media: [{ id: 'mug-1', url: 'https://cdn.example/mug.jpg', width: 600, height: 600 }],
    variants: [{ price: 1200, stock: 50, sku: 'MUG' }],
  });
  await kit.discount({ code: 'SPRING10', kind: 'percentage', value: 10 });
});
afterAll(() => env?.close());

const newClient = () =>
  createClient({ modules: { currentCart, checkout, orders }, auth: OAuthStrategy({ clientId: CLIENT }) });

/** nextjs/commerce's `getCart`: undefined for OWNED_CART_NOT_FOUND, as its catch reads it. */
async function getCart(client: ReturnType<typeof newClient>) {
  try {
    return await client.currentCart.getCurrentCart();
  } catch (e) {
    if (
      (e as { details?: { applicationError?: { code?: string } } })?.details?.applicationError?.code ===
      'OWNED_CART_NOT_FOUND'
    )
      return undefined;
    throw e;
  }
}

/** nextjs/commerce's `reshapeCart`, the fields it reads (its `?.…!` written as `!.…!` for the linter). */
const reshapeCart = (cart: currentCart.Cart) => ({
  id: cart._id!,
  subtotal: cart.lineItems!.reduce((acc, item) => acc + Number.parseFloat(item.price!.amount!) * item.quantity!, 0),
  currencyCode: cart.currency!,
  lines: cart.lineItems!.map((item) => ({
    id: item._id!,
    quantity: item.quantity!,
    title: item.descriptionLines?.map((x) => x.colorInfo?.original ?? x.plainText?.original).join(' / ') ?? '',
    handle: item.url?.split('/').pop() ?? '',
    image: media.getImageUrl(item.image!),
    productTitle: item.productName!.original!,
  })),
  totalQuantity: cart.lineItems!.reduce((acc, item) => acc + item.quantity!, 0),
});

describe('@wix/ecom currentCart as the templates call it', () => {
  it('minimal-examples: no cart yet, add by options, change the quantity, read the subtotal, clear', async () => {
    const client = newClient();
    await expect(client.currentCart.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
    expect(await getCart(client)).toBeUndefined();

    // The store page sends each option's first choice by its description: Size "Small", Colour "Navy".
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: '1380b703-ce81-ff05-f115-39571d94dfcd',
            catalogItemId: tee,
            options: { options: { Size: 'Small', Colour: 'Navy' } },
          },
          quantity: 1,
        },
      ],
    });
    expect(cart!.lineItems).toHaveLength(1);
    const line = cart!.lineItems![0]!;
    expect(line.catalogReference!.catalogItemId).toBe(tee);
    expect(line.productName!.original).toBe('Tee');
    const updated = await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: line._id!, quantity: 2 }]);
    expect(updated.cart!.lineItems![0]!.quantity).toBe(2);
    const again = await client.currentCart.getCurrentCart();
    expect((again as { subtotal?: { formattedAmount?: string } }).subtotal?.formattedAmount).toBe('$37.00');

    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    expect(checkoutId).toMatch(/^[0-9a-f-]{36}$/);
    await client.currentCart.deleteCurrentCart();
    expect(await getCart(client)).toBeUndefined();
  });

  it('nextjs/commerce: add by variant id, then reshapeCart reads ids, prices, choices, handle and image', async () => {
    const client = newClient();
    const first = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: tee,
            appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
            options: { options: { Size: 'L', Colour: 'White' } },
          },
          quantity: 1,
        },
      ],
    });
    const variantId = (first.cart!.lineItems![0]!.catalogReference!.options as { variantId: string }).variantId;
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: tee,
            appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
            options: { variantId },
          },
          quantity: 2,
        },
        { catalogReference: { catalogItemId: mug, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }, quantity: 1 },
      ],
    });
    const shaped = reshapeCart(cart!);
    expect(shaped.currencyCode).toBe('USD');
    expect(shaped.totalQuantity).toBe(4);
    expect(shaped.subtotal).toBeCloseTo(3 * 24 + 12, 5);
    expect(shaped.lines[0]).toMatchObject({ quantity: 3, title: 'Large / White', productTitle: 'Tee' });
    expect(shaped.lines[0]!.handle).toMatch(/^product-\d+-/);
    // The image reaches the client as the server's own address (no Wix media id).
    expect(cart!.lineItems![0]!.image).toBe(`${env.server.url}/_media/tee.jpg`);
    expect(shaped.lines[1]).toMatchObject({ title: '', productTitle: 'Mug' });
    expect(cart!.lineItems![1]!.image).toBe('https://cdn.example/mug.jpg');
    expect(await getCart(client)).toMatchObject({ _id: shaped.id });
  });

  it('holds a coupon and estimates the totals with tax for a country (astro/commerce’s cart panel)', async () => {
    const client = newClient();
    await client.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { catalogItemId: mug, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }, quantity: 5 },
      ],
    });
    await expect(client.currentCart.updateCurrentCart({ couponCode: 'NOPE' })).rejects.toMatchObject({
      details: { applicationError: { code: 'ERROR_COUPON_DOES_NOT_EXIST' } },
    });
    const withCoupon = await client.currentCart.updateCurrentCart({ couponCode: 'spring10' });
    expect(withCoupon.appliedDiscounts![0]!.coupon!.code).toBe('SPRING10');
    const estimate = await client.currentCart.estimateCurrentCartTotals({ shippingAddress: { country: 'FR' } });
    const s = estimate.priceSummary!;
    // 5 × 12.00 = 60.00, 10 % off = 6.00, 20 % VAT on 54.00 = 10.80, standard delivery to FR 7.50.
    expect([s.subtotal!.amount, s.discount!.amount, s.tax!.amount, s.shipping!.amount, s.total!.amount]).toEqual([
      '60.00',
      '6.00',
      '10.80',
      '7.50',
      '72.30',
    ]);
    expect(s.subtotal!.formattedConvertedAmount).toBe('$60.00');
    expect(estimate.taxSummary!.totalTax!.formattedAmount).toBe('$10.80');
    expect(estimate.calculatedLineItems![0]!.pricesBreakdown!.taxDetails!.taxRate).toBe('0.2');
    expect(estimate.shippingInfo!.selectedCarrierServiceOption!.code).toBe('standard');
    const dropped = await client.currentCart.removeCouponFromCurrentCart();
    expect(dropped.cart!.appliedDiscounts).toEqual([]);
    const removed = await client.currentCart.removeLineItemsFromCurrentCart([dropped.cart!.lineItems![0]!._id!]);
    expect(removed.cart!.lineItems).toEqual([]);
  });

  it('places a checkout and reads it back as an order, and a member keeps the cart filled before signing in', async () => {
    const client = newClient();
    await client.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { catalogItemId: mug, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }, quantity: 2 },
      ],
    });
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: currentCart.ChannelType.WEB,
    });
    const updated = await client.checkout.updateCheckout(checkoutId!, {
      buyerInfo: { email: 'grace@example.com' },
      shippingInfo: {
        shippingDestination: { address: { country: 'FR', city: 'Lyon', addressLine1: '2 quai Saint-Antoine' } },
        selectedCarrierServiceOption: { code: 'express' },
      },
    });
    expect(updated.priceSummary!.shipping!.amount).toBe('20.00');
    expect(updated.shippingInfo!.shippingDestination!.address!.addressLine1).toBe('2 quai Saint-Antoine');
    expect(
      (await client.checkout.getCheckoutByCartId((await client.currentCart.getCurrentCart())._id!)).checkout!._id,
    ).toBe(checkoutId);
    const { orderId } = await client.checkout.createOrder(checkoutId!);
    const order = await client.orders.getOrder(orderId!);
    expect([order.status, order.paymentStatus, order.fulfillmentStatus]).toEqual([
      'APPROVED',
      'NOT_PAID',
      'NOT_FULFILLED',
    ]);
    expect(order.priceSummary!.total!.amount).toBe('48.80');
    expect(order.buyerInfo!.email).toBe('grace@example.com');
    expect(order.lineItems![0]!.productName!.original).toBe('Mug');
    // Searching orders is a member's (a visitor reads the one it placed, as above).
    await expect(client.orders.searchOrders({ cursorPaging: { limit: 10 } })).rejects.toMatchObject({
      details: { applicationError: { code: 'UNAUTHORIZED' } },
    });

    // A visitor fills a cart, then signs in: the member's cart is the one they filled.
    const shopper = newClient();
    await shopper.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { catalogItemId: mug, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }, quantity: 3 },
      ],
    });
    const email = `ecom-${Date.now()}@example.com`;
    const registered = await shopper.auth.register({ email, password: PASSWORD } as never);
    const sessionToken = (registered as unknown as { data: { sessionToken: string } }).data.sessionToken;
    const oauthData = shopper.auth.generateOAuthData(REDIRECT);
    const { authUrl } = await shopper.auth.getAuthUrl(oauthData, {
      prompt: 'none',
      responseMode: 'query',
      sessionToken,
    } as never);
    const location = (await env.routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
    const { code, state } = shopper.auth.parseFromUrl(location, 'query');
    shopper.auth.setTokens(await shopper.auth.getMemberTokens(code, state, oauthData));
    const theirs = await shopper.currentCart.getCurrentCart();
    expect(theirs.buyerInfo!.memberId).toBeTruthy();
    expect(theirs.lineItems!.map((l) => l.quantity)).toEqual([3]);
    const made = await shopper.currentCart.createCheckoutFromCurrentCart({ channelType: currentCart.ChannelType.WEB });
    await shopper.checkout.updateCheckout(made.checkoutId!, {
      shippingInfo: { shippingDestination: { address: { country: 'US', city: 'Boston' } } },
    });
    const placed = await shopper.checkout.createOrder(made.checkoutId!);
    const { orders: mine } = await shopper.orders.searchOrders({ cursorPaging: { limit: 10 } });
    expect(mine!.map((o) => [o._id, o.buyerInfo!.email])).toEqual([[placed.orderId, email]]);
  });
});
