/**
 * What the hosted checkout page stands on: its row, the checkout, the order once placed, and the way back after a
 * declined payment (the order was cancelled: the cart is restored and the page moves to a new checkout from it,
 * with the buyer's email, address and delivery method kept). Errors of the module become sentences here.
 */
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { ApiError, ApplicationError, ValidationError } from '../../errors/wire.js';
import type { Translator } from '../../i18n/index.js';
import { findMemberById } from '../../members/index.js';
import { newLineId, openCart, saveLines, setCartCoupon } from '../carts/store.js';
import { createCheckoutFromCart, readCheckout, updateCheckout } from '../checkouts/service.js';
import type { Checkout } from '../checkouts/store.js';
import { findOrder } from '../orders/store.js';
import { moveCheckoutPage, type CheckoutPage } from './store.js';

/** The countries a delivery method serves; none when the shop asks for no delivery. */
export function deliveryCountries(site: Pick<SiteConfig, 'shipping'>): string[] {
  const all = new Set<string>();
  for (const method of site.shipping?.methods ?? [])
    for (const rate of method.rates) rate.countries.forEach((c) => all.add(c));
  return [...all].filter((c) => /^[A-Z]{2}$/.test(c));
}

/** After a declined payment: the cart back (unless the shopper filled a new one) and a new checkout from it. */
export async function restoreCheckout(
  ctx: AppContext,
  site: SiteConfig,
  page: CheckoutPage,
  old: Checkout,
): Promise<Checkout> {
  const access = { kind: 'owner' as const, owner: page.owner };
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const cart = await openCart(tx, site.id, page.owner, now);
    if (cart.lines.length > 0) return;
    await saveLines(tx, site.id, { id: cart.id, lines: old.lines.map((l) => ({ ...l, id: newLineId() })) }, now);
    if (old.couponCode) await setCartCoupon(tx, site.id, cart.id, old.couponCode, now);
  });
  const id = await createCheckoutFromCart(ctx, site, page.owner, old.channelType);
  await updateCheckout(ctx, site, id, access, {
    buyerEmail: old.buyerEmail ?? undefined,
    shippingAddress: old.shippingAddress ?? undefined,
    shippingMethod: old.shippingMethod ?? undefined,
  }).catch(() => undefined); // a method or email no longer accepted: the shopper chooses again
  await moveCheckoutPage(ctx.db, page.id, id);
  return readCheckout(ctx.db, site.id, id, access);
}

/**
 * Whether the page still acts for its shopper. A visitor's page does (a visitor token has no session). A member's
 * does only while the member is ACTIVE and, for a page their own token made, that token's session lives: a sign-out,
 * a password change, a block, the session's lifetime or idle limit end the page as they end the token (it had gone
 * on showing the member's email and placing and paying orders as a blocked member). A page a site API key made for a
 * member's checkout has no session to follow: the member's status alone decides.
 */
export async function pageShopperActive(ctx: AppContext, page: CheckoutPage): Promise<boolean> {
  if (page.owner.kind !== 'member') return true;
  const member = await findMemberById(ctx.db, page.siteId, page.owner.id);
  if (member?.status !== 'ACTIVE') return false;
  return page.memberSessionId === null || ctx.tokens.isSessionActive(page.siteId, page.memberSessionId);
}

export async function orderOf(ctx: AppContext, siteId: string, checkout: Checkout) {
  return checkout.orderId ? findOrder(ctx.db, siteId, checkout.orderId) : undefined;
}

/** Labels of the fields a validation error names. */
const FIELD_LABELS: [RegExp, Parameters<Translator['t']>[0]][] = [
  [/email/i, 'checkout.email'],
  [/name|firstName|lastName/i, 'checkout.fullName'],
  [/addressLine|streetAddress/i, 'checkout.street'],
  [/postalCode/i, 'checkout.postalCode'],
  [/city/i, 'checkout.city'],
  [/country/i, 'checkout.country'],
  [/shippingMethod|carrier|delivery/i, 'checkout.delivery'],
];

const COUPON_SENTENCES: Record<string, Parameters<Translator['t']>[0]> = {
  ERROR_COUPON_DOES_NOT_EXIST: 'checkout.coupon.notFound',
  ERROR_COUPON_IS_NOT_ACTIVE_YET: 'checkout.coupon.notActive',
  ERROR_COUPON_HAS_EXPIRED: 'checkout.coupon.expired',
  ERROR_COUPON_USAGE_EXCEEDED: 'checkout.coupon.usedUp',
  COUPON_MINIMUM_NOT_REACHED: 'checkout.coupon.minimum',
};

/** The module's error as a sentence for the shopper; anything that is not a client mistake is thrown on. */
export function sentenceOf(t: Translator, error: unknown): string {
  if (error instanceof ValidationError) {
    const labels = error.violations.map((v) => {
      const known = FIELD_LABELS.find(([pattern]) => pattern.test(v.field));
      return known ? t.t(known[1]) : v.description;
    });
    return t.t('checkout.error.fields', { fields: [...new Set(labels)].join(', ') });
  }
  if (error instanceof ApplicationError) {
    const coupon = COUPON_SENTENCES[error.code];
    if (coupon) return t.t(coupon);
    if (error.status === 429) return t.t('checkout.error.tooMany');
    return t.t('checkout.error.generic', { reason: error.message });
  }
  if (error instanceof ApiError && error.status < 500) return t.t('checkout.error.generic', { reason: error.message });
  throw error;
}
