/**
 * The module's orders over the admin API (docs/commerce.md → Orders): every console role reads them
 * (CONSOLE_ROLES.orders) with their tax, discount and the variant bought; owners and editors move them through the
 * state machine (CONSOLE_ROLES.orderStatus); a key of the site or the server's admin key may do both.
 *   GET  /_admin/v1/commerce/orders?siteId&status&search&from&to&limit&offset → {orders, total} (newest first)
 *   GET  /_admin/v1/commerce/orders/:id?siteId                                → {order, history}
 *   POST /_admin/v1/commerce/orders/:id/status {siteId, status, note?}        → {order, history}
 * The CSV export and the sales overview are beside them (report-routes.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { AnyObject, Body, Described, Nullable, Open, op } from '../../http/schemas/common.js';
import { CONSOLE_ROLES } from '../../owners/access.js';
import { adminAccess, recordOwnerAction, type AdminAccess } from '../../owners/admin-access.js';
import type { OwnerRole } from '../../owners/store.js';
import { listOrders, ORDERS_PAGE_MAX, parseOrderFilter } from './search.js';
import { isOrderStatus, ORDER_STATUSES } from './state.js';
import { changeOrderStatus, MAX_NOTE } from './status.js';
import { findOrder, orderHistory } from './store.js';
import { historyView, orderView } from './view.js';

const PATH = '/_admin/v1/commerce/orders';
const Status = Type.Unsafe<(typeof ORDER_STATUSES)[number]>({ enum: [...ORDER_STATUSES] });
const Order = Open({
  id: Type.String(),
  number: Type.String(),
  status: Status,
  paymentStatus: Type.String(),
  nextStatuses: Type.Array(Status),
  buyer: Open({
    memberId: Nullable(Type.String()),
    visitorId: Nullable(Type.String()),
    email: Nullable(Type.String()),
    guest: Type.Boolean(),
  }),
  currency: Type.String(),
  pricesIncludeTax: Type.Boolean(),
  lines: Type.Array(
    AnyObject(
      '{id, productId, variantId, name, choices, options: [{name, value, description}], sku, quantity, unitPrice, subtotal, discount, tax, taxRate, total} in minor units',
    ),
  ),
  subtotal: Type.Integer(),
  discountTotal: Type.Integer(),
  shippingTotal: Type.Integer(),
  taxTotal: Type.Integer(),
  total: Type.Integer(),
  amounts: Open({
    subtotal: Type.String(),
    discount: Type.String(),
    shipping: Type.String(),
    tax: Type.String(),
    total: Type.String(),
  }),
  couponCode: Nullable(Type.String()),
  shippingAddress: Nullable(
    AnyObject('{name, addressLine, addressLine2, city, subdivision, postalCode, country, phone}'),
  ),
  shippingMethod: Nullable(AnyObject('{methodId, name, country, amount}')),
  checkoutId: Nullable(Type.String()),
  expiresDate: Nullable(Type.String({ description: 'When it is cancelled if still unpaid' })),
  createdDate: Type.String(),
  updatedDate: Type.String(),
});
const History = Open({
  fromStatus: Nullable(Status),
  toStatus: Status,
  actor: Type.String({ description: "'shopper', 'owner:<id>', 'api-key:<name>', 'admin-key' or 'system' (expiry)" }),
  note: Nullable(Type.String()),
  date: Type.String(),
});
const Params = Type.Object({ id: Type.String({ maxLength: 200 }) });
const OrderAnswer = Open({ order: Order, history: Type.Array(History, { description: 'Oldest first' }) });

const S = {
  list: op('The commerce module’s orders, newest first', Open({ orders: Type.Array(Order), total: Type.Integer() }), {
    querystring: Type.Object(
      {
        siteId: Described('The site'),
        status: Described(`One of ${ORDER_STATUSES.join(', ')}`),
        search: Described('An order number (or its first digits) or a part of the buyer’s email'),
        from: Described('First day, YYYY-MM-DD (UTC)'),
        to: Described('Last day, YYYY-MM-DD (UTC)'),
        limit: Described(`1 to ${ORDERS_PAGE_MAX} (default 25)`),
        offset: Described('Orders to skip'),
      },
      { additionalProperties: true },
    ),
  }),
  get: op('One order with its history', OrderAnswer, {
    params: Params,
    querystring: Type.Object({ siteId: Described('The site') }, { additionalProperties: true }),
  }),
  status: op('Move an order through its state machine', OrderAnswer, {
    params: Params,
    body: Body({
      siteId: Described('The site'),
      status: Described(`The new status: ${ORDER_STATUSES.join(', ')}`),
      note: Described(
        `Optional, at most ${MAX_NOTE} characters; mailed to the shopper and kept in the history`,
        'multiline',
      ),
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

const actorOf = (access: AdminAccess) =>
  access.owner
    ? `owner:${access.owner.id}`
    : access.identity.identityType === 'APP'
      ? `api-key:${access.identity.appId}`
      : 'admin-key';

export const commerceOrderAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  async function open(request: FastifyRequest, roles: readonly OwnerRole[]) {
    const body = input(request);
    const access = await adminAccess(ctx, request, body.siteId, roles);
    return { body, access, site: ctx.sites.get(access.siteId)! };
  }

  app.get(PATH, { schema: S.list }, async (request) => {
    const { body, site } = await open(request, CONSOLE_ROLES.orders);
    const page = {
      limit: pageParam(body.limit, 'limit', 25, ORDERS_PAGE_MAX) || 25,
      offset: pageParam(body.offset, 'offset', 0, 1_000_000),
    };
    const { orders, total } = await listOrders(ctx.db, site.id, parseOrderFilter(body), page);
    return { orders: orders.map(orderView), total };
  });

  app.get(`${PATH}/:id`, { schema: S.get }, async (request) => {
    const { site } = await open(request, CONSOLE_ROLES.orders);
    const order = await findOrder(ctx.db, site.id, request.params.id);
    if (!order) throw appError('ORDER_NOT_FOUND');
    return { order: orderView(order), history: (await orderHistory(ctx.db, site.id, order.id)).map(historyView) };
  });

  app.post(`${PATH}/:id/status`, { schema: S.status }, async (request) => {
    const { body, access, site } = await open(request, CONSOLE_ROLES.orderStatus);
    if (!isOrderStatus(body.status)) throw invalidField('status', `must be one of ${ORDER_STATUSES.join(', ')}`);
    const note = body.note === undefined || body.note === null ? undefined : body.note;
    if (note !== undefined && (typeof note !== 'string' || note.length > MAX_NOTE))
      throw invalidField('note', `must be a text of at most ${MAX_NOTE} characters`);
    const order = await changeOrderStatus(ctx.db, {
      site,
      orderId: request.params.id,
      status: body.status,
      note: note?.trim() || undefined,
      actor: actorOf(access),
      identity: access.identity,
      now: ctx.now(),
    });
    await recordOwnerAction(ctx, request, access, {
      action: 'commerce_order_status',
      orderId: order.id,
      to: order.status,
    });
    return { order: orderView(order), history: (await orderHistory(ctx.db, site.id, order.id)).map(historyView) };
  });
};
