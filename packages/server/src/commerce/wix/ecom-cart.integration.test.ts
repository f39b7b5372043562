/**
 * The eCom current cart against a real server (docs/commerce.md → Carts): a visitor's own cart, lines by catalog
 * reference (variant id, option values or their descriptions), merged per variant, quantities, caps, stock,
 * coupons, estimates with tax and delivery, and a checkout made from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

let server: TestServer;
let kit: CommerceKit;
let tee: string;
let mug: string;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      shop: {
        ...s.shop,
        currency: 'EUR',
        pricesIncludeTax: false,
        maxUnitsPerProduct: 5,
        taxRates: [{ country: 'FR', rate: 20, name: 'TVA' }],
      },
    }),
  });
  kit = new CommerceKit(server);
  tee = await kit.tee();
  mug = await kit.product({ name: 'Mug', variants: [{ price: 990, stock: 3, sku: 'MUG' }] });
});

afterAll(async () => {
  await server?.close();
});

const CART = '/ecom/v1/carts/current';
const add = (token: string, catalogReference: Record<string, unknown>, quantity = 1) =>
  kit.call('POST', `${CART}/add-to-cart`, {
    token,
    body: {
      lineItems: [
        { catalogReference: { appId: '1380b703-ce81-ff05-f115-39571d94dfcd', ...catalogReference }, quantity },
      ],
    },
  });

describe('the current cart', () => {
  it('answers OWNED_CART_NOT_FOUND (404) to a visitor without a cart, and 401 without a shopper token', async () => {
    const token = await kit.visitor();
    const res = await kit.call('GET', CART, { token });
    expect(res.status).toBe(404);
    expect(res.body.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
    expect((await kit.call('GET', CART)).status).toBe(401);
    expect((await kit.call('GET', CART, { token: server.adminKey })).status).toBe(401);
  });

  it('answers 200 {} with orNone=true to a shopper without a cart (a browser logs every 404), and the cart once made', async () => {
    const token = await kit.visitor();
    const none = await kit.call('GET', `${CART}?orNone=true`, { token });
    expect([none.status, none.body]).toEqual([200, {}]);
    // Only the exact flag: anything else keeps Wix's answer, which the @wix/ecom client reads.
    expect((await kit.call('GET', `${CART}?orNone=1`, { token })).status).toBe(404);
    expect((await kit.call('GET', `${CART}?orNone=true`)).status).toBe(401);
    await add(token, { catalogItemId: mug });
    const some = await kit.call('GET', `${CART}?orNone=true`, { token });
    expect(some.status).toBe(200);
    expect(some.body.cart).toEqual((await kit.call('GET', CART, { token })).body.cart);
  });

  it('adds by option values or their descriptions, merges one variant into one line and prices it', async () => {
    const token = await kit.visitor();
    const first = await add(token, { catalogItemId: tee, options: { options: { Size: 'M', Colour: 'Navy' } } });
    expect(first.status).toBe(200);
    const again = await add(
      token,
      { catalogItemId: tee, options: { options: { Size: 'Medium', Colour: '#1f3a5f' } } },
      2,
    );
    const { cart } = again.body;
    expect(cart.lineItems).toHaveLength(1);
    const [line] = cart.lineItems;
    expect(line.quantity).toBe(3);
    expect(line.productName).toEqual({ original: 'Tee', translated: 'Tee' });
    expect(line.price).toEqual({
      amount: '18.50',
      convertedAmount: '18.50',
      formattedAmount: '€18.50',
      formattedConvertedAmount: '€18.50',
    });
    expect(line.catalogReference).toMatchObject({
      catalogItemId: tee,
      options: { options: { Size: 'M', Colour: '#1f3a5f' } },
    });
    expect(line.descriptionLines).toEqual([
      {
        name: { original: 'Size', translated: 'Size' },
        plainText: { original: 'Medium', translated: 'Medium' },
        lineType: 'PLAIN_TEXT',
      },
      {
        name: { original: 'Colour', translated: 'Colour' },
        colorInfo: { original: 'Navy', translated: 'Navy', code: '#1f3a5f' },
        lineType: 'COLOR',
      },
    ]);
    expect(line.image).toEqual({ url: `${server.url}/_media/tee.jpg`, width: 800, height: 1000, altText: 'A tee' });
    expect(line.url.url).toMatch(/\/products\/product-\d+-/);
    expect(line.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 10 });
    expect(line.physicalProperties).toMatchObject({ sku: 'TEE-M-NAVY', shippable: true });
    expect(cart.subtotal.formattedAmount).toBe('€55.50');
    expect(cart.currency).toBe('EUR');
    expect(cart.buyerInfo.visitorId).toBeTruthy();

    // By variant id, as nextjs/commerce sends it: the L variant costs more.
    const variantId = line.catalogReference.options.variantId as string;
    expect(variantId).toBeTruthy();
    const byId = await add(token, { catalogItemId: tee, options: { variantId } });
    expect(byId.body.cart.lineItems[0].quantity).toBe(4);
    const got = await kit.call('GET', CART, { token });
    expect(got.body.cart.id).toBe(cart.id);
  });

  it('refuses what is not for sale, unknown choices, and lines over the caps or the stock', async () => {
    const token = await kit.visitor();
    const unknown = await add(token, { catalogItemId: 'no-such-product' });
    expect([unknown.status, unknown.body.details.applicationError.code]).toEqual([409, 'PRODUCT_UNAVAILABLE']);
    const choice = await add(token, { catalogItemId: tee, options: { options: { Size: 'XXL', Colour: 'Navy' } } });
    expect(choice.status).toBe(400);
    expect(choice.body.details.validationError.fieldViolations[0].description).toContain('has no Size "XXL"');
    const none = await add(token, { catalogItemId: tee });
    expect(none.status).toBe(400);
    const over = await add(token, { catalogItemId: tee, options: { options: { Size: 'S', Colour: 'White' } } }, 6);
    expect(over.status).toBe(409);
    expect(over.body.details.applicationError).toMatchObject({
      code: 'INVALID_CART',
      data: { limit: 'maxUnitsPerProduct', max: 5 },
    });
    const stock = await add(token, { catalogItemId: mug }, 4);
    expect(stock.body.details.applicationError).toMatchObject({
      code: 'OUT_OF_STOCK',
      data: { available: 3, requested: 4 },
    });
  });

  it('changes quantities, removes lines, and deletes the cart', async () => {
    const token = await kit.visitor();
    const { body } = await add(token, { catalogItemId: mug }, 1);
    const lineId = body.cart.lineItems[0].id as string;
    const twice = await kit.call('POST', `${CART}/update-line-items-quantity`, {
      token,
      body: { lineItems: [{ id: lineId, quantity: 2 }] },
    });
    expect(twice.body.cart.lineItems[0].quantity).toBe(2);
    const unknown = await kit.call('POST', `${CART}/update-line-items-quantity`, {
      token,
      body: { lineItems: [{ id: 'nope', quantity: 2 }] },
    });
    expect(unknown.status).toBe(400);
    const removed = await kit.call('POST', `${CART}/remove-line-items`, { token, body: { lineItemIds: [lineId] } });
    expect(removed.body.cart.lineItems).toEqual([]);
    expect((await kit.call('DELETE', CART, { token })).status).toBe(200);
    expect((await kit.call('GET', CART, { token })).status).toBe(404);
    expect((await kit.call('DELETE', CART, { token })).body.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
  });

  it('holds a coupon that applies, refuses one that does not, and estimates totals with tax and delivery', async () => {
    await kit.discount({ code: 'SPRING10', value: 10 });
    await kit.discount({ code: 'BIGSPEND', value: 20, minSubtotal: 100_000 });
    const token = await kit.visitor();
    await add(token, { catalogItemId: tee, options: { options: { Size: 'L', Colour: 'White' } } }, 2);
    const refused = await kit.call('PATCH', CART, { token, body: { couponCode: 'BIGSPEND' } });
    expect(refused.body.details.applicationError.code).toBe('COUPON_MINIMUM_NOT_REACHED');
    const unknown = await kit.call('PATCH', CART, { token, body: { couponCode: 'NOPE' } });
    expect([unknown.status, unknown.body.details.applicationError.code]).toEqual([400, 'ERROR_COUPON_DOES_NOT_EXIST']);
    const held = await kit.call('PATCH', CART, { token, body: { couponCode: 'spring10' } });
    expect(held.body.cart.appliedDiscounts[0].coupon.code).toBe('SPRING10');

    const estimate = await kit.call('POST', `${CART}/estimate-totals`, {
      token,
      body: { shippingAddress: { country: 'FR' } },
    });
    expect(estimate.status).toBe(200);
    const s = estimate.body.priceSummary;
    // 2 × 24.00 = 48.00; 10 % off = 4.80; tax 20 % of 43.20 = 8.64; standard delivery to FR 7.50.
    expect([s.subtotal.amount, s.discount.amount, s.tax.amount, s.shipping.amount, s.total.amount]).toEqual([
      '48.00',
      '4.80',
      '8.64',
      '7.50',
      '59.34',
    ]);
    expect(estimate.body.taxSummary.totalTax.formattedAmount).toBe('€8.64');
    expect(estimate.body.calculatedLineItems[0].pricesBreakdown.taxDetails.taxRate).toBe('0.2');
    expect(estimate.body.shippingInfo.selectedCarrierServiceOption.code).toBe('standard');
    expect(
      estimate.body.shippingInfo.carrierServiceOptions[0].shippingOptions.map((o: { code: string }) => o.code),
    ).toEqual(['standard', 'express']);
    const express = await kit.call('POST', `${CART}/estimate-totals`, {
      token,
      body: { shippingAddress: { country: 'FR' }, selectedShippingOption: { code: 'express' } },
    });
    expect(express.body.priceSummary.shipping.amount).toBe('20.00');
    const nowhere = await kit.call('POST', `${CART}/estimate-totals`, {
      token,
      body: { shippingAddress: { country: 'JP' } },
    });
    expect(nowhere.body.calculationErrors.generalShippingCalculationError.applicationError.code).toBe(
      'SHIPPING_COUNTRY_UNSUPPORTED',
    );
    const dropped = await kit.call('POST', `${CART}/remove-coupon`, { token, body: {} });
    expect(dropped.body.cart.appliedDiscounts).toEqual([]);
  });

  it('makes one open checkout per cart, and keeps one shopper out of another one’s cart', async () => {
    const token = await kit.visitor();
    const other = await kit.visitor();
    const added = await add(token, { catalogItemId: mug });
    const first = await kit.call('POST', `${CART}/create-checkout`, { token, body: { channelType: 'WEB' } });
    expect(first.status).toBe(200);
    const again = await kit.call('POST', `${CART}/create-checkout`, { token, body: {} });
    expect(again.body.checkoutId).toBe(first.body.checkoutId);
    const cart = (await kit.call('GET', CART, { token })).body.cart;
    expect(cart.checkoutId).toBe(first.body.checkoutId);
    expect((await kit.call('GET', CART, { token: other })).status).toBe(404);
    const theirs = await kit.call('POST', `${CART}/remove-line-items`, {
      token: other,
      body: { lineItemIds: [added.body.cart.lineItems[0].id] },
    });
    expect(theirs.status).toBe(404);
    expect((await kit.call('GET', `/ecom/v1/checkouts/${first.body.checkoutId}`, { token: other })).status).toBe(404);
    const empty = await kit.visitor();
    await add(empty, { catalogItemId: mug });
    const lineId = (await kit.call('GET', CART, { token: empty })).body.cart.lineItems[0].id;
    await kit.call('POST', `${CART}/remove-line-items`, { token: empty, body: { lineItemIds: [lineId] } });
    const none = await kit.call('POST', `${CART}/create-checkout`, { token: empty, body: {} });
    expect(none.body.details.applicationError.code).toBe('CART_EMPTY');
  });
});
