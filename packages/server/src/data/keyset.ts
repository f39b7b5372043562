/**
 * Keyset cursors for item queries (issue #28). A cursor holds the ORDER BY key values of a row (its edge of the
 * page), not a row count: the next page is `where (keys) > (values)`, which an index on the sort starts reading at
 * the right place, so page 18,000 costs what page 1 does (an offset reads and drops every row before it).
 *
 * The values travel as text (one per ORDER BY column, null where the column is null) inside the signed cursor
 * (paging.ts) and are cast back to their column's type. A field's keys are its type rank and then one typed key
 * per rank (filter/compile.ts `sortColumns`); rows of one rank have the same null keys, so the comparison uses
 * the rank and the typed key of that rank only, and is never NULL. Mixed directions are written as the
 * expanded OR form, led by a bound on the first key so an index still starts near the position.
 */
import { invalidField } from '../errors/wire.js';
import type { KeyType, Params, SortColumn } from './filter/compile.js';

export type KeyValues = (string | null)[];

/** Where a cursor stands: after (or, `back`, before) the row with these key values, `inclusive` of it or not. */
export interface Position {
  values: KeyValues;
  back: boolean;
  inclusive: boolean;
}

/** How each type's value is written as text in the select list. */
function asText(c: SortColumn): string {
  if (c.type === 'timestamptz') return `to_char(${c.sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return `(${c.sql})::text`;
}

/** Extra select-list items `k0, k1…` holding each row's key values as text. */
export function keyColumns(columns: readonly SortColumn[]): string {
  return columns.map((c, i) => `, ${asText(c)} as k${i}`).join('');
}

export function rowKeys(row: Record<string, unknown>, count: number): KeyValues {
  return Array.from({ length: count }, (_, i) => {
    const v = row[`k${i}`];
    return v == null ? null : String(v);
  });
}

const VALID: Record<KeyType, RegExp> = {
  int: /^[0-6]$/,
  bigint: /^-?\d{1,19}$/,
  numeric: /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i,
  boolean: /^(true|false)$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  text: /^[\s\S]*$/,
};

interface Key {
  column: SortColumn;
  value: string;
}

/** The keys a comparison uses: the rank of each field and the typed key of that rank; a mismatch is a bad cursor. */
function usedKeys(columns: readonly SortColumn[], values: KeyValues, field: string): Key[] {
  const bad = () => invalidField(field, 'does not fit this query', 'INVALID_CURSOR');
  if (values.length !== columns.length) throw bad();
  const keys: Key[] = [];
  let rank: number | undefined;
  columns.forEach((column, i) => {
    const value = values[i];
    if (column.forRank !== undefined) {
      if (column.forRank !== rank) return;
    } else rank = undefined;
    if (typeof value !== 'string' || !VALID[column.type].test(value)) throw bad();
    if (column.rank) rank = Number(value);
    keys.push({ column, value });
  });
  return keys;
}

/**
 * The condition for rows past `position` in the order of `columns` (before it when `back`). One direction:
 * a row comparison, which a b-tree on those keys serves as a range. Mixed: the OR expansion.
 */
export function keysetWhere(columns: readonly SortColumn[], position: Position, params: Params, field: string): string {
  const keys = usedKeys(columns, position.values, field);
  const cast = (k: Key) => `${params.add(k.value)}::${k.column.type}`;
  // `later(desc)`: the operator for "comes after" in a column of that direction (reversed for a backward page).
  const later = (desc: boolean, strict = true) => `${desc !== position.back ? '<' : '>'}${strict ? '' : '='}`;
  const lhs = keys.map((k) => k.column.sql);
  const rhs = keys.map(cast);
  if (keys.every((k) => k.column.desc === keys[0]!.column.desc)) {
    return `((${lhs.join(', ')}) ${later(keys[0]!.column.desc, !position.inclusive)} (${rhs.join(', ')}))`;
  }
  const terms = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((_, j) => `${lhs[j]} = ${rhs[j]}`);
    const last = i === keys.length - 1;
    return [...equal, `${lhs[i]} ${later(k.column.desc, !(last && position.inclusive))} ${rhs[i]}`].join(' and ');
  });
  const lead = `${lhs[0]} ${later(keys[0]!.column.desc, false)} ${rhs[0]}`;
  return `(${lead} and ((${terms.join(') or (')})))`;
}
