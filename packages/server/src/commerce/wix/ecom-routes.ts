/**
 * The eCom wire of the commerce module as one plugin for `src/app.ts`: current cart, checkouts, orders, and the
 * sweep that cancels orders left unpaid (orders/expiry.ts), which every instance runs.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { named } from '../../http/named-plugin.js';
import { startOrderExpiry } from '../orders/expiry.js';
import { ecomCartRoutes } from './ecom-cart-routes.js';
import { ecomCheckoutRoutes } from './ecom-checkout-routes.js';
import { ecomOrderRoutes } from './ecom-order-routes.js';

export const ecomRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  await fastify.register(named(ecomCartRoutes), { ctx });
  await fastify.register(named(ecomCheckoutRoutes), { ctx });
  await fastify.register(named(ecomOrderRoutes), { ctx });
  const stopExpiry = startOrderExpiry(ctx);
  fastify.addHook('onClose', async () => stopExpiry());
};
