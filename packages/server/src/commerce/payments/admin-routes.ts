/**
 * An order's payments and refunds over the admin API (docs/payments.md → Who may do what): every console role
 * reads them (CONSOLE_ROLES.orders); only owners refund (CONSOLE_ROLES.refunds: money leaves the shop); a key of
 * the site or the server's admin key may do both.
 *   GET  /_admin/v1/commerce/orders/:id/payments?siteId                    → {payments, refunds, paymentStatus}
 *   POST /_admin/v1/commerce/orders/:id/refunds {siteId, amount?, reason?, idempotencyKey?} → {refund, payments, …}
 * `amount` is in minor units of the order's currency; without it, all that is left is refunded.
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
import { findOrder } from '../orders/store.js';
import { MAX_REASON, orderRefunds, refundOrder, refundView } from './refunds.js';
import type { PaymentProviders } from './registry.js';
import { orderPayments, paymentView } from './store.js';

const PATH = '/_admin/v1/commerce/orders/:id';
const Params = Type.Object({ id: Type.String({ maxLength: 200 }) });
const Payment = Open({
  id: Type.String(),
  provider: Type.String(),
  method: Nullable(Type.String()),
  status: Type.String({ description: 'pending, processing, succeeded or failed' }),
  amount: Type.Integer({ description: 'Minor units' }),
  currency: Type.String(),
  refundedAmount: Type.Integer(),
  providerReference: Nullable(Type.String()),
  chargeReference: Nullable(Type.String()),
  failure: Nullable(AnyObject('{code, message}')),
  createdDate: Type.String(),
  completedDate: Nullable(Type.String()),
});
const Refund = Open({
  id: Type.String(),
  paymentId: Type.String(),
  amount: Type.Integer({ description: 'Minor units' }),
  currency: Type.String(),
  status: Type.String({ description: 'pending, succeeded or failed' }),
  reason: Nullable(Type.String()),
  actor: Type.String(),
  createdDate: Type.String(),
});
const Answer = Open({
  paymentStatus: Type.String({
    description: 'NOT_PAID, PENDING, PAID, PARTIALLY_REFUNDED, FULLY_REFUNDED or DECLINED',
  }),
  payments: Type.Array(Payment),
  refunds: Type.Array(Refund),
});

const S = {
  list: op('An order’s payments and refunds', Answer, {
    params: Params,
    querystring: Type.Object({ siteId: Described('The site') }, { additionalProperties: true }),
  }),
  refund: op(
    'Refund all or part of what an order was paid, through its provider',
    Open({ refund: Refund, ...Answer.properties }),
    {
      params: Params,
      body: Body({
        siteId: Described('The site'),
        amount: Described('Minor units of the order’s currency; absent = all that is left to refund'),
        reason: Described(`Optional, at most ${MAX_REASON} characters; kept in the order’s history`, 'multiline'),
        idempotencyKey: Described(
          'Optional: the same key asked again answers the first refund (at most 100 characters)',
        ),
      }),
    },
  ),
};

type Input = Record<string, unknown>;
const input = (request: FastifyRequest): Input => ({
  ...((request.query ?? {}) as Input),
  ...((request.body && typeof request.body === 'object' ? request.body : {}) as Input),
});

const actorOf = (access: AdminAccess) =>
  access.owner
    ? `owner:${access.owner.id}`
    : access.identity.identityType === 'APP'
      ? `api-key:${access.identity.appId}`
      : 'admin-key';

export const paymentAdminRoutes: FastifyPluginAsync<{ ctx: AppContext; providers: PaymentProviders }> = async (
  fastify,
  { ctx, providers },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  async function open(request: FastifyRequest, roles: readonly OwnerRole[]) {
    const body = input(request);
    const access = await adminAccess(ctx, request, body.siteId, roles);
    return { body, access, site: ctx.sites.get(access.siteId)! };
  }
  async function answer(siteId: string, orderId: string) {
    const order = await findOrder(ctx.db, siteId, orderId);
    if (!order) throw appError('ORDER_NOT_FOUND');
    return {
      paymentStatus: order.paymentStatus,
      payments: (await orderPayments(ctx.db, siteId, orderId)).map(paymentView),
      refunds: (await orderRefunds(ctx.db, siteId, orderId)).map(refundView),
    };
  }

  app.get(`${PATH}/payments`, { schema: S.list }, async (request) => {
    const { site } = await open(request, CONSOLE_ROLES.orders);
    return answer(site.id, request.params.id);
  });

  app.post(`${PATH}/refunds`, { schema: S.refund }, async (request) => {
    const { body, access, site } = await open(request, CONSOLE_ROLES.refunds);
    let amount: number | undefined;
    if (body.amount !== undefined && body.amount !== null) {
      amount = Number(body.amount);
      if (
        !Number.isSafeInteger(amount) ||
        amount <= 0 ||
        (typeof body.amount !== 'number' && typeof body.amount !== 'string')
      )
        throw invalidField('amount', 'must be a whole number of minor units above 0');
    }
    const reason = body.reason === undefined || body.reason === null ? undefined : body.reason;
    if (reason !== undefined && (typeof reason !== 'string' || reason.length > MAX_REASON))
      throw invalidField('reason', `must be a text of at most ${MAX_REASON} characters`);
    const key = body.idempotencyKey;
    if (key !== undefined && (typeof key !== 'string' || !key || key.length > 100))
      throw invalidField('idempotencyKey', 'must be a text of 1 to 100 characters');
    const order = await findOrder(ctx.db, site.id, request.params.id);
    if (!order) throw appError('ORDER_NOT_FOUND');
    const refund = await refundOrder(ctx, providers, site, {
      orderId: request.params.id,
      amount,
      reason: reason?.trim() || undefined,
      idempotencyKey: key as string | undefined,
      actor: actorOf(access),
      identity: access.identity,
    });
    await recordOwnerAction(ctx, request, access, {
      action: 'commerce_order_refund',
      orderId: request.params.id,
      // The number owners know the order by, and the currency the amount (minor units) is in, for the audit log.
      orderNumber: order.number,
      amount: refund.amount,
      currency: refund.currency,
    });
    return { refund: refundView(refund), ...(await answer(site.id, request.params.id)) };
  });
};
