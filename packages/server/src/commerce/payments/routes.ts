/**
 * The payments' routes as one plugin for `src/app.ts` (docs/payments.md):
 *   GET  /_api/vitrine/v1/payments/methods          (visitor/member)  → what the shop offers
 *   GET  /_api/vitrine/v1/payments/orders/{orderId} (the order's own visitor/member) → {paymentStatus, payments,
 *                                                    instructions} (a confirmation page's read)
 *   POST /_api/vitrine/v1/payments/start            (the order's own visitor/member)
 *        {orderId, provider, method?, returnUrl, cancelUrl} → {payment, step}
 *   POST /_api/vitrine/v1/payments/stripe/webhook   (Stripe, signed; only when Stripe is configured)
 *   GET|POST /_dev/pay/{reference}                  (the dev provider's page; never in production)
 * and the admin API's payments and refunds (admin-routes.ts). Return URLs must be under an allowed origin (or be a
 * redirect URI) of the client whose token calls: never an open redirect.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { httpErrors, invalidField } from '../../errors/wire.js';
import { named } from '../../http/named-plugin.js';
import { NO_STORE } from '../../http/no-store.js';
import { resolveCaller } from '../../http/resolve-caller.js';
import { AnyObject, Body, Described, Open, op } from '../../http/schemas/common.js';
import { clientIp } from '../../security/index.js';
import type { CartOwner } from '../carts/store.js';
import { paymentAdminRoutes } from './admin-routes.js';
import { registerHostedCheckout } from '../hosted-checkout/routes.js';
import { registerDevPaymentPage } from './dev-page.js';
import { devPaymentsOn } from './providers/dev.js';
import { paymentProviders, type PaymentProviders } from './registry.js';
import { applyPaymentEvent, shopperPaymentView, startPayment } from './service.js';
import { startPaymentSweep } from './sweep.js';

const PREFIX = '/_api/vitrine/v1/payments';
/** Payment starts per client address and minute: each one may open a session at the provider. */
const STARTS_PER_MINUTE = 20;
/** Stripe's events are a few kilobytes; anything larger is not Stripe's. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const Step = AnyObject("{type: 'redirect', url} or {type: 'instructions', name, instructions}");
const S = {
  methods: op(
    'The ways to pay the shop offers',
    Open({
      providers: Type.Array(Type.String(), { description: "'stripe', 'dev' (not in production), 'offline'" }),
      offline: Type.Array(Open({ id: Type.String(), name: Type.String(), instructions: Type.String() })),
    }),
  ),
  start: op('Start paying an order: answers where the shopper goes next', Open({ payment: AnyObject(), step: Step }), {
    body: Body({
      orderId: Described('The order, placed by the caller (POST /ecom/v1/checkouts/{id}/create-order)'),
      provider: Described("'stripe', 'dev' or 'offline'"),
      method: Described("The offline method's id (provider 'offline')"),
      returnUrl: Described("Where the shopper lands once paid: under one of the client's allowed origins"),
      cancelUrl: Described('Where the shopper lands when the payment is cancelled or declined'),
    }),
  }),
  order: op(
    'The payment of one of the caller’s orders: its payment status, its payments, and an offline method’s instructions',
    Open({
      orderId: Type.String(),
      paymentStatus: Type.String({
        description: 'NOT_PAID, PENDING, PAID, PARTIALLY_REFUNDED, FULLY_REFUNDED or DECLINED',
      }),
      payments: Type.Array(AnyObject('{id, provider, method, status, amount, currency, refundedAmount}')),
      instructions: Type.Union([Step, Type.Null()], { description: 'The open offline payment’s instructions, if any' }),
    }),
    { params: Type.Object({ orderId: Type.String({ maxLength: 200 }) }) },
  ),
  webhook: op('Stripe’s webhook events (signed with STRIPE_WEBHOOK_SECRET)', Open({ received: Type.Boolean() })),
};

async function shopper(ctx: AppContext, request: FastifyRequest) {
  const caller = await resolveCaller(request, ctx);
  if (caller.kind !== 'visitor' && caller.kind !== 'member')
    throw appError('UNAUTHORIZED', { description: 'Send the visitor or member access token that placed the order' });
  const site = ctx.sites.get(caller.siteId);
  const client = ctx.sites.findClient(caller.clientId)?.client;
  if (!site || !client) throw appError('UNKNOWN_SITE');
  const owner: CartOwner =
    caller.kind === 'member' ? { kind: 'member', id: caller.memberId } : { kind: 'visitor', id: caller.visitorId };
  return { site, client, owner };
}

const text = (value: unknown, field: string, max = 200): string => {
  if (typeof value !== 'string' || !value || value.length > max) throw invalidField(field, 'is required');
  return value;
};

export const paymentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const providers = paymentProviders(ctx);

  app.get(`${PREFIX}/methods`, { schema: S.methods }, async (request) => {
    const { site } = await shopper(ctx, request);
    return providers.offered(site);
  });

  // What a confirmation page shows: paid or not, how much, and how to pay offline. Another caller's order is 404.
  app.get(`${PREFIX}/orders/:orderId`, { schema: S.order, config: NO_STORE }, async (request) => {
    const { site, owner } = await shopper(ctx, request);
    return shopperPaymentView(ctx.db, site, owner, request.params.orderId);
  });

  app.post(`${PREFIX}/start`, { schema: S.start }, async (request) => {
    const { site, client, owner } = await shopper(ctx, request);
    const hit = await ctx.limiter.hit(`ip:payments-start:${site.id}:${clientIp(request)}`, {
      limit: STARTS_PER_MINUTE,
      windowSeconds: 60,
    });
    if (!hit.allowed) throw httpErrors.tooManyRequests(hit.retryAfterSeconds);
    const body = request.body as Record<string, unknown>;
    const urls = { returnUrl: '', cancelUrl: '' };
    for (const key of ['returnUrl', 'cancelUrl'] as const) {
      const url = ctx.sites.normalizeRedirect(client, body[key]);
      if (!url)
        throw invalidField(
          key,
          "is not under one of the client's allowed origins or a registered redirect URI",
          'REDIRECT_NOT_ALLOWED',
        );
      urls[key] = url;
    }
    const method = body.method === undefined || body.method === null ? undefined : text(body.method, 'method', 64);
    return startPayment(ctx, providers, site, {
      orderId: text(body.orderId, 'orderId'),
      owner,
      provider: text(body.provider, 'provider', 40) as never,
      method,
      ...urls,
    });
  });

  const stopSweep = startPaymentSweep(ctx, providers);
  fastify.addHook('onClose', async () => stopSweep());

  if (ctx.config.payments?.stripe) await app.register(named(stripeWebhook), { ctx, providers });
  if (devPaymentsOn(ctx.config)) registerDevPaymentPage(fastify, ctx);
  registerHostedCheckout(fastify, ctx, providers);
  await app.register(named(paymentAdminRoutes), { ctx, providers });
};

/**
 * Stripe's endpoint in a plugin of its own: JSON bodies are kept as the bytes received (the signature covers
 * them) only here, under their own size limit.
 */
async function stripeWebhook(
  fastify: FastifyInstance,
  { ctx, providers }: { ctx: AppContext; providers: PaymentProviders },
) {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const stripe = providers.get('stripe')!;
  fastify
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(`${PREFIX}/stripe/webhook`, { schema: S.webhook }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw appError('PAYMENT_EVENT_REFUSED', { description: 'Send JSON' });
      const event = stripe.parseWebhook!({ rawBody: request.body, headers: request.headers });
      if (event) await applyPaymentEvent(ctx, event);
      return { received: true };
    });
}
