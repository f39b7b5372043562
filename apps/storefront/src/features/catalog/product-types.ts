/**
 * A product as the storefront shows it, read from catalog v1 of the Stores wire (app/stores-module.ts). Prices are
 * the server's (major units of `currency`, as the wire sends them); nothing here is computed, only renamed.
 */
import type { Product as WireProduct, WireOption } from '../../app/stores-module.js';

export type ProductOption = WireOption;

export interface ProductVariant {
  id: string;
  /** Option name → the choice's description (`{"Size": "Blanket", "Colour": "Sage"}`). */
  choices: Record<string, string>;
  /** What is paid. */
  price: number;
  /** The price it was, when it is on sale. */
  compareAt?: number;
  /** Units left, when the shop counts them. */
  stock?: number;
  inStock: boolean;
}

export interface Product {
  _id: string;
  title: string;
  slug: string;
  /** The cheapest variant's price (what "from" shows). */
  price: number;
  compareAt?: number;
  /** The dearest variant's price, when variants differ. */
  priceMax?: number;
  /** ISO 4217, the site's. */
  currency: string;
  /** HTML. */
  description?: string;
  image?: string;
  /** The main picture's words as the owner wrote them on the product (the Shop's product editor). */
  imageAlt?: string;
  /** Units left over the counted variants; undefined when the shop does not count them. */
  stock?: number;
  inStock: boolean;
  options: ProductOption[];
  variants: ProductVariant[];
  /** The collections (categories) it is in. */
  collectionIds: string[];
  ribbon?: string;
}

/**
 * The server's own pictures as paths (`/_media/…`, `/assets/…`): the wire makes them absolute for clients on other
 * origins, while the storefront is served by that server (same origin: its CSP allows 'self', and uploaded pictures
 * come in sizes and with alt texts by their path).
 */
function ownPath(url: string | undefined, base: string | undefined): string | undefined {
  if (!url || !base || !url.startsWith(`${base}/`)) return url;
  return url.slice(base.length);
}

/** The wire's product as the storefront shows it. */
export function fromWire(p: WireProduct): Product {
  const paid = p.priceData.discountedPrice;
  const base = p.productPageUrl?.base;
  const main = p.media.mainMedia?.image ?? p.media.items[0]?.image;
  const image = ownPath(main?.url, base);
  return {
    _id: p.id,
    title: p.name,
    slug: p.slug,
    price: paid,
    ...(p.priceData.price > paid ? { compareAt: p.priceData.price } : {}),
    ...(p.priceRange && p.priceRange.maxValue > p.priceRange.minValue ? { priceMax: p.priceRange.maxValue } : {}),
    currency: p.priceData.currency,
    ...(p.description ? { description: p.description } : {}),
    ...(image ? { image } : {}),
    ...(main?.altText ? { imageAlt: main.altText } : {}),
    ...(p.stock.trackInventory && p.stock.quantity !== undefined ? { stock: p.stock.quantity } : {}),
    inStock: p.stock.inStock,
    // A choice's own pictures (a colour's photos) as paths too.
    options: p.productOptions.map((o) => ({
      ...o,
      choices: o.choices.map((c) =>
        c.media?.items?.length
          ? {
              ...c,
              media: {
                items: c.media.items.map((m) =>
                  m.image ? { image: { ...m.image, url: ownPath(m.image.url, base)! } } : m,
                ),
              },
            }
          : c,
      ),
    })),
    variants: p.variants.map((v) => ({
      id: v.id,
      choices: v.choices,
      price: v.variant.priceData.discountedPrice,
      ...(v.variant.priceData.price > v.variant.priceData.discountedPrice
        ? { compareAt: v.variant.priceData.price }
        : {}),
      ...(v.stock.trackQuantity && v.stock.quantity !== undefined ? { stock: v.stock.quantity } : {}),
      inStock: v.stock.inStock,
    })),
    collectionIds: p.collectionIds,
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
  };
}
