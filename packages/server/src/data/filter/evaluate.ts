/**
 * In-memory evaluation of a filter and a sort, with exactly the semantics of the SQL the compiler emits.
 * The property test checks the two agree; the aggregate endpoint and a few code paths also use it directly.
 */
import { invalidField } from '../../errors/wire.js';
import { compareText, getPath, isDateValue, jsonEqual, typeRank, type Json } from '../json.js';
import type { FilterNode, SortSpec } from './ast.js';

function equals(field: Json | undefined, value: Json): boolean {
  if (value === null) return field === undefined || field === null;
  return jsonEqual(field, value);
}

function inList(field: Json | undefined, values: readonly Json[]): boolean {
  return values.some((v) => equals(field, v) || (Array.isArray(field) && field.some((e) => jsonEqual(e, v))));
}

function ordered(field: Json | undefined, value: Json): number | undefined {
  if (typeof value === 'number') return typeof field === 'number' ? Math.sign(field - value) : undefined;
  if (typeof value === 'string') return typeof field === 'string' ? Math.sign(compareText(field, value)) : undefined;
  if (isDateValue(value) && isDateValue(field)) return Math.sign(compareText(field.$date, value.$date));
  return undefined;
}

export function evaluate(node: FilterNode, doc: Json): boolean {
  switch (node.kind) {
    case 'true':
      return true;
    case 'and':
      return node.children.every((c) => evaluate(c, doc));
    case 'or':
      return node.children.some((c) => evaluate(c, doc));
    case 'not':
      return !evaluate(node.child, doc);
    case 'exists':
      return (getPath(doc, node.path) !== undefined) === node.value;
    case 'search':
      // Stemming and trigrams are the database's: a filter read in memory (a module's collection, an aggregation's
      // final filter) cannot search, and says so instead of answering something else.
      throw invalidField('filter.$search', '$search is not available on this read', 'SEARCH_UNAVAILABLE');
    case 'text': {
      const field = getPath(doc, node.path);
      if (typeof field !== 'string') return false;
      const hay = field.toLowerCase();
      const needle = node.value.toLowerCase();
      if (node.op === 'contains') return hay.includes(needle);
      return node.op === 'startsWith' ? hay.startsWith(needle) : hay.endsWith(needle);
    }
    case 'in': {
      const field = getPath(doc, node.path);
      if (node.op === 'hasAll' && Array.isArray(field))
        return node.values.every((v) => field.some((e) => jsonEqual(e, v)));
      return inList(field, node.values);
    }
    case 'cmp': {
      const field = getPath(doc, node.path);
      if (node.op === 'eq') return equals(field, node.value);
      if (node.op === 'ne') return !equals(field, node.value);
      const c = ordered(field, node.value);
      if (c === undefined) return false;
      return node.op === 'gt' ? c > 0 : node.op === 'gte' ? c >= 0 : node.op === 'lt' ? c < 0 : c <= 0;
    }
  }
}

/** Orders two values of one sort field: by type rank, then within the type; arrays and objects tie. */
export function compareValues(a: Json | undefined, b: Json | undefined): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1:
      return Math.sign((a as number) - (b as number));
    case 2:
      return compareText(a as string, b as string);
    case 3:
      return compareText((a as { $date: string }).$date, (b as { $date: string }).$date);
    case 4:
      return Number(a) - Number(b);
    default:
      return 0;
  }
}

/** Comparator for items (`data` objects with `_id`) under a sort, `_id` as the final tie-break (in the last field's direction). */
export function compareItems(sort: readonly SortSpec[]): (a: Json, b: Json) => number {
  return (a, b) => {
    for (const s of sort) {
      const c = compareValues(getPath(a, s.path), getPath(b, s.path));
      if (c !== 0) return s.desc ? -c : c;
    }
    const c = compareText(String(getPath(a, ['_id'])), String(getPath(b, ['_id'])));
    return sort[sort.length - 1]?.desc ? -c : c;
  };
}
