/**
 * Catalog queries as the Wix clients send them, run as one parameterised select: a checked filter (filter.ts),
 * an optional free-text search, a sort over declared fields (query-fields.ts) and a page of at most
 * `MAX_PAGE` products. Shoppers see visible products only. What one query may cost is bounded: a page of 100
 * ids, a filter of 30 conditions, lists of 100 values, search of 10 words; the products of the page are then
 * read whole by id (store.ts).
 */
import { invalidField } from '../../errors/wire.js';
import type { Queryable } from '../../store/types.js';
import { conditionSql, unsupported, type Condition } from './filter.js';
import type { FieldSpecs, SortSpecs } from './query-fields.js';
import { PRODUCT_SELECT, type ProductSelectRow } from './store.js';

export const MAX_PAGE = 100;
export const MAX_OFFSET = 100_000;
const MAX_SORTS = 3;
const MAX_SEARCH_WORDS = 10;

export interface SortKey {
  field: string;
  desc: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A query's sort: the SDKs send `[{"fieldName": "name", "order": "ASC"}]`; catalog v1's REST form is JSON text
 * of `[{"name": "asc"}]`. Absent or empty: the catalog's own order.
 */
export function parseSort(raw: unknown, path: string, sorts: SortSpecs): SortKey[] {
  if (raw == null || raw === '') return [];
  let list = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw invalidField(path, 'must be a JSON array, e.g. [{"fieldName": "name", "order": "ASC"}]', 'INVALID_JSON');
    }
  }
  if (!Array.isArray(list) || list.some((s) => !isObject(s)))
    throw invalidField(path, 'must be an array of {fieldName, order}');
  if (list.length > MAX_SORTS) throw invalidField(path, `sorts by at most ${MAX_SORTS} fields`);
  return (list as Record<string, unknown>[]).map((entry, i) => {
    const at = `${path}[${i}]`;
    let field: unknown = entry.fieldName;
    let order: unknown = entry.order ?? 'ASC';
    const only = Object.entries(entry);
    if (field === undefined && only.length === 1) [field, order] = only[0]!;
    if (typeof field !== 'string') throw invalidField(`${at}.fieldName`, 'must name a field');
    if (typeof order !== 'string' || !['ASC', 'DESC'].includes(order.toUpperCase()))
      throw invalidField(`${at}.order`, 'must be ASC or DESC');
    if (!sorts[field]) {
      const supported = Object.keys(sorts);
      throw unsupported(`Sorting by "${field.slice(0, 100)}" is not supported; sort by ${supported.join(', ')}`, {
        field: field.slice(0, 100),
        supported,
      });
    }
    return { field, desc: order.toUpperCase() === 'DESC' };
  });
}

/** `ORDER BY` of a sort, ending with the row's id so pages never overlap. */
export function orderSql(sort: SortKey[], sorts: SortSpecs, fallback: string, idColumn: string): string {
  const keys = sort.map((s) => `${sorts[s.field]!.sql} ${s.desc ? 'desc' : 'asc'} nulls last`);
  return [...(keys.length ? keys : [fallback]), `${idColumn} asc`].join(', ');
}

/** Free text: every word (or, with mode OR, any word) in the product's name or description, any case. */
export interface SearchText {
  words: string[];
  mode: 'AND' | 'OR';
}

export function parseSearch(raw: unknown, path: string): SearchText | undefined {
  if (raw == null) return undefined;
  if (!isObject(raw)) throw invalidField(path, 'must be an object {expression, mode?}');
  const { expression, mode } = raw;
  if (raw.fields !== undefined && !(Array.isArray(raw.fields) && raw.fields.length === 0))
    throw unsupported('Search fields cannot be chosen: the search looks at the name and the description', {
      field: 'search.fields',
    });
  if (expression == null || expression === '') return undefined;
  if (typeof expression !== 'string' || expression.length > 200)
    throw invalidField(`${path}.expression`, 'must be a text of at most 200 characters');
  if (mode !== undefined && mode !== 'AND' && mode !== 'OR') throw invalidField(`${path}.mode`, 'must be AND or OR');
  const words = [...new Set(expression.toLowerCase().split(/\s+/).filter(Boolean))];
  if (words.length > MAX_SEARCH_WORDS)
    throw invalidField(`${path}.expression`, `holds at most ${MAX_SEARCH_WORDS} words`);
  return words.length ? { words, mode: mode === 'AND' ? 'AND' : 'OR' } : undefined;
}

/** The paging of a query: `paging` (offset) or `cursorPaging` (its offset from the cursor). */
export function pageLimit(raw: unknown, path: string, fallback = MAX_PAGE): number {
  if (raw == null) return fallback;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) throw invalidField(path, 'must be a whole number');
  if (raw > MAX_PAGE) throw invalidField(path, `must be at most ${MAX_PAGE}`, 'MAX');
  return raw === 0 ? fallback : raw;
}

export function pageOffset(raw: unknown, path: string): number {
  if (raw == null) return 0;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) throw invalidField(path, 'must be a whole number');
  if (raw > MAX_OFFSET) throw invalidField(path, `must be at most ${MAX_OFFSET}`, 'MAX');
  return raw;
}

export interface ProductQuery {
  filter?: Condition | undefined;
  search?: SearchText | undefined;
  /**
   * The text search configuration of the caller's language: the search's words then match through the product
   * search index (migration 109; stemmed, each word also as a prefix) instead of a scan for substrings.
   */
  searchConfig?: string | undefined;
  sort: SortKey[];
  offset: number;
  limit: number;
  /** Shoppers: visible products only. */
  visibleOnly: boolean;
  fields: FieldSpecs;
  sorts: SortSpecs;
}

export interface ProductPage {
  ids: string[];
  /** How many match in all (catalog v1 answers it). */
  total: number;
  hasNext: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `where` and `order by` of a query, with their parameters ($1 the site). */
function querySql(siteId: string, q: ProductQuery) {
  const params: unknown[] = [siteId];
  const where = ['p.site_id = $1'];
  if (q.visibleOnly) where.push('p.visible');
  if (q.filter) where.push(conditionSql(q.filter, q.fields, params));
  if (q.search && q.searchConfig) where.push(indexedSearchSql(q.search, q.searchConfig, params));
  else if (q.search) {
    const tests = q.search.words.map((word) => {
      params.push(`%${escapeLike(word)}%`);
      const n = `$${params.length}`;
      return `(lower(p.name) like ${n} escape '\\' or lower(p.description) like ${n} escape '\\')`;
    });
    where.push(`(${tests.join(q.search.mode === 'AND' ? ' and ' : ' or ')})`);
  }
  const order = orderSql(q.sort, q.sorts, 'p.position asc, p.created_at asc', 'p.id');
  return { whereSql: where.join(' and '), order, params };
}

/** Past the end the window counts nothing: the count on its own. */
async function countPastEnd(db: Queryable, whereSql: string, params: unknown[]): Promise<number> {
  const counted = await db.query<{ n: string | number }>(
    `select count(*) as n from commerce_products p where ${whereSql}`,
    params,
  );
  return Number(counted.rows[0]?.n ?? 0);
}

/** The ids of one page of products matching `q`, in its order, with the count of all that match. */
export async function findProductIds(db: Queryable, siteId: string, q: ProductQuery): Promise<ProductPage> {
  const { whereSql, order, params } = querySql(siteId, q);
  const filterParams = params.slice();
  params.push(q.limit + 1, q.offset);
  const { rows } = await db.query<{ id: string; total: string | number }>(
    `select p.id, count(*) over () as total from commerce_products p where ${whereSql}
     order by ${order} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && q.offset > 0) total = await countPastEnd(db, whereSql, filterParams);
  return { ids: rows.slice(0, q.limit).map((r) => r.id), total, hasNext: rows.length > q.limit };
}

/** A page of products as PRODUCT_SELECT reads them: unparsed, so an answer kept for the same row can be reused. */
export interface ProductRowPage {
  rows: ProductSelectRow[];
  total: number;
  hasNext: boolean;
  /**
   * With `withVersion`: the site's catalog version (migration 102) in the same snapshot as the rows, so an answer
   * kept under it is that version's catalog (wix/catalog-pages.ts); undefined for an empty page.
   */
  version?: string | undefined;
}

/**
 * One page of whole products matching `q`, as findProductIds + loadProducts would read them, in one statement:
 * the page's ids are numbered in the order the sorted, limited select yields them (`row_number() over ()`, the
 * inner plan unchanged), then joined to their rows, variants and collections (store.ts, PRODUCT_SELECT). The
 * extra row that tells whether a next page exists is not read whole. `productFromRow` makes products of the rows.
 */
export async function findProductRows(
  db: Queryable,
  siteId: string,
  q: ProductQuery,
  options: { withVersion?: boolean } = {},
): Promise<ProductRowPage> {
  const { whereSql, order, params } = querySql(siteId, q);
  const filterParams = params.slice();
  params.push(q.limit + 1, q.offset, q.limit);
  const [lim, off, page] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
  const version = options.withVersion
    ? ', (select v.version::text from commerce_catalog_versions v where v.site_id = $1) as catalog_version'
    : '';
  const { rows } = await db.query<ProductSelectRow & { page_total: string | number; catalog_version?: string }>(
    `with page as materialized (
       select row_number() over () as n, s.id, s.total from (
         select p.id, count(*) over () as total from commerce_products p where ${whereSql}
         order by ${order} limit ${lim} offset ${off}) s)
     select page.total as page_total${version}, ${PRODUCT_SELECT} from page
     left join commerce_products p on p.site_id = $1 and p.id = page.id and page.n <= ${page}
     order by page.n`,
    params,
  );
  let total = rows[0] ? Number(rows[0].page_total) : 0;
  if (rows.length === 0 && q.offset > 0) total = await countPastEnd(db, whereSql, filterParams);
  return {
    rows: rows.slice(0, q.limit),
    total,
    hasNext: rows.length > q.limit,
    version: rows[0]?.catalog_version ?? undefined,
  };
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The search's words through `commerce_product_search` (each a prefix, all of them for AND, any for OR). */
function indexedSearchSql(search: SearchText, config: string, params: unknown[]): string {
  const words = [...new Set(search.words.flatMap((w) => w.match(WORD) ?? []))].slice(0, 2 * MAX_SEARCH_WORDS);
  if (words.length === 0) return 'false';
  params.push(config, words.map((w) => `${w}:*`).join(search.mode === 'AND' ? ' & ' : ' | '));
  const [c, t] = [`$${params.length - 1}`, `$${params.length}`];
  return `p.id in (select s.product_id from commerce_product_search s where s.site_id = $1
    and s.document @@ (to_tsquery(${c}::regconfig, ${t}) || to_tsquery('simple', ${t})))`;
}
