/** The catalog's shapes as the commerce module keeps them (money in minor units of the site's currency). */

export interface OptionChoice {
  /** What the variant's `choices` name, e.g. "M" or "#1f3a5f" for a colour. */
  value: string;
  /** What shoppers read, e.g. "Medium" or "Navy"; for a drop-down often the value itself. */
  description: string;
}

export interface ProductOption {
  name: string;
  optionType: 'drop_down' | 'color';
  choices: OptionChoice[];
}

export interface MediaItem {
  id: string;
  url: string;
  width: number;
  height: number;
  altText?: string;
}

export interface Variant {
  id: string;
  productId: string;
  /** One choice value per option: {"Size": "M"}; {} for a product without options. */
  choices: Record<string, string>;
  sku: string | null;
  price: number;
  compareAtPrice: number | null;
  weight: number | null;
  trackStock: boolean;
  stock: number;
  visible: boolean;
  media: MediaItem[];
}

export interface Product {
  id: string;
  slug: string;
  name: string;
  /** HTML. */
  description: string;
  visible: boolean;
  productType: 'physical' | 'digital';
  options: ProductOption[];
  media: MediaItem[];
  ribbon: string | null;
  brand: string | null;
  translations: Record<string, { name?: string; description?: string }>;
  collectionIds: string[];
  variants: Variant[];
  createdAt: Date;
  updatedAt: Date;
}

export interface Collection {
  id: string;
  slug: string;
  name: string;
  description: string;
  visible: boolean;
  media: MediaItem[];
  /** Translated name and description per language, as products keep theirs: {"fr": {"name": "Cuisine"}}. */
  translations: Record<string, { name?: string; description?: string }>;
  productCount: number;
}

/** The id Wix gives the one variant of a product without options. */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

/** In stock when any visible variant is sellable: untracked, or with units left. */
export const variantInStock = (v: Pick<Variant, 'trackStock' | 'stock'>): boolean => !v.trackStock || v.stock > 0;

export type InventoryStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';

export function inventoryStatus(product: Pick<Product, 'variants'>): InventoryStatus {
  const visible = product.variants.filter((v) => v.visible);
  const inStock = visible.filter(variantInStock).length;
  if (inStock === 0) return 'OUT_OF_STOCK';
  return inStock === visible.length ? 'IN_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
}
