/**
 * Order pricing from catalog rows: pure functions, so the money rules are tested without a database.
 * Amounts are computed in integer cents; the browser never supplies a price.
 */
import { appError } from '../errors/catalogue.js';

export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 100;

export interface CartRow {
  id: string;
  productId: unknown;
  quantity: unknown;
}

export interface ProductRow {
  id: string;
  title: unknown;
  slug: unknown;
  price: unknown;
  image: unknown;
  /** Absent or not a number → unlimited. */
  stock: unknown;
}

export interface OrderLine {
  productId: string;
  title: string;
  slug: string | undefined;
  image: string | undefined;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface PricedOrder {
  lines: OrderLine[];
  itemCount: number;
  subtotal: number;
  total: number;
  /** productId → units to take from stock. */
  decrements: Map<string, number>;
}

export const shopErrors = {
  cartEmpty: () => appError('CART_EMPTY'),
  invalidCart: (description: string) => appError('INVALID_CART', { description }),
  unavailable: (productId: string) => appError('PRODUCT_UNAVAILABLE', { data: { productId } }),
  outOfStock: (productId: string, title: string, available: number, requested: number) =>
    appError('OUT_OF_STOCK', {
      description: available > 0 ? `Only ${available} of “${title}” left in stock.` : `“${title}” is sold out.`,
      data: { productId, available, requested },
    }),
};

const toCents = (amount: number): number => Math.round(amount * 100);
const fromCents = (cents: number): number => cents / 100;

/** A site's caps on one order (shop/limits.ts gives them from the config). */
export interface CartCaps {
  maxUnitsPerProduct: number;
  maxUnitsPerOrder: number;
  maxLinesPerOrder: number;
}

/** The hard caps: what any cart may hold whatever the site sets. */
export const HARD_CAPS: CartCaps = {
  maxUnitsPerProduct: MAX_LINE_QUANTITY,
  maxUnitsPerOrder: MAX_LINE_QUANTITY * MAX_CART_LINES,
  maxLinesPerOrder: MAX_CART_LINES,
};

const overCap = (description: string, limit: keyof CartCaps, max: number, productId?: string) =>
  appError('INVALID_CART', { description, data: { limit, max, ...(productId ? { productId } : {}) } });

/**
 * Cart lines → quantities per product (lines of the same product add up), validated against `caps` (audit V5-4):
 * a refusal names the limit (`data.limit`, `data.max`) and, for one product, the product.
 */
export function quantitiesOf(cart: readonly CartRow[], caps: CartCaps = HARD_CAPS): Map<string, number> {
  if (cart.length === 0) throw shopErrors.cartEmpty();
  if (cart.length > MAX_CART_LINES) throw shopErrors.invalidCart(`A cart holds at most ${MAX_CART_LINES} lines.`);
  const quantities = new Map<string, number>();
  let units = 0;
  for (const line of cart) {
    const { productId, quantity } = line;
    if (typeof productId !== 'string' || productId === '')
      throw shopErrors.invalidCart('A cart line names no product.');
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      throw shopErrors.invalidCart('Every cart line needs a whole quantity of at least 1.');
    }
    const total = (quantities.get(productId) ?? 0) + quantity;
    const perProduct = Math.min(caps.maxUnitsPerProduct, MAX_LINE_QUANTITY);
    if (total > perProduct)
      throw overCap(`At most ${perProduct} of one product per order.`, 'maxUnitsPerProduct', perProduct, productId);
    quantities.set(productId, total);
    units += quantity;
  }
  if (quantities.size > caps.maxLinesPerOrder)
    throw overCap(
      `An order holds at most ${caps.maxLinesPerOrder} different products.`,
      'maxLinesPerOrder',
      caps.maxLinesPerOrder,
    );
  if (units > caps.maxUnitsPerOrder)
    throw overCap(
      `An order holds at most ${caps.maxUnitsPerOrder} items in all.`,
      'maxUnitsPerOrder',
      caps.maxUnitsPerOrder,
    );
  return quantities;
}

/** Prices the quantities against the catalog rows and checks stock. */
export function priceOrder(
  quantities: ReadonlyMap<string, number>,
  products: ReadonlyMap<string, ProductRow>,
): PricedOrder {
  const lines: OrderLine[] = [];
  let subtotalCents = 0;
  let itemCount = 0;
  const decrements = new Map<string, number>();
  for (const [productId, quantity] of quantities) {
    const product = products.get(productId);
    const price = product?.price;
    if (!product || typeof price !== 'number' || !Number.isFinite(price) || price < 0)
      throw shopErrors.unavailable(productId);
    const title = typeof product.title === 'string' && product.title ? product.title : productId;
    if (typeof product.stock === 'number' && Number.isFinite(product.stock)) {
      const available = Math.max(0, Math.floor(product.stock));
      if (available < quantity) throw shopErrors.outOfStock(productId, title, available, quantity);
      decrements.set(productId, quantity);
    }
    const unitCents = toCents(price);
    subtotalCents += unitCents * quantity;
    itemCount += quantity;
    lines.push({
      productId,
      title,
      slug: typeof product.slug === 'string' ? product.slug : undefined,
      image: typeof product.image === 'string' ? product.image : undefined,
      unitPrice: fromCents(unitCents),
      quantity,
      lineTotal: fromCents(unitCents * quantity),
    });
  }
  return { lines, itemCount, subtotal: fromCents(subtotalCents), total: fromCents(subtotalCents), decrements };
}

/** `V-100001`, `V-100002`, … */
export const formatOrderNumber = (n: number): string => `V-${100000 + n}`;
