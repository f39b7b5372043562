/**
 * `@wix/ecom` `currentCart` (docs/commerce.md → The eCom wire): the visitor's or member's own cart.
 *   GET    /ecom/v1/carts/current                              → {cart}  (404 OWNED_CART_NOT_FOUND without one)
 *   GET    /ecom/v1/carts/current?orNone=true                  → {cart}, or {} without one (Vitrine's own)
 *   PATCH  /ecom/v1/carts/current             {couponCode?, lineItems?}  → {cart}
 *   DELETE /ecom/v1/carts/current                              → {}
 *   POST   /ecom/v1/carts/current/add-to-cart {lineItems: [{catalogReference, quantity}]} → {cart}
 *   POST   …/current/update-line-items-quantity {lineItems: [{id, quantity}]}          → {cart}
 *   POST   …/current/remove-line-items         {lineItemIds}                           → {cart}
 *   POST   …/current/remove-coupon                                                     → {cart}
 *   POST   …/current/estimate-totals           {shippingAddress?, selectedShippingOption?} → totals
 *   POST   …/current/create-checkout           {channelType?}                          → {checkoutId}
 * Writes are limited per client address (300 a minute), beside the caps on what a cart holds.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { NO_STORE } from '../../http/no-store.js';
import { Body, Described, Empty, Key, Open, op } from '../../http/schemas/common.js';
import { perIpLimit } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import {
  addToCart,
  applyCoupon,
  currentCart,
  currentCartWithState,
  deleteCurrentCart,
  removeCoupon,
  removeLines,
  updateQuantities,
  type AddItem,
} from '../carts/service.js';
import type { Cart } from '../carts/store.js';
import { keptProducts } from '../catalog/kept-products.js';
import { readWixAddress } from '../checkouts/address.js';
import { createCheckoutFromCart } from '../checkouts/service.js';
import { findCheckoutByCart } from '../checkouts/store.js';
import { quoteLines } from '../quote.js';
import { wixCart, wixEstimate } from './ecom-cart-shapes.js';
import { ecomScope, shopperOf, type EcomScope } from './ecom-caller.js';

const CART = '/ecom/v1/carts/current';
const CartAnswer = Open({ cart: Key('The cart: id, lineItems, subtotal, appliedDiscounts, buyerInfo, currency…') });
const LineItems = Described(
  '[{catalogReference: {catalogItemId, options: {variantId} | {options: {Name: value}}}, quantity}]',
);

const S = {
  get: op("The caller's cart (404 OWNED_CART_NOT_FOUND when they have none; {} with orNone=true)", CartAnswer, {
    querystring: Type.Object(
      {
        orNone: Described(
          "Vitrine's own: `true` answers a caller without a cart 200 {} instead of Wix's 404 (a browser logs every 404)",
        ),
      },
      { additionalProperties: true },
    ),
  }),
  update: op('Hold a coupon code, or add line items', CartAnswer, {
    body: Body({ couponCode: Described('A discount code'), lineItems: LineItems }),
  }),
  remove: op("Delete the caller's cart", Empty),
  add: op('Add line items (the same variant adds to its line)', CartAnswer, {
    body: Body({
      lineItems: LineItems,
      customLineItems: Described('Refused: custom line items need the admin permission'),
    }),
  }),
  quantities: op('Set line quantities (0 removes a line)', CartAnswer, {
    body: Body({ lineItems: Described('[{id, quantity}]') }),
  }),
  removeLines: op('Remove line items', CartAnswer, {
    body: Body({ lineItemIds: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }) }),
  }),
  removeCoupon: op('Drop the coupon code', CartAnswer),
  estimate: op(
    'The cart priced for a delivery address: tax of its country, delivery, discount, totals',
    Open({
      cart: Key('The cart'),
      priceSummary: Key('{subtotal, shipping, tax, discount, total}'),
      calculatedLineItems: Key('Each line: tax and discount'),
      taxSummary: Key('{taxableAmount, totalTax}'),
      shippingInfo: Key('The chosen delivery and the offers for the country'),
      appliedDiscounts: Key('The coupon applied'),
      calculationErrors: Key('A coupon that does not apply, a delivery that cannot be priced'),
    }),
    {
      body: Body({
        shippingAddress: Described('{country, subdivision?, city?, postalCode?, addressLine?}'),
        billingAddress: Described('Used for the tax country without a shipping address'),
        selectedShippingOption: Described('{code}: a delivery method id'),
      }),
    },
  ),
  createCheckout: op(
    'A checkout from the cart (the cart keeps one open checkout)',
    Open({ checkoutId: Type.String() }),
    { body: Body({ channelType: Described('WEB, …') }) },
  ),
};

const list = (value: unknown, field: string): Record<string, unknown>[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => !v || typeof v !== 'object' || Array.isArray(v)))
    throw invalidField(field, 'must be a list of objects');
  return value as Record<string, unknown>[];
};
const countryOf = (value: unknown, field: string) => readWixAddress({ address: value }, field)?.country;

export const ecomCartRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const writes = { preHandler: perIpLimit(ctx.limiter, { name: 'ecom-cart', limit: 300, windowSeconds: 60 }) };

  async function answer(db: Queryable, scope: EcomScope, cart: Cart) {
    const quote = await quoteLines(db, scope.site, { lines: cart.lines, couponCode: cart.couponCode, now: ctx.now() });
    const open = await findCheckoutByCart(db, scope.site.id, cart);
    return { cart: wixCart(cart, quote, scope.wire, open && !open.orderId ? open.id : null) };
  }
  const shopper = async (request: Parameters<typeof ecomScope>[0]) => {
    const scope = await ecomScope(request, ctx, { keys: false });
    return { scope, owner: shopperOf(scope) };
  };

  app.get(CART, { schema: S.get, config: NO_STORE }, async (request) => {
    const { scope, owner } = await shopper(request);
    // One statement reads the cart, its open checkout and the catalog's version; the lines' products are then
    // those kept at that version when they are (catalog/kept-products.ts), read once otherwise.
    const current = await currentCartWithState(ctx.db, scope.site.id, owner);
    if (!current) {
      // The storefront asks whether a member has a cart with orNone: Wix's 404 is the same work, but a browser logs
      // it as a failed resource on every new tab. The @wix/ecom client never sends it, so its answer stays Wix's.
      if (request.query.orNone === 'true') return {};
      throw appError('OWNED_CART_NOT_FOUND');
    }
    const { cart, openCheckoutId, catalogVersion } = current;
    const ids = [...new Set(cart.lines.map((l) => l.productId))];
    const products = await keptProducts(ctx).products(ctx.db, scope.site.id, catalogVersion, ids);
    const quote = await quoteLines(ctx.db, scope.site, {
      lines: cart.lines,
      couponCode: cart.couponCode,
      now: ctx.now(),
      products,
    });
    return { cart: wixCart(cart, quote, scope.wire, openCheckoutId) };
  });

  app.patch(CART, { schema: S.update, ...writes }, async (request) => {
    const { scope, owner } = await shopper(request);
    const items = list(request.body.lineItems, 'lineItems') as AddItem[];
    let cart = items.length ? await addToCart(ctx, scope.site, owner, items) : undefined;
    const code = request.body.couponCode;
    if (code !== undefined && code !== null) {
      if (typeof code !== 'string') throw invalidField('couponCode', 'must be a string');
      cart = await applyCoupon(ctx, scope.site, owner, code);
    }
    return answer(ctx.db, scope, cart ?? (await currentCart(ctx.db, scope.site.id, owner)));
  });

  app.delete(CART, { schema: S.remove, ...writes }, async (request) => {
    const { scope, owner } = await shopper(request);
    await deleteCurrentCart(ctx, scope.site.id, owner);
    return {};
  });

  app.post(`${CART}/add-to-cart`, { schema: S.add, ...writes }, async (request) => {
    const { scope, owner } = await shopper(request);
    if (list(request.body.customLineItems, 'customLineItems').length)
      throw appError('PERMISSION_DENIED', { description: 'Custom line items need the admin permission' });
    const cart = await addToCart(ctx, scope.site, owner, list(request.body.lineItems, 'lineItems') as AddItem[]);
    return answer(ctx.db, scope, cart);
  });

  app.post(`${CART}/update-line-items-quantity`, { schema: S.quantities, ...writes }, async (request) => {
    const { scope, owner } = await shopper(request);
    const cart = await updateQuantities(ctx, scope.site, owner, list(request.body.lineItems, 'lineItems'));
    return answer(ctx.db, scope, cart);
  });

  app.post(`${CART}/remove-line-items`, { schema: S.removeLines, ...writes }, async (request) => {
    const { scope, owner } = await shopper(request);
    return answer(ctx.db, scope, await removeLines(ctx, scope.site, owner, request.body.lineItemIds ?? []));
  });

  app.post(`${CART}/remove-coupon`, { schema: S.removeCoupon, ...writes }, async (request) => {
    const { scope, owner } = await shopper(request);
    return answer(ctx.db, scope, await removeCoupon(ctx, scope.site, owner));
  });

  app.post(`${CART}/estimate-totals`, { schema: S.estimate }, async (request) => {
    const { scope, owner } = await shopper(request);
    const cart = await currentCart(ctx.db, scope.site.id, owner);
    const body = request.body ?? {};
    const option = body.selectedShippingOption as { code?: unknown } | undefined;
    const quote = await quoteLines(ctx.db, scope.site, {
      lines: cart.lines,
      couponCode: cart.couponCode,
      country: countryOf(body.shippingAddress, 'shippingAddress') ?? countryOf(body.billingAddress, 'billingAddress'),
      shippingMethod: typeof option?.code === 'string' ? option.code : undefined,
      now: ctx.now(),
    });
    const open = await findCheckoutByCart(ctx.db, scope.site.id, cart);
    return wixEstimate(cart, quote, scope.wire, open && !open.orderId ? open.id : null);
  });

  app.post(`${CART}/create-checkout`, { schema: S.createCheckout, ...writes }, async (request) => {
    const { scope, owner } = await shopper(request);
    const channel = request.body?.channelType;
    const channelType = typeof channel === 'string' && /^[A-Z_]{1,40}$/.test(channel) ? channel : 'WEB';
    return { checkoutId: await createCheckoutFromCart(ctx, scope.site, owner, channelType) };
  });
};
