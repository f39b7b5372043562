/**
 * The catalog's product tables (migration 90): products with their variants (collections are in
 * collection-store.ts). Reads return whole products (variants and collection ids included) in the order asked;
 * `saveProduct` is the one write path of a product, used by the admin API, the demo seed and the migration of
 * older shops' items.
 */
import { randomUUID } from 'node:crypto';
import { appError } from '../../errors/catalogue.js';
import type { Queryable } from '../../store/types.js';
import { DEFAULT_VARIANT_ID, type MediaItem, type Product, type ProductOption, type Variant } from './types.js';
import { checkVariants, type VariantInput } from './variants.js';

interface ProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  visible: boolean;
  product_type: 'physical' | 'digital';
  options: ProductOption[];
  media: MediaItem[];
  ribbon: string | null;
  brand: string | null;
  translations: Product['translations'];
  created_at: Date | string;
  updated_at: Date | string;
}

interface VariantRow {
  product_id: string;
  id: string;
  choices: Record<string, string>;
  sku: string | null;
  price: string | number;
  compare_at_price: string | number | null;
  weight: string | number | null;
  track_stock: boolean;
  stock: number;
  visible: boolean;
  media: MediaItem[];
}

const toVariant = (r: VariantRow): Variant => ({
  id: r.id,
  productId: r.product_id,
  choices: r.choices,
  sku: r.sku,
  price: Number(r.price),
  compareAtPrice: r.compare_at_price === null ? null : Number(r.compare_at_price),
  weight: r.weight === null ? null : Number(r.weight),
  trackStock: r.track_stock,
  stock: r.stock,
  visible: r.visible,
  media: r.media,
});

/**
 * The select list of a whole product from `commerce_products` aliased `p`: its dates, and the rest of its row with
 * its variants (in their order) and collection ids as one JSON text, `doc`. A page of products is then one
 * statement and one round trip (three before: rows, variants, links), which lets the catalog answer at the data
 * API's pace (issue #54); and `doc` with the dates is all a product's wire answer depends on, so the answer can
 * be kept by that text (wix/product-answers.ts). `json` (not `jsonb`) builds it: no binary round trip, a fifth
 * less time in PGlite; the jsonb columns inside render as their own text did, numbers read back as the same
 * numbers (bigint, numeric), and the dates stay columns, read by the driver as before.
 */
export const PRODUCT_SELECT = `p.created_at, p.updated_at, json_build_object('id', p.id, 'slug', p.slug,
  'name', p.name, 'description', p.description, 'visible', p.visible, 'product_type', p.product_type,
  'options', p.options, 'media', p.media, 'ribbon', p.ribbon, 'brand', p.brand, 'translations', p.translations,
  'variant_rows', coalesce((select json_agg(json_build_object('id', v.id, 'product_id', v.product_id,
      'choices', v.choices, 'sku', v.sku, 'price', v.price, 'compare_at_price', v.compare_at_price,
      'weight', v.weight, 'track_stock', v.track_stock, 'stock', v.stock, 'visible', v.visible, 'media', v.media)
      order by v.position, v.id)
    from commerce_variants v where v.site_id = p.site_id and v.product_id = p.id), '[]'::json),
  'collection_ids', coalesce((select json_agg(l.collection_id order by l.collection_id)
    from commerce_collection_products l where l.site_id = p.site_id and l.product_id = p.id), '[]'::json)
)::text as doc`;

export interface ProductSelectRow {
  created_at: Date | string;
  updated_at: Date | string;
  /** JSON text of ProductRow without its dates, with `variant_rows` and `collection_ids`. */
  doc: string;
}

type ProductDoc = Omit<ProductRow, 'created_at' | 'updated_at'> & {
  variant_rows: VariantRow[];
  collection_ids: string[];
};

/** A row of PRODUCT_SELECT as the catalog's product. */
export function productFromRow(r: ProductSelectRow): Product {
  const d = JSON.parse(r.doc) as ProductDoc;
  return {
    id: d.id,
    slug: d.slug,
    name: d.name,
    description: d.description,
    visible: d.visible,
    productType: d.product_type,
    options: d.options,
    media: d.media,
    ribbon: d.ribbon,
    brand: d.brand,
    translations: d.translations,
    collectionIds: d.collection_ids,
    variants: d.variant_rows.map(toVariant),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** Whole products by id, in the order of `ids` (unknown ids left out). */
export async function loadProducts(db: Queryable, siteId: string, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ProductSelectRow>(
    `select ${PRODUCT_SELECT} from commerce_products p
     where p.site_id = $1 and p.id in (select jsonb_array_elements_text($2::jsonb))`,
    [siteId, JSON.stringify(ids)],
  );
  const byId = new Map(rows.map(productFromRow).map((p): [string, Product] => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every product id of a site in the catalog's order (position, then creation); `visibleOnly` for shoppers. */
export async function productIds(db: Queryable, siteId: string, visibleOnly: boolean): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from commerce_products where site_id = $1 and (visible or not $2) order by position, created_at, id`,
    [siteId, visibleOnly],
  );
  return rows.map((r) => r.id);
}

/** How many products the site's catalog holds, shown or not (the console's setup checklist). */
export async function countProducts(db: Queryable, siteId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'select count(*) as n from commerce_products where site_id = $1',
    [siteId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function loadProduct(db: Queryable, siteId: string, id: string): Promise<Product | undefined> {
  return (await loadProducts(db, siteId, [id]))[0];
}

export async function productIdBySlug(db: Queryable, siteId: string, slug: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(`select id from commerce_products where site_id = $1 and slug = $2`, [
    siteId,
    slug,
  ]);
  return rows[0]?.id;
}

export interface ProductInput {
  id?: string;
  slug: string;
  name: string;
  description?: string;
  visible?: boolean;
  productType?: 'physical' | 'digital';
  options?: ProductOption[];
  media?: MediaItem[];
  ribbon?: string | null;
  brand?: string | null;
  translations?: Product['translations'];
  /** At least one; a product without options has one variant with `choices: {}` (its id becomes the default). */
  variants: VariantInput[];
  collectionIds?: string[];
  position?: number;
}

const VARIANT_RECORD = `id text, choices jsonb, sku text, price bigint, compare_at_price bigint, weight numeric,
  track_stock boolean, stock integer, visible boolean, media jsonb, position integer`;

/**
 * Creates or replaces a product with its variants. Variants are matched by id: kept ones keep their stock unless
 * the input names a stock, removed ones are deleted (orders keep what they sold). Throws `INVALID_PRODUCT` when
 * the variants do not fit the options (variants.ts).
 */
export async function saveProduct(tx: Queryable, siteId: string, input: ProductInput, now: number): Promise<string> {
  const options = input.options ?? [];
  const variants = checkVariants(options, input.variants);
  const id = input.id ?? randomUUID();
  const at = new Date(now).toISOString();
  const saved = await tx.query<{ inserted: boolean }>(
    `insert into commerce_products (site_id, id, slug, name, description, visible, product_type, options, media,
       ribbon, brand, translations, position, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12::jsonb, $13, $14, $14)
     on conflict (site_id, id) do update set slug = excluded.slug, name = excluded.name,
       description = excluded.description, visible = excluded.visible, product_type = excluded.product_type,
       options = excluded.options, media = excluded.media, ribbon = excluded.ribbon, brand = excluded.brand,
       translations = excluded.translations, position = excluded.position, updated_at = excluded.updated_at
     returning (xmax = 0) as inserted`,
    [
      siteId,
      id,
      input.slug,
      input.name,
      input.description ?? '',
      input.visible ?? true,
      input.productType ?? 'physical',
      JSON.stringify(options),
      JSON.stringify(input.media ?? []),
      input.ribbon ?? null,
      input.brand ?? null,
      JSON.stringify(input.translations ?? {}),
      input.position ?? 0,
      at,
    ],
  );
  const ids = variants.map((v) => v.id ?? (options.length === 0 ? DEFAULT_VARIANT_ID : randomUUID()));
  if (new Set(ids).size !== ids.length) throw appError('INVALID_PRODUCT', { description: 'Two variants have one id' });
  const rows = JSON.stringify(
    variants.map((v, i) => ({
      id: ids[i],
      choices: v.choices ?? {},
      sku: v.sku ?? null,
      price: v.price,
      compare_at_price: v.compareAtPrice ?? null,
      weight: v.weight ?? null,
      track_stock: v.trackStock ?? true,
      stock: v.stock ?? null,
      visible: v.visible ?? true,
      media: v.media ?? [],
      position: i,
    })),
  );
  // A few statements whatever the number of variants (a new product has none to delete or update). The product's
  // row, upserted above, holds concurrent saves of the same product one behind the other, so the update and the
  // insert below cannot race each other.
  if (!saved.rows[0]?.inserted) {
    await tx.query(
      `delete from commerce_variants where site_id = $1 and product_id = $2
     and id not in (select jsonb_array_elements_text($3::jsonb))`,
      [siteId, id, JSON.stringify(ids)],
    );
    await tx.query(
      `update commerce_variants t set choices = v.choices, sku = v.sku, price = v.price,
       compare_at_price = v.compare_at_price, weight = v.weight, track_stock = v.track_stock,
       stock = coalesce(v.stock, t.stock), visible = v.visible, media = v.media, position = v.position
     from jsonb_to_recordset($3::jsonb) as v(${VARIANT_RECORD})
     where t.site_id = $1 and t.product_id = $2 and t.id = v.id`,
      [siteId, id, rows],
    );
  }
  await tx.query(
    `insert into commerce_variants (site_id, product_id, id, choices, sku, price, compare_at_price, weight,
       track_stock, stock, visible, media, position)
     select $1, $2, v.id, v.choices, v.sku, v.price, v.compare_at_price, v.weight, v.track_stock,
       coalesce(v.stock, 0), v.visible, v.media, v.position
     from jsonb_to_recordset($3::jsonb) as v(${VARIANT_RECORD})
     where not exists (select 1 from commerce_variants t where t.site_id = $1 and t.product_id = $2 and t.id = v.id)`,
    [siteId, id, rows],
  );
  if (input.collectionIds) await setProductCollections(tx, siteId, id, input.collectionIds);
  return id;
}

export async function deleteProduct(tx: Queryable, siteId: string, id: string): Promise<boolean> {
  const { rowCount } = await tx.query(`delete from commerce_products where site_id = $1 and id = $2`, [siteId, id]);
  return rowCount > 0;
}

async function setProductCollections(tx: Queryable, siteId: string, productId: string, collectionIds: string[]) {
  const list = JSON.stringify([...new Set(collectionIds)]);
  await tx.query(
    `delete from commerce_collection_products where site_id = $1 and product_id = $2
     and collection_id not in (select jsonb_array_elements_text($3::jsonb))`,
    [siteId, productId, list],
  );
  await tx.query(
    `insert into commerce_collection_products (site_id, collection_id, product_id)
     select $1, c.id, $2 from commerce_collections c
     where c.site_id = $1 and c.id in (select jsonb_array_elements_text($3::jsonb))
     on conflict do nothing`,
    [siteId, productId, list],
  );
}
