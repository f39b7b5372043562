/**
 * The catalog on the commerce module's Stores wire (docs/commerce.md → The Stores wire), as a module of the
 * storefront's SDK client: products through the catalog v1 reader (filter, sort, offset paging with the total),
 * collections v2 as the shop's categories. Calls carry the client's visitor or member token and the shopper's
 * language (`Accept-Language`: names and descriptions come back translated where the product has a translation).
 * The server entry binds the same module to its in-process API (entry-server.tsx).
 */
import { defineModule } from '@vitrine/sdk';
import type { HttpContext } from '@vitrine/sdk';

/** A price of catalog v1: major units as a number (`18.5`), `price` the original, `discountedPrice` what is paid. */
export interface WirePriceData {
  currency: string;
  price: number;
  discountedPrice: number;
}

export interface WireImage {
  url: string;
  width?: number;
  height?: number;
  altText?: string | null;
}

export interface WireChoice {
  /** A colour's code (`#9aab8a`), else the choice's text. */
  value: string;
  /** What shoppers read (`Sage`). */
  description: string;
  inStock: boolean;
  visible: boolean;
  /** Pictures of this choice (a colour's own photos). */
  media?: { items?: { image?: WireImage }[] };
}

export interface WireOption {
  optionType: 'drop_down' | 'color';
  name: string;
  choices: WireChoice[];
}

export interface WireVariant {
  id: string;
  /** Option name → the choice's description (`{"Size": "Blanket", "Colour": "Sage"}`). */
  choices: Record<string, string>;
  variant: { priceData: WirePriceData; sku?: string; visible: boolean };
  stock: { trackQuantity: boolean; quantity?: number; inStock: boolean };
}

/** A product of catalog v1 as the storefront reads it. */
export interface Product {
  id: string;
  name: string;
  slug: string;
  /** HTML. */
  description?: string;
  priceData: WirePriceData;
  priceRange?: { minValue: number; maxValue: number };
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string };
  media: { mainMedia?: { image: WireImage }; items: { image: WireImage }[] };
  ribbon?: string;
  /** `base` is the server's public address, which also prefixes its own media (`/assets/…`, `/_media/…`). */
  productPageUrl?: { base: string; path: string };
  manageVariants: boolean;
  productOptions: WireOption[];
  variants: WireVariant[];
  collectionIds: string[];
}

export interface Collection {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  numberOfProducts: number;
}

export interface ProductQuery {
  /** Catalog v1 filter (`{name: {$contains: "mug"}}`). */
  filter?: Record<string, unknown>;
  sort?: { fieldName: string; order: 'ASC' | 'DESC' }[];
  limit: number;
  offset?: number;
}

export interface ProductPage {
  products: Product[];
  total: number;
}

/** Where a product's name says the searched words: UTF-16 offsets into the name, end exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

export interface SearchQuery {
  q: string;
  limit: number;
  offset?: number;
  collectionId?: string;
  /** false for suggestions: no counts per collection, price and stock. */
  facets?: boolean;
}

/** The server's product search (GET /_api/vitrine/v1/products/search, docs/commerce.md → Search). */
export interface SearchAnswer {
  results: { product: Product; nameHighlights: TextRange[] }[];
  total: number;
  /** False when more products matched than the search ranks: `total` is a lower bound. */
  exhaustive: boolean;
  /** `similar`: nothing says the words, these nearly do (a typo). */
  matched: 'text' | 'similar';
}

const READER = '/stores-reader/v1';

export const storesModule = defineModule((http: HttpContext) => {
  // The shopper's language at the time of the call (it changes with the language menu).
  const headers = (): Record<string, string> | undefined =>
    http.language ? { 'accept-language': http.language } : undefined;
  return {
    /** A page of visible products with the count of all that match. */
    async queryProducts(query: ProductQuery): Promise<ProductPage> {
      const answer = await http.request<{ products: Product[]; totalResults: number }>({
        method: 'POST',
        path: `${READER}/products/query-platformized`,
        body: {
          query: {
            ...(query.filter ? { filter: JSON.stringify(query.filter) } : {}),
            ...(query.sort ? { sort: JSON.stringify(query.sort) } : {}),
            paging: { limit: query.limit, offset: query.offset ?? 0 },
          },
        },
        headers: headers(),
      });
      return { products: answer.products, total: answer.totalResults };
    },

    /** Visible products ranked by how well they say the words, with where their names say them. */
    async searchProducts(query: SearchQuery): Promise<SearchAnswer> {
      return http.request<SearchAnswer>({
        method: 'GET',
        path: '/_api/vitrine/v1/products/search',
        query: {
          q: query.q,
          limit: String(query.limit),
          ...(query.offset ? { offset: String(query.offset) } : {}),
          ...(query.collectionId ? { collectionId: query.collectionId } : {}),
          ...(query.facets === false ? { facets: 'false' } : {}),
        },
        headers: headers(),
      });
    },

    /** The product with this slug, or null. */
    async productBySlug(slug: string): Promise<Product | null> {
      const page = await this.queryProducts({ filter: { slug }, limit: 1 });
      return page.products[0] ?? null;
    },

    /** The collections shoppers may see (at most 100). */
    async queryCollections(): Promise<Collection[]> {
      const answer = await http.request<{ collections: Collection[] }>({
        method: 'POST',
        path: '/v2/collections/query',
        body: { query: { paging: { limit: 100 } } },
        headers: headers(),
      });
      return answer.collections;
    },
  };
});

export type StoresModule = ReturnType<(typeof storesModule)['__vitrineModule']>;
