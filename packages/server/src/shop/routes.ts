/**
 * The shop API of the storefront (member token required):
 *   POST /_api/vitrine/v1/checkout      {shippingAddress?} → {order}   (server-side prices and stock)
 *   GET  /_api/vitrine/v1/orders                            → {orders} (newest first)
 *   GET  /_api/vitrine/v1/orders/:id                        → {order}  (404 for others' orders)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../http/errors.js';
import { appError } from '../errors/catalogue.js';
import { resolveCaller } from '../http/resolve-caller.js';
import { parseShippingAddress } from './address.js';
import { checkout, DEFAULT_COLLECTIONS, type ShopCollections } from './checkout.js';
import { findOrder, listOrders, orderView } from './orders.js';
import * as S from './schemas.js';

export const SHOP_PREFIX = '/_api/vitrine/v1';

async function requireShopper(request: FastifyRequest, ctx: AppContext) {
  const caller = await resolveCaller(request, ctx);
  if (caller.kind !== 'member')
    throw appError('UNAUTHORIZED', { description: 'Sign in as a member to use checkout and orders' });
  const site = ctx.sites.get(caller.siteId);
  const collections: ShopCollections = DEFAULT_COLLECTIONS;
  const has = (id: string) => !!site?.collections.some((c) => c.id === id);
  if (!site || !has(collections.products) || !has(collections.cart) || !has(collections.orders)) {
    throw appError('SHOP_NOT_CONFIGURED');
  }
  return { caller, collections };
}

export const shopRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(`${SHOP_PREFIX}/checkout`, { schema: S.checkout }, async (request) => {
    const { caller, collections } = await requireShopper(request, ctx);
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw invalidField('body', 'must be a JSON object');
    const shippingAddress = parseShippingAddress((body as Record<string, unknown>).shippingAddress);
    const order = await checkout(ctx.db, {
      siteId: caller.siteId,
      memberId: caller.memberId,
      shippingAddress,
      collections,
      now: ctx.now(),
    });
    ctx.log.info({ siteId: caller.siteId, orderId: order._id, number: order.number }, 'order placed');
    return { order: orderView(order) };
  });

  app.get(`${SHOP_PREFIX}/orders`, { schema: S.listOrders }, async (request) => {
    const { caller, collections } = await requireShopper(request, ctx);
    return { orders: await listOrders(ctx.db, caller.siteId, collections.orders, caller.memberId) };
  });

  app.get(`${SHOP_PREFIX}/orders/:id`, { schema: S.getOrder }, async (request) => {
    const { caller, collections } = await requireShopper(request, ctx);
    const order = await findOrder(ctx.db, caller.siteId, collections.orders, caller.memberId, request.params.id);
    if (!order) throw appError('ORDER_NOT_FOUND');
    return { order };
  });
};
