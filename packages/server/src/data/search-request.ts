/**
 * `POST /items/search` (what the unmodified `@wix/data` client's `items.search()` sends; docs/wire-format.md §9.4)
 * read as the item query it is: Wix's search request `{dataCollectionId, search: {search: {expression, mode,
 * fuzzy}, filter, sort, fields, paging | cursorPaging}, includeReferences, language}` becomes `/items/query`'s body
 * with the search details as a `$search` beside the filter (data/filter/search-text.ts reads them). So a search
 * is exactly a query: the collection's read permission, the same bounds, the same search indexes, the same
 * answer `{dataItems, pagingMetadata}`. As Wix's search does, the first page carries its total.
 */
import { invalidField, ValidationError } from '../errors/wire.js';
import { isPlainObject } from './json.js';
import type { Body } from './scope.js';

/** The request's keys a query also reads, copied as they are. */
const PASSED = ['dataCollectionId', 'includeReferences', 'language', 'consistentRead', 'appId', 'environment'];
/** `search`'s keys that are the query's. */
const QUERY_KEYS = ['filter', 'sort', 'fields', 'paging', 'cursorPaging'];

export function searchAsQuery(body: Body): Body {
  const search = body.search ?? {};
  if (!isPlainObject(search))
    throw invalidField('search', 'must be an object: {search: {expression, mode, fuzzy}, filter, sort, paging}');
  const query: Record<string, unknown> = {};
  for (const key of QUERY_KEYS) if (search[key] !== undefined && search[key] !== null) query[key] = search[key];
  const details = search.search;
  if (details !== undefined && details !== null && !isPlainObject(details))
    throw invalidField('search.search', 'must be an object: {expression, mode, fuzzy}');
  const expression = details?.expression;
  // No words to look for: a search of everything the filter lets through, as Wix answers it.
  if (typeof expression !== 'string' || expression.trim() === '') {
    if (expression !== undefined && expression !== null && typeof expression !== 'string')
      throw invalidField('search.search.expression', 'must be a string: the words to search for', 'INVALID_OPERAND');
  } else {
    const filter = query.filter;
    const words = { $search: withoutNulls(details!) };
    const given = isPlainObject(filter) && Object.keys(filter).length > 0;
    query.filter = given ? { $and: [words, filter] } : words;
  }
  const out: Body = { query };
  for (const key of PASSED) if (body[key] !== undefined) out[key] = body[key];
  const continuing = isPlainObject(search.cursorPaging) && typeof search.cursorPaging.cursor === 'string';
  if (!continuing) out.returnTotalCount = true;
  return out;
}

/** The client sends `fuzzy` and `mode` as `undefined` (dropped) or values; a `null` means "not set" too. */
function withoutNulls(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null && v !== undefined));
}

/** Where the query's paths came from in the search request, most specific first. */
const SEARCH_PATHS: [string, string][] = [
  ['query.filter.$and[0].$search', 'search.search'],
  ['query.filter.$search', 'search.search'],
  ['query.filter.$and[1]', 'search.filter'],
  ['query.', 'search.'],
];

const searchPath = (field: string): string => {
  for (const [from, to] of SEARCH_PATHS) if (field.startsWith(from)) return to + field.slice(from.length);
  return field;
};

/**
 * A refusal of the query names the search request's own paths (`search.search.expression`, `search.filter.price`),
 * not those of the query it became; other errors pass unchanged.
 */
export function inSearchTerms(error: unknown): unknown {
  if (!(error instanceof ValidationError)) return error;
  const violations = error.violations.map((v) => ({ ...v, field: searchPath(v.field) }));
  return new ValidationError(violations, violations.map((v) => `${v.field}: ${v.description}`).join('; '));
}
