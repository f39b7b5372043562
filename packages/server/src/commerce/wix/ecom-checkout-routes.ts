/**
 * `@wix/ecom` `checkout` (docs/commerce.md → The eCom wire): a shopper's own checkouts (an API key of the site:
 * every checkout of the site).
 *   GET   /ecom/v1/checkouts/:id                    → {checkout}
 *   PATCH /ecom/v1/checkouts/:id  {checkout: {buyerInfo: {email}, shippingInfo: {shippingDestination,
 *                                  selectedCarrierServiceOption: {code}}}, couponCode?} → {checkout}
 *   GET   /ecom/v1/checkouts/by-cart-id/:id         → {checkout}
 *   GET   /ecom/v1/checkouts/:id/checkout-url       → {checkoutUrl}: a new hosted checkout page of it (docs/payments.md)
 *   POST  /ecom/v1/checkouts/:id/create-order        → {orderId}: places the order (awaiting payment)
 * Wix lets only apps with the "Manage eCommerce" permission call create-order and sends shoppers to its hosted
 * checkout page instead; Vitrine serves that page (hosted-checkout/) and also lets the checkout's own shopper place it.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { Body, Described, Key, Open, op } from '../../http/schemas/common.js';
import { perIpLimit } from '../../security/index.js';
import { clientIp } from '../../security/index.js';
import { readWixAddress } from '../checkouts/address.js';
import { readCheckout, readCheckoutByCart, updateCheckout, type CheckoutUpdate } from '../checkouts/service.js';
import type { Checkout } from '../checkouts/store.js';
import { checkoutPageUrl } from '../hosted-checkout/session.js';
import { insertCheckoutPage } from '../hosted-checkout/store.js';
import { placeOrder } from '../orders/place.js';
import { quoteLines } from '../quote.js';
import { ecomScope, type EcomScope } from './ecom-caller.js';
import { wixCheckout } from './ecom-checkout-shapes.js';

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const CheckoutAnswer = Open({
  checkout: Key('The checkout: lineItems, priceSummary, shippingInfo, buyerInfo, appliedDiscounts, completed…'),
});

const S = {
  get: op('One of the caller’s checkouts', CheckoutAnswer, { params: Params }),
  update: op('Change the buyer’s email, the delivery address or method, or the coupon', CheckoutAnswer, {
    params: Params,
    body: Body({
      checkout: Described(
        '{buyerInfo: {email}, shippingInfo: {shippingDestination: {address, contactDetails}, selectedCarrierServiceOption: {code}}}',
      ),
      couponCode: Described('A discount code ("" removes it)'),
    }),
  }),
  byCart: op('The checkout made from a cart', CheckoutAnswer, { params: Params }),
  url: op(
    'The hosted checkout page of a checkout (the page of an ecomCheckout redirect session without callbacks)',
    Open({ checkoutUrl: Type.String() }),
    { params: Params },
  ),
  createOrder: op(
    'Place the checkout as an order, awaiting payment (Vitrine: the checkout’s shopper may call it)',
    Open({ orderId: Type.String() }),
    { params: Params, body: Body({}) },
  ),
};

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The changes a PATCH body asks for (fields it does not name stay as they are). */
function readUpdate(body: { checkout?: unknown; couponCode?: unknown }): CheckoutUpdate {
  const checkout = record(body.checkout) ?? {};
  const update: CheckoutUpdate = {};
  const email = record(checkout.buyerInfo)?.email;
  if (email !== undefined && email !== null) {
    if (typeof email !== 'string') throw invalidField('checkout.buyerInfo.email', 'must be a string');
    update.buyerEmail = email;
  }
  const shipping = record(checkout.shippingInfo);
  const address = readWixAddress(shipping?.shippingDestination, 'checkout.shippingInfo.shippingDestination');
  if (address) update.shippingAddress = address;
  const code = record(shipping?.selectedCarrierServiceOption)?.code;
  if (code !== undefined && code !== null) {
    if (typeof code !== 'string' || code.length > 64)
      throw invalidField('checkout.shippingInfo.selectedCarrierServiceOption.code', 'must name a delivery method');
    update.shippingMethod = code;
  }
  const coupon = body.couponCode;
  if (coupon !== undefined && coupon !== null) {
    if (typeof coupon !== 'string') throw invalidField('couponCode', 'must be a string');
    update.couponCode = coupon.trim() === '' ? null : coupon;
  }
  return update;
}

export const ecomCheckoutRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const writes = { preHandler: perIpLimit(ctx.limiter, { name: 'ecom-checkout', limit: 120, windowSeconds: 60 }) };

  async function answer(scope: EcomScope, checkout: Checkout) {
    const quote = await quoteLines(ctx.db, scope.site, {
      lines: checkout.lines,
      couponCode: checkout.couponCode,
      country: checkout.shippingAddress?.country,
      shippingMethod: checkout.shippingMethod,
      now: ctx.now(),
      language: scope.wire.buyerLanguage,
    });
    return { checkout: wixCheckout(checkout, quote, scope.wire) };
  }

  app.get('/ecom/v1/checkouts/:id', { schema: S.get }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: true });
    return answer(scope, await readCheckout(ctx.db, scope.site.id, request.params.id, scope.access));
  });

  app.patch('/ecom/v1/checkouts/:id', { schema: S.update, ...writes }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: true });
    const update = readUpdate(request.body ?? {});
    return answer(scope, await updateCheckout(ctx, scope.site, request.params.id, scope.access, update));
  });

  app.get('/ecom/v1/checkouts/by-cart-id/:id', { schema: S.byCart }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: true });
    return answer(scope, await readCheckoutByCart(ctx.db, scope.site.id, request.params.id, scope.access));
  });

  app.get('/ecom/v1/checkouts/:id/checkout-url', { schema: S.url }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: true });
    const checkout = await readCheckout(ctx.db, scope.site.id, request.params.id, scope.access);
    if (checkout.orderId) throw appError('CHECKOUT_IS_COMPLETE', { data: { orderId: checkout.orderId } });
    const page = await insertCheckoutPage(
      ctx.db,
      {
        siteId: scope.site.id,
        checkoutId: checkout.id,
        owner: checkout.owner,
        clientId: null,
        thankYouUrl: null,
        postFlowUrl: null,
        memberSessionId: scope.sessionId ?? null,
      },
      ctx.now(),
    );
    return { checkoutUrl: checkoutPageUrl(ctx, page.id) };
  });

  app.post('/ecom/v1/checkouts/:id/create-order', { schema: S.createOrder, ...writes }, async (request) => {
    const scope = await ecomScope(request, ctx, { keys: true });
    const { order } = await placeOrder(ctx, scope.site, {
      checkoutId: request.params.id,
      access: scope.access,
      clientIp: clientIp(request),
      // A member's mail follows their profile's language; a guest's, the language their browser asked for.
      language: scope.owner?.kind === 'member' ? undefined : scope.wire.buyerLanguage,
      // The lines and the delivery keep the names the shopper read.
      shopperLanguage: scope.wire.buyerLanguage,
    });
    return { orderId: order.id };
  });
};
