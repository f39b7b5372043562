/**
 * The dev provider's page (providers/dev.ts), mounted only where dev payments are on (never in production):
 *   GET  /_dev/pay/{reference}  → the shop, the order number, the amount and currency; buttons Pay, Decline and
 *                                 "Pay with authentication" (a 3-D Secure-like step: Authenticate or Fail)
 *   POST /_dev/pay/{reference}  {action} → the event applied by the service, then 303 to the shopper's return URL
 *                                 (paid) or cancel URL (declined); a failed authentication shows the page again.
 * Server-rendered, no script: works without JavaScript, under the hosted pages' strict CSP.
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { html } from '../../http/html.js';
import { pageForm } from '../../http/pages/input.js';
import { formActionSources, newNonce, page, pageHeaders } from '../../http/pages/layout.js';
import { formatMoney } from '../money.js';
import { findOrder } from '../orders/store.js';
import { DEV_PAY_PATH } from './providers/dev.js';
import { applyPaymentEvent } from './service.js';
import { findPaymentForEvent, type Payment } from './store.js';

const Params = Type.Object({ reference: Type.String({ maxLength: 100 }) });
const devPage = (summary: string) => ({
  summary,
  params: Params,
  produces: ['text/html'],
  response: {
    200: Type.String({ description: 'HTML' }),
    400: Type.String({ description: 'HTML: no such action' }),
    404: Type.String({ description: 'HTML: no such payment' }),
  },
});

type Action = 'pay' | 'decline' | 'authenticate' | 'auth-ok' | 'auth-fail';
const ACTIONS: readonly Action[] = ['pay', 'decline', 'authenticate', 'auth-ok', 'auth-fail'];

export function registerDevPaymentPage(app: FastifyInstance, ctx: AppContext): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  async function show(reply: FastifyReply, payment: Payment | undefined, view: 'pay' | 'authenticate', note = '') {
    const nonce = newNonce();
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (!payment) {
      pageHeaders(reply.code(404), nonce);
      return page(nonce, 'Vitrine', 'Dev payment', html`<p class="alert">No such payment.</p>`);
    }
    const site = ctx.sites.get(payment.siteId);
    const order = await findOrder(ctx.db, payment.siteId, payment.orderId);
    pageHeaders(reply, nonce, { formAction: formActionSources([payment.returnUrl, payment.cancelUrl]) });
    const amount = formatMoney(payment.amount, payment.currency);
    const action = `${DEV_PAY_PATH}/${payment.providerReference}`;
    const facts = html`<p>Order <b>${order?.number ?? ''}</b></p>
<p>Amount <b>${amount}</b> <span>(${payment.currency})</span></p>
<p class="hint">Dev provider: no money moves. This page exists only outside production.</p>`;
    if (payment.status !== 'pending') {
      const back = payment.status === 'succeeded' ? payment.returnUrl : payment.cancelUrl;
      return page(
        nonce,
        site?.name ?? 'Vitrine',
        'Dev payment',
        html`${facts}<p class="notice">This payment is ${payment.status}.</p>${back && html`<nav><a href="${back}">Back to the shop</a></nav>`}`,
      );
    }
    const form =
      view === 'authenticate'
        ? html`<form method="post" action="${action}"><p>Your bank asks you to confirm this payment.</p>
<button type="submit" name="action" value="auth-ok">Authenticate</button>
<button type="submit" name="action" value="auth-fail" class="danger">Fail authentication</button></form>`
        : html`<form method="post" action="${action}">
<button type="submit" name="action" value="pay">Pay ${amount}</button>
<button type="submit" name="action" value="decline" class="danger">Decline</button>
<button type="submit" name="action" value="authenticate">Pay with authentication (3-D Secure)</button></form>`;
    return page(
      nonce,
      site?.name ?? 'Vitrine',
      view === 'authenticate' ? 'Authenticate the payment' : 'Dev payment',
      html`${note && html`<p class="alert" role="alert">${note}</p>`}${facts}${form}`,
    );
  }

  const find = (reference: string) => findPaymentForEvent(ctx.db, 'dev', { providerReference: reference });

  typed.get(
    `${DEV_PAY_PATH}/:reference`,
    { schema: devPage('The dev provider’s payment page (not in production)') },
    async (request, reply) => show(reply, await find(request.params.reference), 'pay'),
  );

  typed.post(
    `${DEV_PAY_PATH}/:reference`,
    { schema: devPage('Pay, decline or authenticate a dev payment (not in production)') },
    async (request, reply) => {
      const payment = await find(request.params.reference);
      const action = pageForm(request).action as Action;
      if (!payment || !ACTIONS.includes(action)) return show(reply.code(payment ? 400 : 404), payment, 'pay');
      // The authentication step itself changes nothing; a payment no longer open shows where it stands.
      if (action === 'authenticate') return show(reply, payment, 'authenticate');
      const reference = payment.providerReference!;
      const money = { amount: payment.amount, currency: payment.currency };
      const event =
        action === 'pay' || action === 'auth-ok'
          ? {
              kind: 'succeeded' as const,
              eventId: `dev_${reference}_paid`,
              chargeReference: `devch_${reference}`,
              ...money,
            }
          : action === 'decline'
            ? {
                kind: 'failed' as const,
                eventId: `dev_${reference}_declined`,
                failure: { code: 'card_declined', message: 'The card was declined (dev provider)' },
              }
            : {
                kind: 'attempt_failed' as const,
                eventId: `dev_${reference}_auth_${randomUUID()}`,
                failure: { code: 'authentication_failed', message: 'The authentication failed (dev provider)' },
              };
      await applyPaymentEvent(ctx, { provider: 'dev', providerReference: reference, ...event });
      const now = (await find(reference))!;
      if (now.status === 'pending')
        return show(reply, now, 'pay', 'The authentication failed. Try again or use another card.');
      const target = now.status === 'succeeded' ? now.returnUrl : now.cancelUrl;
      return reply.redirect(target!, 303);
    },
  );
}
