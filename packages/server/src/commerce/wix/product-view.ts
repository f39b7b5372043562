/**
 * What both catalog wires say of a product, worked out once: the variants a reader may see (shoppers: visible
 * ones), the cheapest of them (the product's price), the price range, stock and media with absolute URLs.
 */
import type { CatalogReader } from './reader.js';
import {
  inventoryStatus,
  variantInStock,
  type InventoryStatus,
  type MediaItem,
  type Product,
  type Variant,
} from '../catalog/types.js';

export type WireReader = Pick<CatalogReader, 'shopper' | 'currency' | 'publicUrl' | 'language'>;

export interface ProductView {
  product: Product;
  variants: Variant[];
  /** The cheapest sellable-looking variant: the product's price (undefined when it has no variant to show). */
  cheapest: Variant | undefined;
  minPrice: number;
  maxPrice: number;
  status: InventoryStatus;
  tracked: boolean;
  /** Units left over the tracked variants shown. */
  quantity: number;
  media: MediaItem[];
}

/** `/assets/products/mug.svg` → `https://shop.example/assets/products/mug.svg`; absolute URLs stay. */
export function absoluteUrl(url: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

export function productView(product: Product, reader: WireReader): ProductView {
  const variants = reader.shopper ? product.variants.filter((v) => v.visible) : product.variants;
  const priced = variants.length ? variants : product.variants;
  const cheapest = priced.reduce<Variant | undefined>((low, v) => (!low || v.price < low.price ? v : low), undefined);
  const prices = priced.map((v) => v.price);
  const tracked = variants.filter((v) => v.trackStock);
  return {
    product,
    variants,
    cheapest,
    minPrice: prices.length ? Math.min(...prices) : 0,
    maxPrice: prices.length ? Math.max(...prices) : 0,
    status: inventoryStatus({ variants }),
    tracked: tracked.length > 0,
    quantity: tracked.reduce((sum, v) => sum + v.stock, 0),
    media: product.media.map((m) => ({ ...m, url: absoluteUrl(m.url, reader.publicUrl) })),
  };
}

/** Whether a choice of an option is on a shown variant, and on one in stock. */
export function choiceState(view: ProductView, optionName: string, value: string) {
  const withChoice = view.variants.filter((v) => v.choices[optionName] === value);
  return {
    visible: withChoice.some((v) => v.visible),
    inStock: withChoice.some((v) => v.visible && variantInStock(v)),
  };
}

/** The original price a compare-at price stands for, when it is above the selling price. */
export const originalPrice = (v: Pick<Variant, 'price' | 'compareAtPrice'>) =>
  v.compareAtPrice != null && v.compareAtPrice > v.price ? v.compareAtPrice : v.price;
