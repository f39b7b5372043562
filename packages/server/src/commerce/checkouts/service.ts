/**
 * Checkouts from the current cart: made (or refreshed: one open checkout per cart) from the cart's lines and
 * coupon, read and changed by their owner — the visitor or member who made them — or by an API key of the site,
 * and placed as an order by orders/place.ts. Another caller's checkout answers as an unknown one.
 */
import type { SiteConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { isEmail } from '../../identity/index.js';
import { requireConfirmedEmail } from '../../security/index.js';
import type { Database, Queryable } from '../../store/types.js';
import { checkCaps } from '../carts/caps.js';
import { findCart, findCartById, type CartOwner } from '../carts/store.js';
import { shopLimits } from '../limits.js';
import { normaliseCode } from '../pricing/discount.js';
import { quoteLines, type Quote } from '../quote.js';
import type { DeliveryAddress } from './address.js';
import {
  changeCheckout,
  findCheckout,
  findCheckoutByCart,
  saveCheckoutFromCart,
  type Checkout,
  type CheckoutChanges,
} from './store.js';

type Site = Pick<SiteConfig, 'id' | 'shop' | 'shipping'>;

/** Who asks: the shopper (their own checkouts only) or an API key of the site (every checkout). */
export type CheckoutAccess = { kind: 'owner'; owner: CartOwner } | { kind: 'site' };

const mayAccess = (access: CheckoutAccess, checkout: Checkout) =>
  access.kind === 'site' || (access.owner.kind === checkout.owner.kind && access.owner.id === checkout.owner.id);

/** Refuses lines that are no longer for sale, over the caps, or over the stock left (the order would fail). */
export function checkSellable(quote: Quote, site: Site): void {
  const gone = quote.lines.find((l) => !l.sellable);
  if (gone)
    throw appError('PRODUCT_UNAVAILABLE', {
      description: `“${gone.product?.name ?? gone.line.productId}” is no longer sold; remove it from the cart.`,
      data: { productId: gone.line.productId, variantId: gone.line.variantId, lineItemId: gone.line.id },
    });
  checkCaps(
    quote.lines.map((l) => l.line),
    shopLimits(site),
  );
  for (const { line, product, variant } of quote.lines)
    if (variant?.trackStock && variant.stock < line.quantity)
      throw appError('OUT_OF_STOCK', {
        description:
          variant.stock > 0
            ? `Only ${variant.stock} of “${product!.name}” left in stock.`
            : `“${product!.name}” is sold out.`,
        data: {
          productId: line.productId,
          variantId: line.variantId,
          available: variant.stock,
          requested: line.quantity,
        },
      });
}

/** The current cart as a checkout (the cart's open one refreshed, or a new one); its id. */
export async function createCheckoutFromCart(
  deps: { db: Database; now: () => number },
  site: Site,
  owner: CartOwner,
  channelType: string | null,
): Promise<string> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const cart = await findCart(tx, site.id, owner, true);
    if (!cart) throw appError('OWNED_CART_NOT_FOUND');
    if (cart.lines.length === 0) throw appError('CART_EMPTY');
    checkSellable(await quoteLines(tx, site, { lines: cart.lines, now }), site);
    return saveCheckoutFromCart(
      tx,
      site.id,
      { cartId: cart.id, owner, lines: cart.lines, couponCode: cart.couponCode, channelType },
      now,
    );
  });
}

export async function readCheckout(
  db: Queryable,
  siteId: string,
  id: string,
  access: CheckoutAccess,
  lock = false,
): Promise<Checkout> {
  const checkout = await findCheckout(db, siteId, id, lock);
  if (!checkout || !mayAccess(access, checkout)) throw appError('CHECKOUT_NOT_FOUND');
  return checkout;
}

/**
 * The checkout made from a cart. A shopper names their own carts only; an API key's cart is found first (its owner
 * leads to the checkout through the owner's index). A cart deleted since (its order placed) has no checkout here.
 */
export async function readCheckoutByCart(
  db: Queryable,
  siteId: string,
  cartId: string,
  access: CheckoutAccess,
): Promise<Checkout> {
  const owner = access.kind === 'owner' ? access.owner : (await findCartById(db, siteId, cartId))?.owner;
  const checkout = owner ? await findCheckoutByCart(db, siteId, { id: cartId, owner }) : undefined;
  if (!checkout || !mayAccess(access, checkout)) throw appError('CHECKOUT_NOT_FOUND');
  return checkout;
}

/** What the buyer may change before placing: email, delivery address and method, coupon (null removes it). */
export interface CheckoutUpdate {
  buyerEmail?: string | undefined;
  shippingAddress?: DeliveryAddress | undefined;
  shippingMethod?: string | undefined;
  couponCode?: string | null | undefined;
}

export async function updateCheckout(
  deps: { db: Database; now: () => number },
  site: Site,
  id: string,
  access: CheckoutAccess,
  update: CheckoutUpdate,
): Promise<Checkout> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const checkout = await readCheckout(tx, site.id, id, access, true);
    if (checkout.orderId) throw appError('CHECKOUT_IS_COMPLETE', { data: { orderId: checkout.orderId } });
    const changes: CheckoutChanges = {};
    if (update.buyerEmail !== undefined) {
      const email = update.buyerEmail.trim();
      if (!isEmail(email)) throw invalidField('checkout.buyerInfo.email', 'must be a valid email');
      requireConfirmedEmail(email, 'checkout.buyerInfo.email');
      changes.buyerEmail = email;
    }
    if (update.shippingAddress !== undefined) changes.shippingAddress = update.shippingAddress;
    if (update.shippingMethod !== undefined) {
      if (site.shipping && !site.shipping.methods.some((m) => m.id === update.shippingMethod))
        throw appError('SHIPPING_METHOD_UNKNOWN', {
          description: `There is no delivery method "${update.shippingMethod}" (this shop has ${site.shipping.methods.map((m) => m.id).join(', ')}).`,
          data: { methodId: update.shippingMethod },
        });
      changes.shippingMethod = update.shippingMethod;
    }
    if (update.couponCode !== undefined) changes.couponCode = update.couponCode && normaliseCode(update.couponCode);
    const next = { ...checkout, ...changes };
    const { priced } = await quoteLines(tx, site, {
      lines: next.lines,
      couponCode: next.couponCode,
      country: next.shippingAddress?.country,
      shippingMethod: next.shippingMethod,
      now,
    });
    if (changes.couponCode && priced.couponRefusal) throw appError(priced.couponRefusal);
    if (changes.shippingMethod && priced.deliveryError) throw priced.deliveryError;
    await changeCheckout(tx, site.id, id, changes, now);
    return { ...next, updatedAt: new Date(now) };
  });
}
