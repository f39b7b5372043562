/**
 * FilterNode / SortSpec → parameterised PostgreSQL. Caller input only ever travels as `$n` parameters;
 * the SQL text is built from fixed fragments and trusted column names.
 * Every predicate evaluates to true or false, never SQL NULL, so NOT composes safely.
 * Casts sit inside CASE so that a value of another type can never make the statement fail.
 */
import { invalidField } from '../../errors/wire.js';
import { isDateValue, isPlainObject, type Json } from '../json.js';
import type { FieldPath, FilterNode, SortSpec } from './ast.js';
import { MAX_BIND_PARAMETERS } from './limits.js';
import { searchSql, type SearchTarget } from './search.js';

export class Params {
  readonly values: unknown[] = [];
  constructor(initial: readonly unknown[] = []) {
    this.values.push(...initial);
  }
  add(value: unknown): string {
    // PostgreSQL cannot bind more than 65 535 parameters; answer a 400 long before the driver fails.
    if (this.values.length >= MAX_BIND_PARAMETERS) {
      throw invalidField(
        'filter',
        `the request needs more than ${MAX_BIND_PARAMETERS} SQL parameters; use fewer or shorter conditions`,
        'TOO_LARGE',
      );
    }
    this.values.push(value);
    return `$${this.values.length}`;
  }
  json(value: Json): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
}

export interface CompileTarget {
  /** SQL expression of the jsonb document, e.g. `i.data` (trusted, never caller input). */
  doc: string;
  /** When the document is a `data_items` row: alias prefix for column fast paths (`i.`), enabling index use. */
  itemColumns?: string;
  /**
   * A read in a language other than the default (data/translations.ts): `column` is the SQL of the row's jsonb
   * translations (trusted); a path starting at one of `fields` reads `language`'s value, else the item's own.
   */
  translated?: { column: string; language: string; fields: ReadonlySet<string> };
  /**
   * Fields (dotted paths) that a b-tree on their sort keys leads (data/indexes.ts `keyedFields`): equality on them is
   * written as sort keys, which that b-tree seeks, instead of jsonb containment for the GIN index.
   */
  keyed?: ReadonlySet<string>;
  /** The collection's searchable text, for a `$search` (filter/search.ts); absent, a `$search` cannot compile. */
  search?: SearchTarget;
}

const isTranslated = (target: CompileTarget, path: FieldPath) =>
  !!target.translated && path.length > 0 && target.translated.fields.has(path[0]!);

/** The jsonb value at `path` of the target document (SQL NULL when absent). */
export function fieldExpr(target: CompileTarget, path: FieldPath, params: Params): string {
  const rest = (from: number) =>
    path
      .slice(from)
      .map((p) => ` -> ${params.add(p)}::text`)
      .join('');
  if (!isTranslated(target, path)) return `(${target.doc}${rest(0)})`;
  const { column, language } = target.translated!;
  const head = params.add(path[0]);
  return `(coalesce(${column} -> ${params.add(language)}::text -> ${head}::text, ${target.doc} -> ${head}::text)${rest(1)})`;
}

function nested(path: FieldPath, value: Json): Json {
  return path.reduceRight<Json>((acc, key) => ({ [key]: acc }), value);
}

function isScalar(value: Json): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || isDateValue(value);
}

function eqSql(target: CompileTarget, path: FieldPath, value: Json, params: Params): string {
  if (target.itemColumns && path.length === 1 && path[0] === '_id' && typeof value === 'string') {
    return `(${target.itemColumns}id = ${params.add(value)})`;
  }
  const x = fieldExpr(target, path, params);
  if (value === null) return `(${x} is null or ${x} = 'null'::jsonb)`;
  if (target.keyed?.has(path.join('.')) && !isTranslated(target, path)) {
    const keyed = keyEquals(x, value);
    if (keyed) return keyed(params);
  }
  const exact = `coalesce(${x} = ${params.json(value)}, false)`;
  // Containment is implied by exact equality along a path of objects; it lets the GIN index on data narrow the scan.
  // Not on a translated field: the containment test reads the default-language value only.
  if (target.itemColumns && isScalar(value) && !isTranslated(target, path))
    return `(${target.doc} @> ${params.json(nested(path, value))} and ${exact})`;
  return exact;
}

/**
 * Equality with a string, number or boolean written on the sort keys: the rank, that rank's key equal to the value
 * and every other typed key null. The nulls are implied by the rank (a typed key is set only for its rank), but
 * written out they pin every key of the field, so a b-tree led by it seeks to the value and reads the fields
 * after it in order (a declared index on `category, price`: `category = c7` sorted by price). Same answer as
 * JSON equality: jsonb compares numbers numerically and strings bytewise, like the numeric and `collate "C"` keys.
 * Dates keep the JSON form (an object's other members take part in its equality, not in its key).
 */
function keyEquals(x: string, value: Json): ((params: Params) => string) | undefined {
  const rank = typeof value === 'number' ? 1 : typeof value === 'string' ? 2 : typeof value === 'boolean' ? 4 : 0;
  if (!rank) return undefined;
  return (params) => {
    const columns = valueColumns(x, false);
    const parts = columns.map((c) => {
      if (c.rank) return `${c.sql} = ${rank}`;
      if (c.forRank !== rank) return `${c.sql} is null`;
      const cast = c.type === 'numeric' ? 'numeric' : c.type === 'boolean' ? 'boolean' : 'text';
      return `${c.sql} = ${params.add(typeof value === 'number' ? String(value) : value)}::${cast}`;
    });
    return `(${parts.join(' and ')})`;
  };
}

function inSql(target: CompileTarget, node: Extract<FilterNode, { kind: 'in' }>, params: Params): string {
  const x = fieldExpr(target, node.path, params);
  const list = params.json(node.values);
  const withNull = node.values.includes(null) ? ` or ${x} is null` : '';
  const scalar = `(coalesce(${x} in (select jsonb_array_elements(${list})), false)${withNull})`;
  const some = `coalesce(case when jsonb_typeof(${x}) = 'array' then exists (select 1 from jsonb_array_elements(${x}) e where e in (select jsonb_array_elements(${list}))) end, false)`;
  if (node.op !== 'hasAll') return `(${scalar} or ${some})`;
  const all = `not exists (select 1 from jsonb_array_elements(${list}) v where not exists (select 1 from jsonb_array_elements(${x}) e where e = v))`;
  return `(case when jsonb_typeof(${x}) = 'array' then ${all} else ${scalar} end)`;
}

const CMP = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * Range comparisons are written with the sort-key expressions (`rank = k and key > v`): equivalent to a typed
 * comparison, and the very expressions an on-demand sort index holds, so a range on the sorted field is an index range.
 */
function orderedSql(target: CompileTarget, op: keyof typeof CMP, path: FieldPath, value: Json, params: Params): string {
  const [rank, num, str, date] = sortKeys(fieldExpr(target, path, params), false) as [string, string, string, string];
  const sym = CMP[op];
  if (typeof value === 'number') return `(${rank} = 1 and ${num} ${sym} ${params.add(String(value))}::numeric)`;
  if (typeof value === 'string') return `(${rank} = 2 and ${str} ${sym} ${params.add(value)}::text)`;
  const iso = isPlainObject(value) && typeof value.$date === 'string' ? value.$date : '';
  return `(${rank} = 3 and ${date} ${sym} ${params.add(iso)}::text)`;
}

/** `value` as a LIKE pattern that matches it literally (`\\` is LIKE's default escape character). */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive text tests. The exact test (inside CASE, so only strings match) is ANDed with the same test
 * written as `lower(<field> #>> '{}') like <pattern>`: redundant for the answer (never NULL together with the
 * exact test's false), but the form a `text_pattern_ops` b-tree (a prefix) or a trigram index serves
 * (data/text-indexes.ts).
 */
function textSql(target: CompileTarget, node: Extract<FilterNode, { kind: 'text' }>, params: Params): string {
  const x = fieldExpr(target, node.path, params);
  const s = `lower(${x} #>> '{}')`;
  const needle = `lower(${params.add(node.value)}::text)`;
  const test =
    node.op === 'contains'
      ? `strpos(${s}, ${needle}) > 0`
      : `${node.op === 'startsWith' ? 'left' : 'right'}(${s}, length(${needle})) = ${needle}`;
  const literal = likeLiteral(node.value);
  const pattern = node.op === 'startsWith' ? `${literal}%` : node.op === 'endsWith' ? `%${literal}` : `%${literal}%`;
  return `(${s} like lower(${params.add(pattern)}::text) and coalesce(case when jsonb_typeof(${x}) = 'string' then ${test} end, false))`;
}

export function compileFilter(node: FilterNode, target: CompileTarget, params: Params): string {
  switch (node.kind) {
    case 'true':
      return 'true';
    case 'and':
      return node.children.length === 0
        ? 'true'
        : `(${node.children.map((c) => compileFilter(c, target, params)).join(' and ')})`;
    case 'or':
      return node.children.length === 0
        ? 'false'
        : `(${node.children.map((c) => compileFilter(c, target, params)).join(' or ')})`;
    case 'not':
      return `(not ${compileFilter(node.child, target, params)})`;
    case 'exists':
      return `(${fieldExpr(target, node.path, params)} is ${node.value ? 'not ' : ''}null)`;
    case 'search':
      // Item reads resolve it (data/search-indexes.ts); others (an aggregation's final filter, a write's condition)
      // have no searchable text to match.
      if (!target.search) throw invalidField('filter.$search', '$search is not available here', 'SEARCH_UNAVAILABLE');
      return searchSql(node, target.search, params);
    case 'text':
      return textSql(target, node, params);
    case 'in':
      return inSql(target, node, params);
    case 'cmp':
      if (node.op === 'eq') return eqSql(target, node.path, node.value, params);
      if (node.op === 'ne') return `(not ${eqSql(target, node.path, node.value, params)})`;
      return orderedSql(target, node.op, node.path, node.value, params);
  }
}

/** SQL type of an ORDER BY key, so a cursor can carry its value as text and cast it back (data/keyset.ts). */
export type KeyType = 'int' | 'numeric' | 'text' | 'boolean' | 'timestamptz' | 'bigint';

export interface SortColumn {
  /** The key expression, without direction (may end in `collate "C"`). */
  sql: string;
  desc: boolean;
  type: KeyType;
  /** A value's type rank (first key of a field): the keys after it that apply depend on its value. */
  rank?: true;
  /** A typed key: non-null exactly when the field's rank is this one. */
  forRank?: number;
}

/** The keys of one value, mirroring `compareValues`: type rank, then number, text, date, boolean. */
function valueColumns(x: string, desc: boolean): SortColumn[] {
  return [
    {
      sql:
        `case jsonb_typeof(${x}) when 'number' then 1 when 'string' then 2 when 'boolean' then 4 when 'array' then 5 ` +
        `when 'object' then case when jsonb_typeof(${x} -> '$date') = 'string' then 3 else 6 end else 0 end`,
      desc,
      type: 'int',
      rank: true,
    },
    { sql: `case when jsonb_typeof(${x}) = 'number' then (${x})::numeric end`, desc, type: 'numeric', forRank: 1 },
    {
      sql: `case when jsonb_typeof(${x}) = 'string' then ${x} #>> '{}' end collate "C"`,
      desc,
      type: 'text',
      forRank: 2,
    },
    {
      sql: `case when jsonb_typeof(${x} -> '$date') = 'string' then ${x} ->> '$date' end collate "C"`,
      desc,
      type: 'text',
      forRank: 3,
    },
    { sql: `case when jsonb_typeof(${x}) = 'boolean' then (${x})::boolean end`, desc, type: 'boolean', forRank: 4 },
  ];
}

/** An ORDER BY item. */
export const orderItem = (c: SortColumn, reverse = false) => `${c.sql}${c.desc !== reverse ? ' desc' : ''}`;

/** ORDER BY keys of one value, mirroring `compareValues`: type rank, then number, text, date, boolean. */
export function sortKeys(x: string, desc: boolean): string[] {
  return valueColumns(x, desc).map((c) => orderItem(c));
}

/**
 * The ORDER BY columns of a sort; `tiebreak` (e.g. `i.id collate "C"`) always comes last, in the direction of the
 * last sort field, so that a one-field sort is exactly the order of an index on (keys, id) read either way.
 */
export function sortColumns(
  sort: readonly SortSpec[],
  target: CompileTarget,
  params: Params,
  tiebreak: string,
): SortColumn[] {
  const keys: SortColumn[] = [];
  for (const s of sort) {
    const col = target.itemColumns;
    const system = col && s.path.length === 1 ? s.path[0] : undefined;
    if (system === '_createdDate' || system === '_updatedDate') {
      const sql = `${col}${system === '_createdDate' ? 'created_at' : 'updated_at'}`;
      keys.push({ sql, desc: s.desc, type: 'timestamptz' });
    } else if (system === '_id') {
      keys.push({ sql: `${col}id collate "C"`, desc: s.desc, type: 'text' });
    } else {
      keys.push(...valueColumns(fieldExpr(target, s.path, params), s.desc));
    }
  }
  keys.push({ sql: tiebreak, desc: sort[sort.length - 1]?.desc ?? false, type: 'text' });
  return keys;
}

/** The ORDER BY list for a sort (see sortColumns). */
export function compileSort(
  sort: readonly SortSpec[],
  target: CompileTarget,
  params: Params,
  tiebreak: string,
): string {
  return sortColumns(sort, target, params, tiebreak)
    .map((c) => orderItem(c))
    .join(', ');
}
