/**
 * Placing a checkout as an order, in ONE transaction (docs/commerce.md → Placing an order): lock the checkout;
 * count the buyer's open unpaid orders (open-orders.ts); price the lines from the catalog as it is now, with the
 * code and the delivery, strictly (a code that no longer applies, a delivery that cannot be priced refuse);
 * take the stock with a conditional update per variant (inventory/reservations.ts); count the code's use
 * conditionally; take the order number; write the order with its priced lines, its first history row and its
 * reservations; mark the checkout placed and delete the cart; emit `order.created` and enqueue the confirmation
 * mail. Any refusal rolls all of it back: no order without its stock, no stock or code use without an order, no
 * mail or event for an order that was not placed. Until payments (issue #51) the order awaits payment.
 */
import { randomUUID } from 'node:crypto';
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import { httpErrors, invalidField } from '../../errors/wire.js';
import { mailLanguage, siteLanguages } from '../../i18n/index.js';
import { enqueueMail } from '../../mail/outbox.js';
import { findMemberById } from '../../members/index.js';
import { emitEvent } from '../../webhooks/emit.js';
import type { WebhookIdentity } from '../../webhooks/events.js';
import { deleteCart, findCartById } from '../carts/store.js';
import { checkSellable, readCheckout, type CheckoutAccess } from '../checkouts/service.js';
import { markPlaced } from '../checkouts/store.js';
import { useDiscount } from '../discounts/store.js';
import { recordReservations, takeStock } from '../inventory/reservations.js';
import { shopLimits } from '../limits.js';
import type { Product } from '../catalog/types.js';
import { lineChoices } from '../line-choices.js';
import type { ChosenShipping } from '../pricing/shipping.js';
import { quoteLines, type Quote } from '../quote.js';
import { commerceSettings } from '../settings.js';
import { devPaymentsOn } from '../payments/providers/dev.js';
import { orderConfirmationMail } from './confirmation-mail.js';
import { checkOpenOrders } from './open-orders.js';
import { GUEST_ORDER_LINK_TTL_SECONDS, orderLinkSecret, signOrderLink } from './order-link.js';
import { addHistory, findOrder, insertOrder, nextOrderNumber, type Order, type OrderLine } from './store.js';
import { orderView } from './view.js';

const HOUR_MS = 3_600_000;

export interface PlaceInput {
  checkoutId: string;
  access: CheckoutAccess;
  clientIp: string | null;
  /** The confirmation mail's language when the request names one. */
  language?: string | undefined;
  /**
   * The language the shopper read the shop in: the order keeps its lines' product names and its delivery's name as
   * they were shown in it (the catalog's and the config's translations), for its pages and mails.
   */
  shopperLanguage?: string | undefined;
}

/** The product's name in `language` when the catalog translates it ("fr" also reads "fr-CA"'s base). */
const nameIn = (product: Product, language: string | undefined): string =>
  (language && (product.translations[language]?.name || product.translations[language.split('-')[0]!]?.name)) ||
  product.name;

/** The priced lines as the order keeps them, named as the shopper read them (`originalName` when that differs). */
function orderLines(quote: Quote, language: string | undefined): OrderLine[] {
  return quote.lines.map(({ line, product, variant, priced }) => ({
    id: line.id,
    productId: line.productId,
    variantId: line.variantId,
    name: nameIn(product!, language),
    ...(nameIn(product!, language) !== product!.name ? { originalName: product!.name } : {}),
    slug: product!.slug,
    choices: variant!.choices,
    options: lineChoices(product!, variant!),
    sku: variant!.sku,
    weight: variant!.weight,
    media: variant!.media[0] ?? product!.media[0] ?? null,
    physical: product!.productType === 'physical',
    quantity: line.quantity,
    unitPrice: priced!.unitPrice,
    subtotal: priced!.subtotal,
    discount: priced!.discount,
    tax: priced!.tax,
    taxRate: priced!.taxRate,
    total: priced!.total,
  }));
}

/** The delivery as chosen, with the config's own name as `originalName` when the shopper read a translation. */
function withOriginalName(delivery: ChosenShipping, site: SiteConfig): ChosenShipping {
  const written = site.shipping?.methods.find((m) => m.id === delivery.methodId)?.name;
  return written && written !== delivery.name ? { ...delivery, originalName: written } : delivery;
}

const base = (ctx: AppContext) => ctx.config.publicUrl.replace(/\/$/, '');

export async function placeOrder(
  ctx: AppContext,
  site: SiteConfig,
  input: PlaceInput,
): Promise<{ order: Order; guestToken?: string }> {
  const limits = shopLimits(site);
  const first = await readCheckout(ctx.db, site.id, input.checkoutId, input.access);
  if (first.orderId) throw appError('CHECKOUT_IS_COMPLETE', { data: { orderId: first.orderId } });
  const owner = first.owner;
  const member = owner.kind === 'member' ? await findMemberById(ctx.db, site.id, owner.id) : undefined;
  // A member's order only while they may act, whoever places it (their token, a hosted checkout page, a site key):
  // never for a deleted, blocked or unapproved account.
  if (owner.kind === 'member' && member?.status !== 'ACTIVE')
    throw appError(
      !member ? 'MEMBER_DELETED' : member.status === 'BLOCKED' ? 'MEMBER_BLOCKED' : 'MEMBER_PENDING_APPROVAL',
    );
  const email = member?.email ?? first.buyerEmail;
  if (!email) throw invalidField('checkout.buyerInfo.email', 'is required to check out without an account', 'REQUIRED');
  // Orders per hour: a member's; guests' per client address, since each guest order mails the address it names.
  const hit =
    owner.kind === 'member'
      ? await ctx.limiter.hit(`commerce:member-orders:${site.id}:${owner.id}`, {
          limit: limits.memberOrdersPerHour,
          windowSeconds: 3600,
        })
      : await ctx.limiter.hit(`ip:commerce-guest-orders:${site.id}:${input.clientIp ?? 'unknown'}`, {
          limit: limits.guestOrdersPerHour,
          windowSeconds: 3600,
        });
  if (!hit.allowed) throw httpErrors.tooManyRequests(hit.retryAfterSeconds);
  const language = mailLanguage(site, { explicit: input.language, member });
  const settings = commerceSettings(site);
  let guestToken: string | undefined;

  const orderId = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const checkout = await readCheckout(tx, site.id, input.checkoutId, input.access, true);
    if (checkout.orderId) throw appError('CHECKOUT_IS_COMPLETE', { data: { orderId: checkout.orderId } });
    await checkOpenOrders(tx, {
      siteId: site.id,
      owner,
      email: owner.kind === 'visitor' ? email.toLowerCase() : null,
      clientIp: input.clientIp,
      max: limits.maxOpenUnpaidOrders,
      since: new Date(now - limits.unpaidOrderHours * HOUR_MS),
    });
    if (checkout.lines.length === 0) throw appError('CART_EMPTY');
    const quote = await quoteLines(tx, site, {
      lines: checkout.lines,
      couponCode: checkout.couponCode,
      country: checkout.shippingAddress?.country,
      shippingMethod: checkout.shippingMethod,
      now,
      strict: true,
      language: input.shopperLanguage,
    });
    checkSellable(quote, site);
    const lines = orderLines(quote, input.shopperLanguage);
    const taken = await takeStock(
      tx,
      site.id,
      lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity, name: l.name })),
    );
    const { priced } = quote;
    if (priced.coupon) await useDiscount(tx, site.id, priced.coupon.id, now);
    const id = randomUUID();
    const order: Order = {
      id,
      number: '',
      status: 'AWAITING_PAYMENT',
      paymentStatus: 'NOT_PAID',
      memberId: owner.kind === 'member' ? owner.id : null,
      visitorId: owner.kind === 'visitor' ? owner.id : null,
      buyerEmail: email,
      currency: settings.currency,
      pricesIncludeTax: settings.pricesIncludeTax,
      lines,
      subtotal: priced.subtotal,
      shippingTotal: priced.shipping,
      discountTotal: priced.discount,
      taxTotal: priced.tax,
      total: priced.total,
      couponCode: priced.coupon?.code ?? null,
      shippingAddress: checkout.shippingAddress,
      shippingMethod: priced.delivery && withOriginalName(priced.delivery, site),
      checkoutId: checkout.id,
      expiresAt: new Date(now + limits.unpaidOrderHours * HOUR_MS),
      createdAt: new Date(now),
      updatedAt: new Date(now),
      language, // the confirmation's: every later mail of the order follows it (order-mail-language.ts)
    };
    const number = await nextOrderNumber(tx, site.id);
    await insertOrder(tx, site.id, { ...order, number, clientIp: input.clientIp });
    await addHistory(
      tx,
      site.id,
      id,
      { fromStatus: null, toStatus: 'AWAITING_PAYMENT', actor: 'shopper', note: null },
      now,
    );
    await recordReservations(tx, site.id, id, taken);
    await markPlaced(tx, site.id, checkout.id, id, now);
    const cart = checkout.cartId ? await findCartById(tx, site.id, checkout.cartId) : undefined;
    if (cart && cart.owner.kind === owner.kind && cart.owner.id === owner.id) await deleteCart(tx, site.id, cart);

    const placed = (await findOrder(tx, site.id, id))!;
    const identity: WebhookIdentity =
      owner.kind === 'member'
        ? { identityType: 'MEMBER', memberId: owner.id }
        : { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: owner.id };
    await emitEvent(tx, { siteId: site.id, type: 'order.created', identity, data: { order: orderView(placed) }, now });
    if (owner.kind === 'visitor') guestToken = signOrderLink(orderLinkSecret(ctx.tokens.keys), site.id, id, now);
    // The storefront's page in the mail's language: `/fr/order…` for a French mail, no prefix for the site's default.
    const prefix = language === siteLanguages(site)[0] ? '' : `/${language}`;
    const url = guestToken
      ? `${base(ctx)}${prefix}/order?token=${encodeURIComponent(guestToken)}`
      : `${base(ctx)}${prefix}/account/orders/${encodeURIComponent(id)}`;
    const tax = priced.taxName ? { name: priced.taxName, rate: priced.taxRate } : null;
    const ways = {
      online: !!ctx.config.payments?.stripe || devPaymentsOn(ctx.config),
      offline: site.shop?.offlinePayments ?? [],
    };
    const mail = orderConfirmationMail(
      language,
      site,
      placed,
      tax,
      { url, ...(guestToken ? { guestDays: GUEST_ORDER_LINK_TTL_SECONDS / 86_400 } : {}) },
      ways,
    );
    await enqueueMail(tx, { siteId: site.id, kind: 'order-confirmation', to: email, ...mail }, now);
    return id;
  });
  const order = (await findOrder(ctx.db, site.id, orderId))!;
  ctx.log.info({ siteId: site.id, orderId, number: order.number, guest: !!guestToken }, 'order placed');
  return { order, ...(guestToken ? { guestToken } : {}) };
}
