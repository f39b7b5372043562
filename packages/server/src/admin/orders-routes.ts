/**
 * The console's Orders pages over the admin API (flows in shop/: admin-orders.ts, order-status.ts,
 * sales-overview.ts). Every role reads orders (CONSOLE_ROLES.orders); owners and editors change their
 * status (CONSOLE_ROLES.orderStatus); a key of the site or the server's admin key may do both.
 *   GET  /_admin/v1/orders?siteId&search&status&from&to&limit&offset → {orders, total} (newest first)
 *   GET  /_admin/v1/orders/export?…same filters                      → text/csv
 *   GET  /_admin/v1/orders/overview?siteId                           → sales of the last 30 days
 *   GET  /_admin/v1/orders/:id?siteId                                → {order, customer, history, nextStatuses}
 *   POST /_admin/v1/orders/:id/status {siteId, status, carrier?, trackingNumber?, note?}
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { invalidField } from '../errors/wire.js';
import { AnyObject, Body, Described, Nullable, Open, op } from '../http/schemas/common.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { adminAccess, recordOwnerAction, type AdminAccess } from '../owners/admin-access.js';
import type { OwnerRole } from '../owners/store.js';
import { findShopOrder, listShopOrders, ORDERS_PAGE_MAX, parseOrderFilter } from '../shop/admin-orders.js';
import { ordersCsv } from './orders-csv.js';
import { DEFAULT_COLLECTIONS } from '../shop/checkout.js';
import { currentStatus, NEXT_STATUSES, ORDER_STATUSES, parseStatusChange } from '../shop/order-rules.js';
import { changeOrderStatus, orderHistory, type HistoryEntry } from '../shop/order-status.js';
import { salesOverview } from '../shop/sales-overview.js';

const Count = () => Type.Integer();
const Status = Type.Unsafe<(typeof ORDER_STATUSES)[number]>({ enum: [...ORDER_STATUSES] });
const Filters = {
  siteId: Described('The site'),
  search: Described('An order number (or its first digits) or an email address (member or guest)'),
  status: Described(`One status: ${ORDER_STATUSES.join(', ')}`),
  from: Described('First day, YYYY-MM-DD (UTC)'),
  to: Described('Last day, YYYY-MM-DD (UTC)'),
};
const OrderRow = Open({
  _id: Type.String(),
  number: Type.String(),
  status: Status,
  createdDate: Type.String(),
  itemCount: Count(),
  subtotal: Type.Number(),
  total: Type.Number(),
  currency: Type.String(),
  email: Nullable(Type.String({ description: "The member's address, or the guest's" })),
  memberId: Nullable(Type.String()),
  guest: Type.Boolean(),
});
const History = Open({
  fromStatus: Nullable(Status),
  toStatus: Status,
  actor: Type.String({ description: "An owner's email or a key's name" }),
  carrier: Nullable(Type.String()),
  trackingNumber: Nullable(Type.String()),
  note: Nullable(Type.String()),
  date: Type.String(),
});
const OrderAnswer = Open({
  order: AnyObject('The order item: lines, totals, shippingAddress, shippingMethod, carrier, trackingNumber…'),
  customer: Open({
    memberId: Nullable(Type.String()),
    email: Nullable(Type.String()),
    guest: Type.Boolean(),
  }),
  status: Status,
  history: Type.Array(History, { description: 'Status changes, oldest first' }),
  nextStatuses: Type.Array(Status, { description: 'What the order may become now' }),
});
const Params = Type.Object({ id: Type.String() });
const SiteQuery = Type.Object({ siteId: Filters.siteId }, { additionalProperties: true });
const Day = Open({ day: Type.String(), orders: Count(), revenue: Type.Number(), averageOrderValue: Type.Number() });

const S = {
  list: op('Orders, newest first', Open({ orders: Type.Array(OrderRow), total: Count() }), {
    querystring: Type.Object(
      { ...Filters, limit: Described(`1 to ${ORDERS_PAGE_MAX} (default 25)`), offset: Described('Rows to skip') },
      { additionalProperties: true },
    ),
  }),
  export: {
    summary: 'Orders as CSV (the list filters)',
    produces: ['text/csv'],
    querystring: Type.Object(Filters, { additionalProperties: true }),
    response: { 200: Type.String({ description: 'CSV' }) },
  },
  overview: op(
    'Sales of the last 30 days',
    Open({
      currency: Type.String(),
      days: Type.Array(Day, { description: 'The last 30 UTC days, oldest first' }),
      totals: Open({ orders: Count(), revenue: Type.Number(), averageOrderValue: Type.Number() }),
      topProducts: Type.Array(
        Open({
          productId: Type.String(),
          title: Type.String(),
          image: Nullable(Type.String()),
          quantity: Count(),
          revenue: Type.Number(),
        }),
      ),
      awaitingAction: Open({
        awaitingPayment: Count(),
        toShip: Count(),
        oldest: Type.Array(OrderRow, { description: 'The orders waiting longest, oldest first' }),
      }),
    }),
    { querystring: SiteQuery },
  ),
  get: op('One order with its customer and history', OrderAnswer, { params: Params, querystring: SiteQuery }),
  status: op('Change the status of an order', OrderAnswer, {
    params: Params,
    body: Body({
      siteId: Described('The site'),
      status: Described(`The new status: ${ORDER_STATUSES.join(', ')}`),
      carrier: Described('Required for SHIPPED'),
      trackingNumber: Described('Required for SHIPPED'),
      note: Described('Optional; mailed to the shopper and kept in the history', 'multiline'),
    }),
  }),
};

type Input = Record<string, unknown>;
const input = (request: FastifyRequest): Input => ({
  ...((request.query ?? {}) as Input),
  ...((request.body && typeof request.body === 'object' ? request.body : {}) as Input),
});

function pageParam(value: unknown, field: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw invalidField(field, `must be a whole number up to ${max}`);
  return n;
}

export const orderAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const collections = DEFAULT_COLLECTIONS;

  async function open(request: FastifyRequest, roles: readonly OwnerRole[]) {
    const body = input(request);
    const access = await adminAccess(ctx, request, body.siteId, roles);
    const site = ctx.sites.get(access.siteId)!;
    const has = (id: string) => site.collections.some((c) => c.id === id);
    if (!has(collections.orders) || !has(collections.products)) throw appError('SHOP_NOT_CONFIGURED');
    return { body, access, site };
  }

  const answer = (
    order: Input,
    summary: { memberId: string | null; email: string | null; guest: boolean },
    history: HistoryEntry[],
  ) => {
    const current = currentStatus(order.status);
    return {
      order,
      customer: { memberId: summary.memberId, email: summary.email, guest: summary.guest },
      status: current,
      history,
      nextStatuses: [...NEXT_STATUSES[current]],
    };
  };

  app.get('/_admin/v1/orders', { schema: S.list }, async (request) => {
    const { body, site } = await open(request, CONSOLE_ROLES.orders);
    const filter = parseOrderFilter(body);
    const page = {
      limit: pageParam(body.limit, 'limit', 25, ORDERS_PAGE_MAX) || 25,
      offset: pageParam(body.offset, 'offset', 0, 1_000_000),
    };
    return listShopOrders(ctx.db, site.id, collections.orders, filter, page);
  });

  app.get('/_admin/v1/orders/export', { schema: S.export }, async (request, reply: FastifyReply) => {
    const { body, access, site } = await open(request, CONSOLE_ROLES.orders);
    const { csv, count } = await ordersCsv(ctx.db, site.id, collections.orders, parseOrderFilter(body));
    await audit(request, access, { action: 'orders_exported', count });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/_admin/v1/orders/overview', { schema: S.overview }, async (request) => {
    const { site } = await open(request, CONSOLE_ROLES.orders);
    return salesOverview(ctx.db, site.id, collections.orders, ctx.now());
  });

  app.get('/_admin/v1/orders/:id', { schema: S.get }, async (request) => {
    const { site } = await open(request, CONSOLE_ROLES.orders);
    const found = await findShopOrder(ctx.db, site.id, collections.orders, request.params.id);
    if (!found) throw appError('ORDER_NOT_FOUND');
    return answer(found.order, found.summary, await orderHistory(ctx.db, site.id, request.params.id));
  });

  app.post('/_admin/v1/orders/:id/status', { schema: S.status }, async (request) => {
    const { body, access, site } = await open(request, CONSOLE_ROLES.orderStatus);
    const change = parseStatusChange(body);
    const actor =
      access.owner?.email ?? (access.identity.identityType === 'APP' ? `key ${access.identity.appId}` : 'admin key');
    const { order, history } = await changeOrderStatus(ctx.db, {
      site,
      orderId: request.params.id,
      change,
      collections,
      actor,
      identity: access.identity,
      now: ctx.now(),
    });
    const last = history[history.length - 1]!;
    await audit(request, access, {
      action: 'order_status_changed',
      orderId: request.params.id,
      number: String(order.number ?? ''),
      from: last.fromStatus ?? '',
      to: last.toStatus,
    });
    ctx.log.info(
      { siteId: site.id, orderId: request.params.id, from: last.fromStatus, to: last.toStatus },
      'order status changed',
    );
    const found = await findShopOrder(ctx.db, site.id, collections.orders, request.params.id);
    return answer(order, found!.summary, history);
  });

  const audit = (request: FastifyRequest, access: AdminAccess, detail: Record<string, string | number>) =>
    recordOwnerAction(ctx, request, access, detail);
};
