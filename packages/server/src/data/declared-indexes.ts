/**
 * Indexes a shop declares (`collections[].indexes`, issue #28; docs/data.md → Declared indexes). Each is built
 * at start, before the server serves (CREATE INDEX CONCURRENTLY on PostgreSQL, so other instances keep writing),
 * under a name derived from its declaration: a restart finds it and builds nothing, a changed declaration gets a
 * new index (the old one is left for the operator to drop, see the doc).
 *
 * - A plain index holds the sort keys of its fields in their directions, then `id`: exactly the ORDER BY of a
 *   sort on those fields (filter/compile.ts `sortColumns`), so such a sort, a range on its first field, and
 *   cursor pages (keyset.ts) read it. Like on-demand sort indexes (indexes.ts) it is whole-table, led by
 *   (site_id, collection_id): the planner keeps statistics for its expressions.
 * - A unique index is partial to its site and collection, on one key per field that is NULL for a missing,
 *   null, array or object value (those never clash) and else tags the type: `n:1` (numbers compare as numbers,
 *   1 = 1.0), `s:abc`, `d:<instant>`, `b:true`. A write that would repeat a value is a 409
 *   (`WD_UNIQUE_INDEX_VIOLATION`, store/unique-indexes.ts says which fields).
 *
 * DDL takes no parameters: field segments are checked by the config schema (and again here), ids too.
 */
import { createHash } from 'node:crypto';
import type { CollectionConfig, IndexConfig, SiteConfig } from '../config/types.js';
import { retryLockConflicts } from '../store/busy.js';
import { registerUniqueIndex } from '../store/unique-indexes.js';
import type { Database } from '../store/types.js';
import { sortColumns, Params } from './filter/compile.js';
import type { FilterNode, SortSpec } from './filter/ast.js';
import { declaredIndexes, keyedFields, markDeclared, SEGMENT } from './indexes.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function declaredIndexName(siteId: string, collectionId: string, index: IndexConfig): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([siteId, collectionId, index.fields, index.unique]))
    .digest('hex');
  return `data_${index.unique ? 'uniq' : 'decl'}_${digest.slice(0, 24)}`;
}

const pathOf = (field: string) => field.split('.');
const docAt = (path: readonly string[]) => `(data${path.map((p) => ` -> '${p}'::text`).join('')})`;

/** One text per value, NULL where values never clash (see the header). */
function uniqueKey(x: string): string {
  return (
    `(case jsonb_typeof(${x}) when 'number' then 'n:' || trim_scale((${x})::numeric)::text ` +
    `when 'string' then 's:' || (${x} #>> '{}') when 'boolean' then 'b:' || (${x})::text ` +
    `when 'object' then case when jsonb_typeof(${x} -> '$date') = 'string' then 'd:' || (${x} ->> '$date') end end)`
  );
}

/** The CREATE INDEX statement, or undefined when a name is not safe to write into DDL. */
export function declaredIndexSql(
  db: Database,
  siteId: string,
  collectionId: string,
  index: IndexConfig,
): string | undefined {
  const paths = index.fields.map((f) => pathOf(f.field));
  if (!ID.test(siteId) || !ID.test(collectionId)) return undefined;
  if (paths.some((p) => p.length > 4 || !p.every((s) => SEGMENT.test(s)))) return undefined;
  const name = declaredIndexName(siteId, collectionId, index);
  const concurrently = db.kind === 'postgres' ? 'concurrently ' : '';
  if (index.unique) {
    const keys = paths.map((p) => uniqueKey(docAt(p)));
    return `create unique index ${concurrently}if not exists ${name} on data_items (${keys.join(', ')}) where site_id = '${siteId}' and collection_id = '${collectionId}'`;
  }
  // The very expressions a sort compiles to, parameters folded into constants (or the planner cannot match them).
  const sort = index.fields.map((f) => ({ path: pathOf(f.field), field: f.field, desc: f.order === 'DESC' }));
  const params = new Params();
  const columns = sortColumns(sort, { doc: 'data' }, params, 'id collate "C"').map((c) => {
    const sql = c.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(params.values[Number(n) - 1])}'`);
    // The tiebreak as the on-demand indexes write it: the column with its collation, not an expression.
    return `${c.type === 'text' && sql.startsWith('id ') ? sql : `(${sql})`}${c.desc ? ' desc' : ''}`;
  });
  return `create index ${concurrently}if not exists ${name} on data_items (site_id, collection_id, ${columns.join(', ')})`;
}

export interface DeclaredIndexLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Builds every declared index that does not exist yet (one at a time), and records the unique ones so a clash
 * is answered in their words. A build that fails (values that already clash) is logged with the config key
 * that declared it and dropped; the server still starts, without that index. One that PostgreSQL ended for
 * another session's locks (a deadlock) is tried again (store/busy.ts retryLockConflicts).
 */
export async function buildDeclaredIndexes(
  db: Database,
  sites: readonly SiteConfig[],
  log: DeclaredIndexLog,
): Promise<void> {
  for (const [s, site] of sites.entries()) {
    for (const [c, collection] of site.collections.entries()) {
      for (const [i, index] of (collection.indexes ?? []).entries()) {
        // Search indexes are built in the background once the server serves (search-indexes.ts).
        if (index.search) continue;
        const key = `sites[${s}].collections[${c}].indexes[${i}]`;
        await buildOne(db, site.id, collection, index, key, log);
      }
    }
  }
}

async function buildOne(
  db: Database,
  siteId: string,
  collection: CollectionConfig,
  index: IndexConfig,
  key: string,
  log: DeclaredIndexLog,
): Promise<void> {
  const name = declaredIndexName(siteId, collection.id, index);
  const sql = declaredIndexSql(db, siteId, collection.id, index);
  if (!sql) return log.error({ key }, 'declared index not built: a name cannot be written into DDL');
  if (index.unique)
    registerUniqueIndex(name, { collectionId: collection.id, fields: index.fields.map((f) => f.field) });
  const found = await db.query<{ valid: boolean }>(
    `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1`,
    [name],
  );
  const keyed = () => {
    if (!index.unique) markDeclared(db, siteId, collection.id, index.fields);
  };
  if (found.rows[0]?.valid) return keyed();
  // A concurrent build that was interrupted leaves an invalid index that `if not exists` would take for done.
  if (found.rows.length) await dropIndex(db, name);
  const started = Date.now();
  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
  try {
    await retryLockConflicts(() => db.exec(sql), {
      cleanup: () => dropIndex(db, name),
      onRetry: (error, attempt) =>
        log.info(
          { key, index: name, err: messageOf(error), attempt },
          'declared index build ended by a lock conflict: again',
        ),
    });
  } catch (error) {
    await dropIndex(db, name).catch(() => undefined);
    return log.error({ key, index: name, err: messageOf(error) }, 'declared index not built');
  }
  if (!index.unique) await db.exec('analyze data_items');
  keyed();
  log.info({ key, index: name, ms: Date.now() - started }, 'declared index built');
}

async function dropIndex(db: Database, name: string): Promise<void> {
  await db.exec(`drop index ${db.kind === 'postgres' ? 'concurrently ' : ''}if exists ${name}`);
}

/** The fields the top-level `and` of a filter pins to one string, number or boolean. */
function pinnedFields(filter: FilterNode): Set<string> {
  const pins = new Set<string>();
  const visit = (node: FilterNode) => {
    if (node.kind === 'and') node.children.forEach(visit);
    else if (node.kind === 'cmp' && node.op === 'eq' && ['string', 'number', 'boolean'].includes(typeof node.value))
      pins.add(node.path.join('.'));
  };
  visit(filter);
  return pins;
}

/**
 * The fields whose equality compiles to sort keys (filter/compile.ts `keyed`): those a b-tree leads
 * (indexes.ts `keyedFields`), and the pinned fields that follow a pinned first field in a declared index, so
 * its b-tree seeks past all of them (`category = c7 and size = 'M'` on an index on `category, size, price`).
 */
export function keyedFor(db: Database, siteId: string, collectionId: string, filter: FilterNode): Set<string> {
  const keyed = new Set(keyedFields(db, siteId, collectionId));
  const pins = pinnedFields(filter);
  for (const fields of declaredIndexes(db, siteId, collectionId)) {
    for (const f of fields) {
      if (!pins.has(f.field)) break;
      keyed.add(f.field);
    }
  }
  return keyed;
}

/**
 * The sort to write for a query that pins the leading fields of a declared index and sorts by the rest of its
 * fields (in their directions, or all reversed): the index's whole order. For the rows that match, the pinned
 * fields are constants, so the order is the same; written this way it is the index's order, which the planner
 * reads instead of sorting every match (`category = c7` sorted by price, on an index on `category, price`:
 * the pinned keys that are not equal to a constant, the null ones, still have to appear in the ORDER BY).
 */
export function declaredSortFor(
  db: Database,
  siteId: string,
  collectionId: string,
  filter: FilterNode,
  sort: readonly SortSpec[],
): readonly SortSpec[] {
  if (sort.length === 0) return sort;
  const pins = pinnedFields(filter);
  for (const fields of declaredIndexes(db, siteId, collectionId)) {
    const lead = fields.findIndex((f) => !pins.has(f.field));
    const rest = lead <= 0 ? [] : fields.slice(lead);
    if (rest.length !== sort.length) continue;
    const fits = (reversed: boolean) =>
      rest.every(
        (f, i) => f.field === sort[i]!.path.join('.') && ((f.order === 'DESC') !== reversed) === sort[i]!.desc,
      );
    const reversed = fits(true);
    if (!fits(false) && !reversed) continue;
    return fields.map((f) => ({ path: pathOf(f.field), field: f.field, desc: (f.order === 'DESC') !== reversed }));
  }
  return sort;
}
