import type { Json } from '../json.js';

/** A field path: `"a.b"` in a filter names `['a', 'b']` (nested objects). */
export type FieldPath = readonly string[];

/**
 * Validated filter tree. Semantics (shared by the SQL compiler and the in-memory evaluator):
 * - `eq` with null matches a missing or null field; otherwise exact JSON equality (numbers numerically, dates as instants).
 * - `ne` is the negation of `eq` (so it matches missing fields).
 * - `gt/gte/lt/lte` take a number, string or date and match only fields of the same type
 *   (strings by UTF-8 byte order, dates as instants).
 * - `in`/`hasSome`: the field equals one of the values, or is an array with an element equal to one.
 *   `hasAll`: the field is an array holding every value; on a non-array field it behaves like `in`.
 * - `contains/startsWith/endsWith`: string fields, case-insensitive.
 * - `exists`: the field is present (null counts as present) or absent.
 * - `search`: full-text search of the collection's searchable fields (filter/search.ts, docs/data.md → Full-text
 *   search): every word matches, stemmed in the site's language, or (words of SEARCH_LIMITS.fuzzyMinLength letters
 *   and more) a word of the text like it by trigrams. Only at the top of a filter or in its top-level `$and`s.
 *   The operand as an object (`{expression, mode, fuzzy}`, Wix's search details) may ask for any word
 *   (`anyWord`) and leaves typos out unless `fuzzy` (`exact`).
 */
export type FilterNode =
  | { kind: 'true' }
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  | { kind: 'cmp'; op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte'; path: FieldPath; value: Json }
  | { kind: 'in'; op: 'in' | 'hasSome' | 'hasAll'; path: FieldPath; values: Json[] }
  | { kind: 'text'; op: 'contains' | 'startsWith' | 'endsWith'; path: FieldPath; value: string }
  | { kind: 'exists'; path: FieldPath; value: boolean }
  | {
      kind: 'search';
      text: string;
      terms: string[];
      /** Any word matches (Wix's search mode OR); absent, every word must. */
      anyWord?: true;
      /** No typo matching (Wix's search without `fuzzy`); absent, long words also match by trigrams. */
      exact?: true;
    };

export interface SortSpec {
  path: FieldPath;
  /** The field name as the caller wrote it (`a.b`). */
  field: string;
  desc: boolean;
}
