/**
 * What a product search may ask, bounded so a stranger cannot make it expensive (docs/commerce.md → Search): the
 * text is cut into at most MAX_TERMS words of letters and digits (no operator of PostgreSQL's tsquery syntax can
 * pass), each at most MAX_TERM_LENGTH characters; the last word matches as a prefix (suggestions as you type) only
 * from PREFIX_MIN_LENGTH characters, since a one- or two-letter prefix names most of a large catalog's words.
 */
import { invalidField } from '../../errors/wire.js';

export const SEARCH_LIMITS = {
  /** Characters of the query text. */
  textLength: 100,
  terms: 8,
  termLength: 40,
  prefixMinLength: 3,
  /** Products of one page. */
  pageSize: 48,
  /** How far a page may start: the ranking looks at `candidates` matches. */
  offset: 480,
  /**
   * Matches ranked, counted and faceted; past it the total and the facets say `exhaustive: false` (as Algolia's
   * exhaustiveNbHits does), so a one-word query matching half the catalog costs what 1,000 matches cost: each
   * is a row read (measured at 1,000,000 products: bench/RESULTS.md).
   */
  candidates: 1_000,
  /** Suggestions (no facets, at most 10 products) rank fewer: the first 200 matches. */
  suggestionCandidates: 200,
} as const;

/** How many matches a search ranks and counts. */
export const candidatesOf = (input: Pick<SearchInput, 'facets' | 'limit'>): number =>
  !input.facets && input.limit <= 10 ? SEARCH_LIMITS.suggestionCandidates : SEARCH_LIMITS.candidates;

export interface SearchInput {
  /** Words of the text, lower case, in order, without repeats. */
  terms: string[];
  /** The last word is still being typed: match it as a prefix. */
  prefix: boolean;
  /** The text as typed, trimmed, lower case. */
  text: string;
  collectionId?: string | undefined;
  /** Minor units, inclusive; maxPrice exclusive. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  limit: number;
  offset: number;
  /** Count matches per collection, price range and stock (off for suggestions). */
  facets: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of `text`, bounded; throws a field violation for a text or a word over its limit. */
export function searchTerms(text: string, path = 'q'): { terms: string[]; text: string } {
  const trimmed = text.trim();
  if (trimmed.length > SEARCH_LIMITS.textLength)
    throw invalidField(path, `must be at most ${SEARCH_LIMITS.textLength} characters`, 'MAX_LENGTH');
  const words = [...new Set((trimmed.toLowerCase().normalize('NFC').match(WORD) ?? []) as string[])];
  if (words.length > SEARCH_LIMITS.terms) throw invalidField(path, `holds at most ${SEARCH_LIMITS.terms} words`, 'MAX');
  if (words.some((w) => w.length > SEARCH_LIMITS.termLength))
    throw invalidField(path, `words must be at most ${SEARCH_LIMITS.termLength} characters`, 'MAX_LENGTH');
  return { terms: words, text: trimmed.toLowerCase() };
}

/**
 * The tsquery text of the terms: every word must match (`&`), the last one as a prefix when `prefix`. Words hold
 * letters and digits only, so the text cannot carry an operator; PostgreSQL's `to_tsquery` stems each word with
 * the language's configuration.
 */
export function tsqueryText(terms: readonly string[], prefix: boolean): string {
  return terms
    .map((t, i) => (prefix && i === terms.length - 1 && [...t].length >= SEARCH_LIMITS.prefixMinLength ? `${t}:*` : t))
    .join(' & ');
}

/** The query string of `GET /_api/vitrine/v1/products/search`, as strings (the wire does not coerce). */
export interface SearchQueryString {
  q?: string | undefined;
  collectionId?: string | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  inStock?: string | undefined;
  limit?: string | undefined;
  offset?: string | undefined;
  facets?: string | undefined;
}

function wholeNumber(raw: string | undefined, path: string, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,13}$/.test(raw)) throw invalidField(path, 'must be a whole number');
  const n = Number(raw);
  if (n > max) throw invalidField(path, `must be at most ${max}`, 'MAX');
  return n;
}

function flag(raw: string | undefined, path: string): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') throw invalidField(path, 'must be true or false');
  return raw === 'true';
}

export function readSearchQuery(raw: SearchQueryString): SearchInput {
  const { terms, text } = searchTerms(raw.q ?? '');
  const limit = wholeNumber(raw.limit, 'limit', SEARCH_LIMITS.pageSize) ?? 24;
  if (raw.collectionId && !/^[A-Za-z0-9_-]{1,100}$/.test(raw.collectionId))
    throw invalidField('collectionId', 'must be a collection id: letters, digits, - and _, at most 100');
  return {
    terms,
    text,
    prefix: true,
    collectionId: raw.collectionId || undefined,
    minPrice: wholeNumber(raw.minPrice, 'minPrice', 1e12),
    maxPrice: wholeNumber(raw.maxPrice, 'maxPrice', 1e12),
    inStock: flag(raw.inStock, 'inStock'),
    limit: limit === 0 ? 24 : limit,
    offset: wholeNumber(raw.offset, 'offset', SEARCH_LIMITS.offset) ?? 0,
    facets: flag(raw.facets, 'facets') ?? true,
  };
}
