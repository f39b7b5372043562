/** The commerce module's admin API as one plugin for `src/app.ts`: discount codes, orders and their reports. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { named } from '../http/named-plugin.js';
import { discountAdminRoutes } from './discounts/admin-routes.js';
import { commerceOrderAdminRoutes } from './orders/admin-routes.js';
import { commerceOrderReportRoutes } from './orders/report-routes.js';

export const commerceAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  await fastify.register(named(discountAdminRoutes), { ctx });
  await fastify.register(named(commerceOrderAdminRoutes), { ctx });
  await fastify.register(named(commerceOrderReportRoutes), { ctx });
};
