/**
 * The hosted checkout page of `ecomCheckout` redirect sessions (docs/payments.md → The hosted checkout):
 *   GET  /ecom-checkout/{id}  → the page: the checkout to fill in and pay, or where its order stands
 *   POST /ecom-checkout/{id}  {csrf, action: update | apply-code | remove-code | pay, email, name, street, postalCode,
 *                              city, country, method, code, payWith} → the page again, or 303 to the provider's step
 * Server-rendered like the hosted sign-in pages: no script, strict CSP with a nonce, the hosted forms' CSRF pair,
 * no-store; in the site's language. The page id is the redirect session's (a random uuid, live 24 hours) and acts
 * for that session's visitor or member only: their own checkout, through the module's own services; a member's
 * only while their account is active and the session of the token that made the page lives (410 otherwise).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { csrfFor, ensureCsrfCookie, isGenuinePost } from '../../http/cookies.js';
import { html, unsafeRawHtml, type Html } from '../../http/html.js';
import { pageForm, pageQuery } from '../../http/pages/input.js';
import { pageLanguage } from '../../http/pages/language.js';
import { formActionSources, newNonce, page, pageHeaders } from '../../http/pages/layout.js';
import { findMemberById } from '../../members/index.js';
import { clientIp } from '../../security/index.js';
import { readCheckout, updateCheckout, type CheckoutUpdate } from '../checkouts/service.js';
import type { Checkout } from '../checkouts/store.js';
import { formatMoney } from '../money.js';
import { placeOrder } from '../orders/place.js';
import type { Order } from '../orders/store.js';
import type { PaymentProviders } from '../payments/registry.js';
import { shopperPaymentView, startPayment } from '../payments/service.js';
import { quoteLines } from '../quote.js';
import { checkoutPageUrl, CHECKOUT_PAGE_PATH } from './session.js';
import { deliveryCountries, orderOf, pageShopperActive, restoreCheckout, sentenceOf } from './state.js';
import { findCheckoutPage, type CheckoutPage } from './store.js';
import { CHECKOUT_CSS, renderAwaiting, renderCheckout, type PayOption } from './view.js';

/** Posts per client address and minute: each may price the cart, place an order or open a provider session. */
const POSTS_PER_MINUTE = 30;
const STRIPE_ORIGIN = 'https://checkout.stripe.com';

const schema = (summary: string) => ({
  summary,
  params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
  produces: ['text/html'],
  response: {
    200: Type.String({ description: 'HTML' }),
    303: Type.Null({ description: "To the payment provider's page" }),
    400: Type.String({ description: 'HTML: the form again with a message' }),
    404: Type.String({ description: 'HTML: no such checkout page (unknown or expired)' }),
    410: Type.String({ description: "HTML: the member's session or account behind the page has ended: sign in again" }),
  },
});

const str = (form: Record<string, unknown>, key: string, max = 200): string =>
  typeof form[key] === 'string' ? (form[key] as string).trim().slice(0, max) : '';

const withParams = (url: string, params: Record<string, string>) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};

/** What the form asks to save (empty fields are left as they are). */
function updateOf(form: Record<string, unknown>, member: boolean, offers: string[]): CheckoutUpdate {
  const update: CheckoutUpdate = {};
  const email = str(form, 'email');
  if (!member && email) update.buyerEmail = email;
  const address = {
    name: str(form, 'name'),
    addressLine: str(form, 'street'),
    postalCode: str(form, 'postalCode', 20),
    city: str(form, 'city'),
    country: str(form, 'country', 2).toUpperCase(),
  };
  const kept = Object.fromEntries(Object.entries(address).filter(([, v]) => v));
  if (Object.keys(kept).length) update.shippingAddress = kept;
  const method = str(form, 'method', 64);
  if (method && offers.includes(method)) update.shippingMethod = method;
  return update;
}

export function registerHostedCheckout(app: FastifyInstance, ctx: AppContext, providers: PaymentProviders): void {
  interface Scope {
    request: FastifyRequest;
    reply: FastifyReply;
    row: CheckoutPage;
    site: SiteConfig;
    t: ReturnType<typeof pageLanguage>['t'];
    lang: string | undefined;
  }
  const access = (row: CheckoutPage) => ({ kind: 'owner' as const, owner: row.owner });

  function payOptions(s: Scope): PayOption[] {
    const offered = providers.offered(s.site);
    const options: PayOption[] = [];
    if (offered.providers.includes('stripe')) options.push({ value: 'stripe', label: s.t.t('checkout.provider.card') });
    if (offered.providers.includes('dev')) options.push({ value: 'dev', label: s.t.t('checkout.provider.dev') });
    for (const m of offered.offline) options.push({ value: `offline:${m.id}`, label: m.name });
    return options;
  }

  function send(s: Scope, title: string, content: Html, status = 200) {
    const nonce = newNonce();
    const stripe = providers.offered(s.site).providers.includes('stripe') ? STRIPE_ORIGIN : null;
    pageHeaders(s.reply.code(status), nonce, { formAction: formActionSources([stripe]) });
    const styled = html`<style nonce="${nonce}">${unsafeRawHtml(CHECKOUT_CSS)}</style>${content}`;
    return page(nonce, s.site, title, styled, '', s.t, s.row.postFlowUrl ?? undefined);
  }

  const selfUrl = (s: Scope, extra: Record<string, string> = {}) =>
    withParams(checkoutPageUrl(ctx, s.row.id), { ...(s.lang ? { lang: s.lang } : {}), ...extra });

  async function showForm(
    s: Scope,
    checkout: Checkout,
    message?: { kind: 'alert' | 'notice'; text: string },
    status = 200,
  ) {
    const quote = await quoteLines(ctx.db, s.site, {
      lines: checkout.lines,
      couponCode: checkout.couponCode,
      country: checkout.shippingAddress?.country,
      shippingMethod: checkout.shippingMethod,
      now: ctx.now(),
      language: s.t.language,
    });
    const member = s.row.owner.kind === 'member' ? await findMemberById(ctx.db, s.site.id, s.row.owner.id) : undefined;
    const csrf = csrfFor(ctx, ensureCsrfCookie(ctx, s.request, s.reply), s.row.id);
    const content = renderCheckout({
      action: selfUrl(s),
      csrf,
      checkout,
      quote,
      countries: deliveryCountries(s.site),
      memberEmail: member?.email ?? undefined,
      payOptions: payOptions(s),
      message,
      t: s.t,
    });
    return send(s, s.t.t('checkout.title'), content, status);
  }

  /** The order is placed: paid (thanks), or awaiting its payment (pay again, or an offline method's instructions). */
  async function showOrder(s: Scope, order: Order, note?: string) {
    const amount = formatMoney(order.total, order.currency, s.t.language);
    const back = s.row.postFlowUrl ?? s.row.thankYouUrl;
    const link = back ? html`<nav><a href="${back}">${s.t.t('checkout.continue')}</a></nav>` : '';
    if (order.status === 'PAID' || order.status === 'FULFILLED')
      return send(
        s,
        s.t.t('checkout.thanks'),
        html`<p class="notice" role="status">${s.t.t('checkout.paid', { number: order.number, amount })}</p>${link}`,
      );
    const view = await shopperPaymentView(ctx.db, s.site, s.row.owner, order.id);
    const step = view.instructions?.type === 'instructions' ? view.instructions : undefined;
    const content = renderAwaiting({
      t: s.t,
      number: order.number,
      amount,
      note,
      instructions: step && { name: step.name, text: step.instructions },
      action: selfUrl(s),
      csrf: csrfFor(ctx, ensureCsrfCookie(ctx, s.request, s.reply), s.row.id),
      payOptions: payOptions(s),
      link,
    });
    return send(s, s.t.t('checkout.title'), content);
  }

  /** Places the order if it is not yet, then starts its payment: the provider's page, or the instructions. */
  async function pay(s: Scope, checkout: Checkout) {
    const form = pageForm(s.request);
    const [provider, method] = str(form, 'payWith', 100).split(':');
    const orderId =
      checkout.orderId ??
      (
        await placeOrder(ctx, s.site, {
          checkoutId: checkout.id,
          access: access(s.row),
          clientIp: clientIp(s.request),
          language: s.row.owner.kind === 'member' ? undefined : s.t.language,
          shopperLanguage: s.t.language,
        })
      ).order.id;
    const returnUrl = s.row.thankYouUrl
      ? withParams(s.row.thankYouUrl, { orderId })
      : (s.row.postFlowUrl ?? selfUrl(s));
    const started = await startPayment(ctx, providers, s.site, {
      orderId,
      owner: s.row.owner,
      provider: (provider || '') as 'dev',
      method: method || undefined,
      returnUrl,
      cancelUrl: selfUrl(s, { payment: 'cancelled' }),
    });
    if (started.step.type === 'redirect') return s.reply.redirect(started.step.url, 303);
    return s.reply.redirect(selfUrl(s), 303);
  }

  async function scope(request: FastifyRequest, reply: FastifyReply): Promise<Scope | string> {
    const row = await findCheckoutPage(ctx.db, (request.params as { id?: unknown }).id, ctx.now());
    const site = row && ctx.sites.get(row.siteId);
    const { t, explicit } = pageLanguage(site, request);
    // A member's page ends with their session, or their account (pageShopperActive): 410, sign in again.
    const signedOut = !!row && !!site && !(await pageShopperActive(ctx, row));
    if (!row || !site || signedOut) {
      const nonce = newNonce();
      pageHeaders(reply.code(signedOut ? 410 : 404), nonce);
      const text = t.t(signedOut ? 'checkout.signedOut' : 'checkout.unavailable');
      return page(nonce, site?.name ?? 'Vitrine', t.t('checkout.title'), html`<p class="alert">${text}</p>`, '', t);
    }
    return { request, reply, row, site, t, lang: explicit };
  }

  /** The page's checkout as it stands (a declined order's cart restored first), or its order. */
  async function current(
    s: Scope,
  ): Promise<{ checkout: Checkout; order?: Order; restored?: 'declined' | 'cancelled' }> {
    const checkout = await readCheckout(ctx.db, s.site.id, s.row.checkoutId, access(s.row));
    const order = await orderOf(ctx, s.site.id, checkout);
    // A declined payment cancelled it, or an owner did, or it expired unpaid: the cart comes back either way.
    if (order?.status === 'CANCELED')
      return {
        checkout: await restoreCheckout(ctx, s.site, s.row, checkout),
        restored: order.paymentStatus === 'DECLINED' ? 'declined' : 'cancelled',
      };
    return { checkout, order };
  }

  app.get(
    `${CHECKOUT_PAGE_PATH}/:id`,
    { schema: schema('The hosted checkout page of an ecomCheckout redirect session') },
    async (request, reply) => {
      const s = await scope(request, reply);
      if (typeof s === 'string') return s;
      const { checkout, order, restored } = await current(s).catch(() => ({
        checkout: undefined,
        order: undefined,
        restored: undefined,
      }));
      if (!checkout)
        return send(s, s.t.t('checkout.title'), html`<p class="alert">${s.t.t('checkout.unavailable')}</p>`, 404);
      const cancelled = pageQuery(request).payment === 'cancelled';
      if (order) return showOrder(s, order, cancelled ? s.t.t('checkout.cancelled') : undefined);
      return showForm(
        s,
        checkout,
        restored
          ? { kind: 'alert', text: s.t.t(restored === 'declined' ? 'checkout.declined' : 'checkout.orderCancelled') }
          : undefined,
      );
    },
  );

  app.post(
    `${CHECKOUT_PAGE_PATH}/:id`,
    { schema: schema('Save, apply a code, or pay on the hosted checkout page') },
    async (request, reply) => {
      const s = await scope(request, reply);
      if (typeof s === 'string') return s;
      const form = pageForm(request);
      const state = await current(s).catch(() => undefined);
      if (!state)
        return send(s, s.t.t('checkout.title'), html`<p class="alert">${s.t.t('checkout.unavailable')}</p>`, 404);
      const csrf = typeof form.csrf === 'string' ? form.csrf.slice(0, 100) : '';
      const fail = (text: string) =>
        state.order ? showOrder(s, state.order, text) : showForm(s, state.checkout, { kind: 'alert', text }, 400);
      if (!isGenuinePost(ctx, request, csrf, s.row.id)) return fail(s.t.t('checkout.error.session'));
      const hit = await ctx.limiter.hit(`ip:hosted-checkout:${s.site.id}:${clientIp(request)}`, {
        limit: POSTS_PER_MINUTE,
        windowSeconds: 60,
      });
      if (!hit.allowed) return fail(s.t.t('checkout.error.tooMany'));
      const action = form.action;
      try {
        if (state.order) return action === 'pay' ? await pay(s, state.checkout) : showOrder(s, state.order);
        const quote = await quoteLines(ctx.db, s.site, {
          lines: state.checkout.lines,
          country: str(form, 'country', 2).toUpperCase() || state.checkout.shippingAddress?.country,
          now: ctx.now(),
          language: s.t.language,
        });
        const update = updateOf(
          form,
          s.row.owner.kind === 'member',
          quote.priced.deliveryOffers.map((o) => o.id),
        );
        if (action === 'apply-code') update.couponCode = str(form, 'code', 64) || undefined;
        if (action === 'remove-code') update.couponCode = null;
        const saved = await updateCheckout(ctx, s.site, state.checkout.id, access(s.row), update).catch(
          async (error: unknown) => {
            // The code was refused: keep the rest of what was typed, and say why.
            if (update.couponCode === undefined) throw error;
            const { couponCode: _refused, ...rest } = update;
            await updateCheckout(ctx, s.site, state.checkout.id, access(s.row), rest);
            throw error;
          },
        );
        if (action === 'pay') return await pay(s, saved);
        return showForm(s, saved);
      } catch (error) {
        const text = sentenceOf(s.t, error);
        const after = await current(s);
        if (after.order) return showOrder(s, after.order, text);
        return showForm(s, after.checkout, { kind: 'alert', text }, 400);
      }
    },
  );
}
