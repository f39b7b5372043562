/**
 * `$search` → SQL (docs/data.md → Full-text search). The collection's searchable text comes from the caller of
 * the compiler (data/search-indexes.ts) as trusted SQL: `document`, the tsvector of its fields stemmed in the
 * site's language, and `plain`, the same fields as one text for pg_trgm. Both are written with constants only,
 * exactly as the collection's declared search indexes hold them, so the planner matches the indexes' expressions.
 *
 * Each word must match: its tsquery (stemmed by PostgreSQL, resolved beforehand so the statement carries it as a
 * `tsquery` parameter and a generic plan still reads the GIN index) is in the document, or, for a word of
 * SEARCH_LIMITS.fuzzyMinLength letters or more, a word of the text is like it (`<%`, pg_trgm's word similarity,
 * at least `pg_trgm.word_similarity_threshold`, 0.6 by default: "blankte" finds "blanket"). Words the language
 * ignores (stop words: "the", "und") are left out; a text of nothing but those matches nothing. Asked as Wix's
 * search details, any word may do (`anyWord`, mode OR) and typos count only with `fuzzy` (else `exact`).
 */
import { SEARCH_LIMITS } from './search-text.js';
import type { SearchNode } from './walk.js';

/** compile.ts's Params, as much as is used here (compile.ts imports this file). */
interface Params {
  add(value: unknown): string;
}

export interface SearchTarget {
  /** tsvector of a row's searchable text (trusted SQL). */
  document: string;
  /** The searchable text of a row as one `text` (trusted SQL), for the trigram test and its index. */
  plain: string;
  /** Each word → its tsquery text in the collection's language; '' for a stop word. */
  queries: ReadonlyMap<string, string>;
  /**
   * Trusted SQL ANDed with the match when an index serves it: the site and collection as constants, which the
   * partial indexes' predicate needs to see even in a generic plan (parameters are unknown to it).
   */
  guard?: string;
}

const isFuzzy = (term: string) => [...term].length >= SEARCH_LIMITS.fuzzyMinLength;

export function searchSql(node: SearchNode, target: SearchTarget, params: Params): string {
  const parts: string[] = [];
  for (const term of node.terms) {
    const query = target.queries.get(term) ?? '';
    if (query === '') continue;
    const fuzzy = !node.exact && isFuzzy(term) ? ` or ${params.add(term)}::text <% ${target.plain}` : '';
    parts.push(`(${target.document} @@ ${params.add(query)}::tsquery${fuzzy})`);
  }
  if (parts.length === 0) return 'false';
  const words = parts.length > 1 && node.anyWord ? `(${parts.join(' or ')})` : parts.join(' and ');
  return `(${target.guard ? `${target.guard} and ` : ''}${words})`;
}

/**
 * Relevance of a row (higher first): PostgreSQL's `ts_rank` of the document against any of the words (field
 * weights A, B, C, D in declaration order), and a hundredth of the text's word similarity to the whole text, so a
 * row that matches only by a typo ranks after those that say the words. As `numeric`, a cursor key (data/keyset.ts).
 */
export function searchRankSql(node: SearchNode, target: SearchTarget, params: Params): string {
  const any = node.terms
    .map((t) => target.queries.get(t) ?? '')
    .filter((q) => q !== '')
    .map((q) => `(${q})`)
    .join(' | ');
  const rank = any === '' ? '0' : `ts_rank(${target.document}, ${params.add(any)}::tsquery)`;
  return `(${rank} + word_similarity(${params.add(node.text)}::text, ${target.plain}) / 100)::numeric`;
}
