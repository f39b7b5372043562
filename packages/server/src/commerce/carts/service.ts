/**
 * The current cart's operations, each one transaction on the owner's locked cart: add lines by catalog
 * reference (the same variant merges into one line), change quantities (0 removes), remove lines, hold or drop a
 * coupon, delete. Every change is checked against the site's caps (caps.ts) and the variants' stock; prices are
 * never taken from the request. Answers the cart as it is after the change.
 */
import { readCurrentCart, type CurrentCart } from './current-cart.js';
import type { SiteConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import type { Database, Queryable } from '../../store/types.js';
import { loadProducts } from '../catalog/store.js';
import type { Product } from '../catalog/types.js';
import { MAX_LINE_QUANTITY, shopLimits } from '../limits.js';
import { normaliseCode } from '../pricing/discount.js';
import { quoteLines } from '../quote.js';
import { checkCaps } from './caps.js';
import { referencedProductId, referencedVariant, unavailable, type CatalogReference } from './catalog-reference.js';
import {
  deleteCart,
  findCart,
  newLineId,
  openCart,
  saveLines,
  setCartCoupon,
  type Cart,
  type CartLine,
  type CartOwner,
} from './store.js';

export interface CartDeps {
  db: Database;
  now: () => number;
}

type Site = Pick<SiteConfig, 'id' | 'shop' | 'shipping'>;

export interface AddItem {
  catalogReference?: CatalogReference;
  quantity?: unknown;
}

export const MAX_ITEMS_PER_CALL = 100;

const ownedCartNotFound = () => appError('OWNED_CART_NOT_FOUND');

function quantityOf(value: unknown, field: string, min: number): number {
  const q = value === undefined ? 1 : value;
  if (typeof q !== 'number' || !Number.isInteger(q) || q < min || q > MAX_LINE_QUANTITY)
    throw invalidField(field, `must be a whole number from ${min} to ${MAX_LINE_QUANTITY}`);
  return q;
}

/** Refuses a line whose tracked variant has fewer units than it asks for. */
function checkStock(line: CartLine, product: Product): void {
  const variant = product.variants.find((v) => v.id === line.variantId);
  if (!variant || !variant.trackStock || variant.stock >= line.quantity) return;
  throw appError('OUT_OF_STOCK', {
    description:
      variant.stock > 0
        ? `Only ${variant.stock} of “${product.name}” left in stock.`
        : `“${product.name}” is sold out.`,
    data: { productId: product.id, variantId: variant.id, available: variant.stock, requested: line.quantity },
  });
}

async function lockedCart(tx: Queryable, siteId: string, owner: CartOwner): Promise<Cart> {
  const cart = await findCart(tx, siteId, owner, true);
  if (!cart) throw ownedCartNotFound();
  return cart;
}

/** Adds the items (made a cart when the owner has none); the same variant as a line already there adds to it. */
export async function addToCart(
  deps: CartDeps,
  site: Site,
  owner: CartOwner,
  items: readonly AddItem[],
): Promise<Cart> {
  if (items.length === 0) throw invalidField('lineItems', 'must hold at least one item', 'REQUIRED');
  if (items.length > MAX_ITEMS_PER_CALL)
    throw invalidField('lineItems', `must hold at most ${MAX_ITEMS_PER_CALL} items`);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const cart = await openCart(tx, site.id, owner, now);
    const ids = items.map((item, i) => referencedProductId(item.catalogReference, `lineItems[${i}].catalogReference`));
    const products = new Map((await loadProducts(tx, site.id, [...new Set(ids)])).map((p) => [p.id, p]));
    const lines = cart.lines.map((l) => ({ ...l }));
    const touched = new Set<CartLine>();
    items.forEach((item, i) => {
      const field = `lineItems[${i}]`;
      const product = products.get(ids[i]!);
      if (!product?.visible) throw unavailable(ids[i]!);
      const variant = referencedVariant(product, item.catalogReference, `${field}.catalogReference`);
      if (!variant.visible) throw unavailable(product.id, variant.id);
      const quantity = quantityOf(item.quantity, `${field}.quantity`, 1);
      let line = lines.find((l) => l.productId === product.id && l.variantId === variant.id);
      if (line) line.quantity += quantity;
      else lines.push((line = { id: newLineId(), productId: product.id, variantId: variant.id, quantity }));
      touched.add(line);
    });
    checkCaps(lines, shopLimits(site));
    for (const line of touched) checkStock(line, products.get(line.productId)!);
    await saveLines(tx, site.id, { id: cart.id, lines }, now);
    return { ...cart, lines };
  });
}

/** Sets line quantities (0 removes the line); an unknown line id is a validation error. */
export async function updateQuantities(
  deps: CartDeps,
  site: Site,
  owner: CartOwner,
  updates: readonly { id?: unknown; quantity?: unknown }[],
): Promise<Cart> {
  if (updates.length > MAX_ITEMS_PER_CALL)
    throw invalidField('lineItems', `must hold at most ${MAX_ITEMS_PER_CALL} items`);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const cart = await lockedCart(tx, site.id, owner);
    let lines = cart.lines.map((l) => ({ ...l }));
    const grown: CartLine[] = [];
    updates.forEach((u, i) => {
      const line = lines.find((l) => l.id === u.id);
      if (!line) throw invalidField(`lineItems[${i}].id`, 'names no line of this cart');
      const quantity = quantityOf(u.quantity, `lineItems[${i}].quantity`, 0);
      if (quantity > line.quantity) grown.push(line);
      line.quantity = quantity;
    });
    lines = lines.filter((l) => l.quantity > 0);
    checkCaps(lines, shopLimits(site));
    if (grown.length) {
      const products = new Map(
        (
          await loadProducts(
            tx,
            site.id,
            grown.map((l) => l.productId),
          )
        ).map((p) => [p.id, p]),
      );
      for (const line of grown) {
        const product = products.get(line.productId);
        if (line.quantity > 0 && product) checkStock(line, product);
      }
    }
    await saveLines(tx, site.id, { id: cart.id, lines }, now);
    return { ...cart, lines };
  });
}

/** Removes lines by id (ids not in the cart are ignored, as a second click would send them). */
export async function removeLines(deps: CartDeps, site: Site, owner: CartOwner, ids: readonly string[]): Promise<Cart> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const cart = await lockedCart(tx, site.id, owner);
    const lines = cart.lines.filter((l) => !ids.includes(l.id));
    await saveLines(tx, site.id, { id: cart.id, lines }, now);
    return { ...cart, lines };
  });
}

/** Holds a discount code, if it applies to the cart now (else its refusal, e.g. ERROR_COUPON_DOES_NOT_EXIST). */
export async function applyCoupon(deps: CartDeps, site: Site, owner: CartOwner, code: string): Promise<Cart> {
  const now = deps.now();
  const normalised = normaliseCode(code);
  if (!normalised || normalised.length > 40) throw invalidField('couponCode', 'must be a code of 1 to 40 characters');
  return deps.db.transaction(async (tx) => {
    const cart = await lockedCart(tx, site.id, owner);
    const { priced } = await quoteLines(tx, site, { lines: cart.lines, couponCode: normalised, now });
    if (priced.couponRefusal) throw appError(priced.couponRefusal);
    await setCartCoupon(tx, site.id, cart.id, normalised, now);
    return { ...cart, couponCode: normalised };
  });
}

export async function removeCoupon(deps: CartDeps, site: Site, owner: CartOwner): Promise<Cart> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const cart = await lockedCart(tx, site.id, owner);
    await setCartCoupon(tx, site.id, cart.id, null, now);
    return { ...cart, couponCode: null };
  });
}

/** The owner's cart; OWNED_CART_NOT_FOUND when they have none (what Wix answers a new visitor). */
export async function currentCart(db: Queryable, siteId: string, owner: CartOwner): Promise<Cart> {
  const cart = await currentCartOrNone(db, siteId, owner);
  if (!cart) throw ownedCartNotFound();
  return cart;
}

/** The owner's cart, or undefined when they have none (the storefront's `orNone` question: no 404 to log). */
export function currentCartOrNone(db: Queryable, siteId: string, owner: CartOwner): Promise<Cart | undefined> {
  return findCart(db, siteId, owner);
}

/** The owner's cart with its open checkout and the catalog's version, in one statement (the cart's GET answer). */
export function currentCartWithState(
  db: Queryable,
  siteId: string,
  owner: CartOwner,
): Promise<CurrentCart | undefined> {
  return readCurrentCart(db, siteId, owner);
}

export async function deleteCurrentCart(deps: CartDeps, siteId: string, owner: CartOwner): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const cart = await lockedCart(tx, siteId, owner);
    await deleteCart(tx, siteId, cart);
  });
}
