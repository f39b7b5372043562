/**
 * The fields a catalog query may filter and sort by, per wire: their SQL over a product row `p`
 * (`commerce_products`) or a collection row `c`, their kind (how a value is read) and their operators. Anything
 * not listed here is refused (filter.ts). The SQL is ours: nothing of a request is ever written into it.
 */

export type Op =
  | '$eq'
  | '$ne'
  | '$gt'
  | '$gte'
  | '$lt'
  | '$lte'
  | '$in'
  | '$nin'
  | '$hasSome'
  | '$hasAll'
  | '$startsWith'
  | '$contains'
  | '$exists';

export type Kind = 'text' | 'enum' | 'boolean' | 'money' | 'date' | 'micros' | 'collections' | 'sku';

export interface FieldSpec {
  kind: Kind;
  /** The value's SQL; for `collections` and `sku`, a select of the row's values named `value`. */
  sql: string;
  ops: readonly Op[];
  /** `enum`: the wire's value → the stored one. */
  values?: Readonly<Record<string, string>>;
}

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

export interface SortSpec {
  /** The ascending SQL order; nulls last whatever the direction. */
  sql: string;
}

export type SortSpecs = Readonly<Record<string, SortSpec>>;

const EQUALITY: readonly Op[] = ['$eq', '$ne', '$in', '$nin', '$exists'];
const RANGE: readonly Op[] = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$exists'];
const TEXT: readonly Op[] = [...new Set([...EQUALITY, ...RANGE, '$startsWith', '$contains'] as Op[])];
const SET: readonly Op[] = ['$hasSome', '$hasAll', '$in', '$eq', '$ne', '$exists'];
const SKU: readonly Op[] = ['$eq', '$ne', '$in', '$hasSome', '$startsWith', '$exists'];

/**
 * A product's price on the wire: its cheapest visible variant's selling price (what "from €18" shows); a product
 * with no visible variant has none (null: never matches a range, sorts last).
 */
export const MIN_PRICE_SQL = `(select min(v.price) from commerce_variants v
  where v.site_id = p.site_id and v.product_id = p.id and v.visible)`;
export const MAX_PRICE_SQL = `(select max(v.price) from commerce_variants v
  where v.site_id = p.site_id and v.product_id = p.id and v.visible)`;
/**
 * Catalog v1's `numericId`: the product's creation time in microseconds, as Wix numbers products, counted from
 * the millisecond (what the wire's dates carry) so the SQL and `numericIdOf` agree.
 */
export const NUMERIC_ID_SQL = `(floor(extract(epoch from p.created_at) * 1000)::bigint * 1000)`;
export const numericIdOf = (createdAt: Date) => String(createdAt.getTime() * 1000);
const IN_STOCK_SQL = `exists (select 1 from commerce_variants v where v.site_id = p.site_id and v.product_id = p.id
  and v.visible and (not v.track_stock or v.stock > 0))`;
const MIN_SKU_SQL = `(select min(v.sku) from commerce_variants v where v.site_id = p.site_id and v.product_id = p.id)`;
const COLLECTION_IDS_SQL = `select l.collection_id as value from commerce_collection_products l
  where l.site_id = p.site_id and l.product_id = p.id`;
const SKUS_SQL = `select v.sku as value from commerce_variants v
  where v.site_id = p.site_id and v.product_id = p.id and v.sku is not null`;

const text = (sql: string, ops: readonly Op[] = TEXT): FieldSpec => ({ kind: 'text', sql, ops });
const money = (sql: string): FieldSpec => ({ kind: 'money', sql, ops: RANGE });
const date = (sql: string): FieldSpec => ({ kind: 'date', sql, ops: RANGE });
const collections: FieldSpec = { kind: 'collections', sql: COLLECTION_IDS_SQL, ops: SET };

/** Catalog v1 (`/stores-reader/v1/products/query-platformized`): the names Wix documents for Query Products. */
export const V1_PRODUCT_FIELDS: FieldSpecs = {
  id: text('p.id'),
  name: text('p.name'),
  slug: text('p.slug'),
  description: text('p.description'),
  visible: { kind: 'boolean', sql: 'p.visible', ops: ['$eq', '$ne'] },
  productType: {
    kind: 'enum',
    sql: 'p.product_type',
    ops: EQUALITY,
    values: { physical: 'physical', digital: 'digital' },
  },
  price: money(MIN_PRICE_SQL),
  'priceData.price': money(MIN_PRICE_SQL),
  collectionIds: collections,
  'collections.id': collections,
  sku: { kind: 'sku', sql: SKUS_SQL, ops: SKU },
  inStock: { kind: 'boolean', sql: IN_STOCK_SQL, ops: ['$eq', '$ne'] },
  numericId: { kind: 'micros', sql: NUMERIC_ID_SQL, ops: RANGE },
  lastUpdated: date('p.updated_at'),
  createdDate: date('p.created_at'),
  brand: text('p.brand', EQUALITY),
  ribbon: text('p.ribbon', EQUALITY),
};

export const V1_PRODUCT_SORTS: SortSpecs = {
  name: { sql: 'lower(p.name)' },
  price: { sql: MIN_PRICE_SQL },
  'priceData.price': { sql: MIN_PRICE_SQL },
  lastUpdated: { sql: 'p.updated_at' },
  numericId: { sql: 'p.created_at' },
  createdDate: { sql: 'p.created_at' },
  slug: { sql: 'p.slug' },
  id: { sql: 'p.id' },
  sku: { sql: MIN_SKU_SQL },
  productType: { sql: 'p.product_type' },
};

/** Catalog v3 (`/stores/v3/products/query` and `/search`). */
export const V3_PRODUCT_FIELDS: FieldSpecs = {
  id: text('p.id'),
  name: text('p.name'),
  slug: text('p.slug'),
  handle: text('p.slug'),
  plainDescription: text('p.description', ['$contains']),
  visible: { kind: 'boolean', sql: 'p.visible', ops: ['$eq', '$ne'] },
  productType: {
    kind: 'enum',
    sql: 'p.product_type',
    ops: EQUALITY,
    values: { PHYSICAL: 'physical', DIGITAL: 'digital' },
  },
  'actualPriceRange.minValue.amount': money(MIN_PRICE_SQL),
  'actualPriceRange.maxValue.amount': money(MAX_PRICE_SQL),
  'variantsInfo.variants.sku': { kind: 'sku', sql: SKUS_SQL, ops: SKU },
  // Catalog v3 calls collections categories.
  'directCategoriesInfo.categories.id': collections,
  'allCategoriesInfo.categories.id': collections,
  createdDate: date('p.created_at'),
  updatedDate: date('p.updated_at'),
  'brand.name': text('p.brand', EQUALITY),
  'ribbon.name': text('p.ribbon', EQUALITY),
};

export const V3_PRODUCT_SORTS: SortSpecs = {
  name: { sql: 'lower(p.name)' },
  slug: { sql: 'p.slug' },
  createdDate: { sql: 'p.created_at' },
  updatedDate: { sql: 'p.updated_at' },
  visible: { sql: 'p.visible' },
  'actualPriceRange.minValue.amount': { sql: MIN_PRICE_SQL },
  'actualPriceRange.maxValue.amount': { sql: MAX_PRICE_SQL },
  id: { sql: 'p.id' },
};

/** Collections (`/v2/collections/query`). */
export const COLLECTION_FIELDS: FieldSpecs = {
  id: text('c.id', EQUALITY),
  name: text('c.name'),
  slug: text('c.slug'),
  visible: { kind: 'boolean', sql: 'c.visible', ops: ['$eq', '$ne'] },
};

export const COLLECTION_SORTS: SortSpecs = {
  name: { sql: 'lower(c.name)' },
  slug: { sql: 'c.slug' },
  id: { sql: 'c.id' },
};
