/**
 * The checkout flow behind POST /checkout: read the shopper's body, place the order (checkout.ts) and, in
 * the same transaction, enqueue the confirmation mail in the shopper's language with the order's link.
 */
import type { AppContext } from '../context.js';
import type { SiteConfig } from '../config/types.js';
import type { JsonObject } from '../data/index.js';
import { invalidField } from '../errors/wire.js';
import { mailLanguage } from '../i18n/index.js';
import { isEmail } from '../identity/index.js';
import { enqueueMail } from '../mail/index.js';
import { findMemberById } from '../members/index.js';
import { requireConfirmedEmail } from '../security/index.js';
import { parseShippingAddress } from './address.js';
import { checkout, type Buyer, type ShopCollections } from './checkout.js';
import { orderConfirmationMail } from './confirmation-mail.js';
import { shopLimits } from './limits.js';
import { GUEST_ORDER_LINK_TTL_SECONDS, orderLinkSecret, signOrderLink } from './order-link.js';

export interface CheckoutBody {
  shippingAddress: ReturnType<typeof parseShippingAddress>;
  shippingMethod: string | undefined;
  email: string | undefined;
  language: string | undefined;
}

/** The body's known fields, checked; unknown ones are ignored as before. */
export function readCheckoutBody(raw: unknown): CheckoutBody {
  const body = raw ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidField('body', 'must be a JSON object');
  const b = body as Record<string, unknown>;
  const text = (key: string, max: number) => {
    const v = b[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' || v.length > max)
      throw invalidField(key, `must be a string of at most ${max} characters`);
    return v;
  };
  return {
    shippingAddress: parseShippingAddress(b.shippingAddress),
    shippingMethod: text('shippingMethod', 64),
    email: text('email', 254)?.trim(),
    language: text('language', 35),
  };
}

/** A guest's email: required, well-formed, and not a look-alike of another address (security/email-key.ts). */
export function guestEmail(email: string | undefined): string {
  if (!email) throw invalidField('email', 'is required to check out without an account');
  if (!isEmail(email)) throw invalidField('email', 'must be a valid email');
  requireConfirmedEmail(email, 'email');
  return email;
}

const base = (ctx: AppContext) => ctx.config.publicUrl.replace(/\/$/, '');

/** Where the confirmation mail points: the member's account page, or a guest's signed link. */
const memberOrderUrl = (ctx: AppContext, orderId: string) =>
  `${base(ctx)}/account/orders/${encodeURIComponent(orderId)}`;
const guestOrderUrl = (ctx: AppContext, token: string) => `${base(ctx)}/order?token=${encodeURIComponent(token)}`;

export async function placeOrder(
  ctx: AppContext,
  site: SiteConfig,
  buyer: Buyer,
  body: CheckoutBody,
  collections: ShopCollections,
  clientIp?: string,
): Promise<{ order: JsonObject; guestToken?: string }> {
  const member = buyer.kind === 'member' ? await findMemberById(ctx.db, site.id, buyer.memberId) : undefined;
  const to = buyer.kind === 'guest' ? buyer.email : member?.email;
  const language = mailLanguage(site, { explicit: body.language, member });
  let guestToken: string | undefined;
  const order = await checkout(ctx.db, {
    siteId: site.id,
    buyer,
    shippingAddress: body.shippingAddress,
    shippingMethod: body.shippingMethod,
    shipping: site.shipping,
    collections,
    limits: shopLimits(site),
    ...(clientIp ? { clientIp } : {}),
    now: ctx.now(),
    onPlaced: async (tx, placed, priced, shipping) => {
      const id = String(placed._id);
      if (buyer.kind === 'guest') guestToken = signOrderLink(orderLinkSecret(ctx.tokens.keys), site.id, id, ctx.now());
      if (!to) return;
      const url = guestToken ? guestOrderUrl(ctx, guestToken) : memberOrderUrl(ctx, id);
      const mail = orderConfirmationMail(
        language,
        site.name,
        {
          number: String(placed.number),
          lines: priced.lines,
          subtotal: priced.subtotal,
          shipping,
          total: Number(placed.total),
          currency: String(placed.currency),
          shippingAddress: body.shippingAddress,
        },
        { url, ...(guestToken ? { guestDays: GUEST_ORDER_LINK_TTL_SECONDS / 86_400 } : {}) },
      );
      await enqueueMail(tx, { siteId: site.id, kind: 'order-confirmation', to, ...mail }, ctx.now());
    },
  });
  return { order, ...(guestToken ? { guestToken } : {}) };
}
