/**
 * Reports over the module's orders for the console, beside the order routes (admin-routes.ts), with the same roles:
 * every console role reads them (CONSOLE_ROLES.orders); a key of the site or the server's admin key may too.
 *   GET /_admin/v1/commerce/orders/export?siteId&status&search&from&to → text/csv (the list's filters, newest first,
 *                                                                         at most ORDERS_EXPORT_MAX rows)
 *   GET /_admin/v1/commerce/orders/overview?siteId                      → sales of the last 30 days, in minor units
 *                                                                         of the site's currency (sales-overview.ts)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { Described, Nullable, Open, op } from '../../http/schemas/common.js';
import { CONSOLE_ROLES } from '../../owners/access.js';
import { adminAccess, recordOwnerAction } from '../../owners/admin-access.js';
import { commerceSettings } from '../settings.js';
import { ordersCsv } from './orders-csv.js';
import { salesOverview } from './sales-overview.js';
import { ORDERS_EXPORT_MAX, parseOrderFilter } from './search.js';
import { ORDER_STATUSES } from './state.js';

const PATH = '/_admin/v1/commerce/orders';
const Count = () => Type.Integer();
const Minor = (description: string) => Type.Integer({ description });
const Status = Type.Unsafe<(typeof ORDER_STATUSES)[number]>({ enum: [...ORDER_STATUSES] });
const Filters = {
  siteId: Described('The site'),
  status: Described(`One of ${ORDER_STATUSES.join(', ')}`),
  search: Described('An order number (or its first digits) or a part of the buyer’s email'),
  from: Described('First day, YYYY-MM-DD (UTC)'),
  to: Described('Last day, YYYY-MM-DD (UTC)'),
};
const OrderRow = Open({
  _id: Type.String(),
  id: Type.String(),
  number: Type.String(),
  status: Status,
  createdDate: Type.String(),
  itemCount: Count(),
  subtotal: Minor('Minor units'),
  total: Minor('Minor units'),
  currency: Type.String(),
  email: Nullable(Type.String({ description: "The member's address, or the guest's" })),
  memberId: Nullable(Type.String()),
  guest: Type.Boolean(),
});
const Day = Open({
  day: Type.String(),
  orders: Count(),
  revenue: Minor('Minor units'),
  averageOrderValue: Minor('Minor units'),
});

const S = {
  export: {
    summary: `The module’s orders as CSV (the list’s filters, newest first, at most ${ORDERS_EXPORT_MAX} rows)`,
    produces: ['text/csv'],
    querystring: Type.Object(Filters, { additionalProperties: true }),
    response: { 200: Type.String({ description: 'CSV' }) },
  },
  overview: op(
    'Sales of the last 30 days, in minor units of the site’s currency',
    Open({
      currency: Type.String(),
      days: Type.Array(Day, { description: 'The last 30 UTC days, oldest first' }),
      totals: Open({ orders: Count(), revenue: Minor('Minor units'), averageOrderValue: Minor('Minor units') }),
      topProducts: Type.Array(
        Open({
          productId: Type.String(),
          title: Type.String(),
          image: Nullable(Type.String()),
          quantity: Count(),
          revenue: Minor('Minor units'),
        }),
      ),
      awaitingAction: Open({
        awaitingPayment: Count(),
        toShip: Type.Integer({ description: 'Paid, not yet fulfilled' }),
        oldest: Type.Array(OrderRow, { description: 'The orders waiting longest, oldest first' }),
      }),
    }),
    { querystring: Type.Object({ siteId: Filters.siteId }, { additionalProperties: true }) },
  ),
};

const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

export const commerceOrderReportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(`${PATH}/export`, { schema: S.export }, async (request, reply) => {
    const q = query(request);
    const access = await adminAccess(ctx, request, q.siteId, CONSOLE_ROLES.orders);
    const filter = parseOrderFilter(q);
    const { csv, count } = await ordersCsv(ctx.db, access.siteId, filter);
    await recordOwnerAction(ctx, request, access, { action: 'commerce_orders_exported', count });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get(`${PATH}/overview`, { schema: S.overview }, async (request) => {
    const access = await adminAccess(ctx, request, query(request).siteId, CONSOLE_ROLES.orders);
    const site = ctx.sites.get(access.siteId)!;
    return salesOverview(ctx.db, site.id, commerceSettings(site).currency, ctx.now());
  });
};
