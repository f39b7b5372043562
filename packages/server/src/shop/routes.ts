/**
 * The shop API of the storefront:
 *   GET  /_api/vitrine/v1/shipping-methods   (any token)    → {methods, countries}
 *   POST /_api/vitrine/v1/checkout/quote     (visitor/member) {shippingAddress?, shippingMethod?} → {quote}
 *   POST /_api/vitrine/v1/checkout           (visitor/member) {email (guests), shippingAddress, shippingMethod,
 *                                             language?} → {order, orderToken? (guests)}
 *   POST /_api/vitrine/v1/orders/by-link     (any token)    {token} → {order}  (a guest's signed link)
 *   GET  /_api/vitrine/v1/orders             (member)       → {orders} (newest first)
 *   GET  /_api/vitrine/v1/orders/:id         (member)       → {order}  (404 for others' orders)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { hasShop } from '../data/index.js';
import { appError } from '../errors/catalogue.js';
import type { Caller } from '../http/caller.js';
import { httpErrors } from '../errors/wire.js';
import { resolveCaller } from '../http/resolve-caller.js';
import { clientIp } from '../security/index.js';
import { DEFAULT_COLLECTIONS, quoteCheckout, type Buyer, type ShopCollections } from './checkout.js';
import { shopLimits } from './limits.js';
import { startOrderExpiry } from './order-expiry.js';
import { orderLinkSecret, readOrderLink } from './order-link.js';
import { findOrder, findOrderById, listOrders, orderView } from './orders.js';
import { guestEmail, placeOrder, readCheckoutBody } from './place-order.js';
import { shippedCountries } from './shipping.js';
import * as S from './schemas.js';

export const SHOP_PREFIX = '/_api/vitrine/v1';

/**
 * Orders per hour (audit V5-4), from the site's limits (limits.ts): guests per client address, since each guest
 * order mails whatever address it names (a script must not turn the shop into a mailer); members per member.
 * A person places a few orders an hour at most.
 */
const HOUR = 3600;

/** The caller and the shop's collections; `guests` lets a visitor's token through (checkout as a guest). */
type Shopper = Extract<Caller, { kind: 'member' | 'visitor' }>;

async function shopCaller(request: FastifyRequest, ctx: AppContext, guests: boolean) {
  const resolved = await resolveCaller(request, ctx);
  const allowed = resolved.kind === 'member' || (guests && resolved.kind === 'visitor');
  if (!allowed)
    throw appError('UNAUTHORIZED', {
      description: guests ? 'Send a visitor or member token' : 'Sign in as a member to see orders',
    });
  const caller = resolved as Shopper;
  const site = ctx.sites.get(caller.siteId);
  const collections: ShopCollections = DEFAULT_COLLECTIONS;
  if (!site || !hasShop(site)) throw appError('SHOP_NOT_CONFIGURED');
  return { caller, site, collections };
}

const buyerOf = (caller: Shopper, email: () => string): Buyer =>
  caller.kind === 'member'
    ? { kind: 'member', memberId: caller.memberId }
    : { kind: 'guest', visitorId: caller.visitorId, email: email() };

/** Orders are a member's: a visitor's token gets the same 401 as none. */
function memberOf(caller: Shopper): string {
  if (caller.kind !== 'member') throw appError('UNAUTHORIZED', { description: 'Sign in as a member to see orders' });
  return caller.memberId;
}

export const shopRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Unpaid orders give their stock back after the site's `unpaidOrderHours` (order-expiry.ts).
  const stopExpiry = startOrderExpiry(ctx);
  fastify.addHook('onClose', async () => stopExpiry());

  app.get(`${SHOP_PREFIX}/shipping-methods`, { schema: S.shippingMethods }, async (request) => {
    const { site } = await shopCaller(request, ctx, true);
    const shipping = site.shipping;
    if (!shipping) return { methods: [], countries: [] };
    return {
      methods: shipping.methods.map((m) => ({
        id: m.id,
        name: m.name,
        ...(m.description ? { description: m.description } : {}),
        rates: m.rates,
        ...(m.freeAbove !== undefined ? { freeAbove: m.freeAbove } : {}),
      })),
      countries: shippedCountries(shipping),
    };
  });

  app.post(`${SHOP_PREFIX}/checkout/quote`, { schema: S.quote }, async (request) => {
    const { caller, site, collections } = await shopCaller(request, ctx, true);
    const body = readCheckoutBody(request.body);
    const quote = await quoteCheckout(ctx.db, {
      siteId: site.id,
      buyer: buyerOf(caller, () => ''),
      shipping: site.shipping,
      collections,
      shippingMethod: body.shippingMethod,
      country: body.shippingAddress?.country,
      caps: shopLimits(site),
    });
    return { quote };
  });

  app.post(`${SHOP_PREFIX}/checkout`, { schema: S.checkout }, async (request) => {
    const { caller, site, collections } = await shopCaller(request, ctx, true);
    const body = readCheckoutBody(request.body);
    const buyer = buyerOf(caller, () => guestEmail(body.email));
    const limits = shopLimits(site);
    const address = clientIp(request);
    const hit =
      buyer.kind === 'guest'
        ? await ctx.limiter.hit(`ip:guest-checkout:${site.id}:${address}`, {
            limit: limits.guestOrdersPerHour,
            windowSeconds: HOUR,
          })
        : await ctx.limiter.hit(`member:checkout:${site.id}:${buyer.memberId}`, {
            limit: limits.memberOrdersPerHour,
            windowSeconds: HOUR,
          });
    if (!hit.allowed) throw httpErrors.tooManyRequests(hit.retryAfterSeconds);
    const { order, guestToken } = await placeOrder(ctx, site, buyer, body, collections, address);
    ctx.log.info({ siteId: site.id, orderId: order._id, number: order.number, guest: !!guestToken }, 'order placed');
    return { order: orderView(order), ...(guestToken ? { orderToken: guestToken } : {}) };
  });

  app.post(`${SHOP_PREFIX}/orders/by-link`, { schema: S.orderByLink }, async (request) => {
    const { site, collections } = await shopCaller(request, ctx, true);
    const id = readOrderLink(orderLinkSecret(ctx.tokens.keys), site.id, request.body.token, ctx.now());
    const order = await findOrderById(ctx.db, site.id, collections.orders, id);
    if (!order) throw appError('ORDER_NOT_FOUND');
    return { order };
  });

  app.get(`${SHOP_PREFIX}/orders`, { schema: S.listOrders }, async (request) => {
    const { caller, collections } = await shopCaller(request, ctx, false);
    return { orders: await listOrders(ctx.db, caller.siteId, collections.orders, memberOf(caller)) };
  });

  app.get(`${SHOP_PREFIX}/orders/:id`, { schema: S.getOrder }, async (request) => {
    const { caller, collections } = await shopCaller(request, ctx, false);
    const memberId = memberOf(caller);
    const order = await findOrder(ctx.db, caller.siteId, collections.orders, memberId, request.params.id);
    if (!order) throw appError('ORDER_NOT_FOUND');
    return { order };
  });
};
