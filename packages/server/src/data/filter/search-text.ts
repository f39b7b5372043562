/**
 * The `$search` operand (docs/data.md → Full-text search): the text a caller searches, bounded before any SQL so a
 * stranger cannot make one condition expensive. The text is cut into words of letters, digits and marks; nothing
 * else reaches PostgreSQL's tsquery parser, so no tsquery operator (`&`, `|`, `!`, `:*`, quotes) can be smuggled in.
 */
import { ValidationError } from '../../errors/wire.js';

export const SEARCH_LIMITS = {
  /** Characters of the text as sent. */
  textLength: 200,
  /** Distinct words: each is one tsquery and one trigram test, ANDed. */
  terms: 8,
  /** Characters of one word (a longer one is no word of a shop's text). */
  termLength: 40,
  /** A word this long or longer also matches a word of the text like it by trigrams (a typo); shorter must match. */
  fuzzyMinLength: 5,
} as const;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function fail(field: string, description: string, ruleName: string): never {
  throw new ValidationError(
    [{ field, description, violatedRule: 'FORMAT', ruleName, data: { ...SEARCH_LIMITS } }],
    `${field}: ${description}`,
  );
}

/** A `$search` operand read: its words, and how they match when the operand was Wix's search details. */
export interface SearchOperand {
  text: string;
  terms: string[];
  /** `mode: "OR"`: any word matches. */
  anyWord?: true;
  /** The object form without `fuzzy: true`: no typo matching (Wix's default). */
  exact?: true;
}

const MODES = ['AND', 'OR'];

/**
 * The words of a `$search` operand: lower case, NFC, in order, each once; a 400 naming `where` past a bound. The
 * operand is the text, or Wix's search details `{expression, mode, fuzzy}` (what `items.search()` sends, through
 * data/search-route.ts): `mode` `AND` (the default) or `OR`, `fuzzy` a boolean, nothing else.
 */
export function searchTerms(raw: unknown, where: string): SearchOperand {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) return searchDetails(raw, where);
  if (typeof raw !== 'string') fail(where, '$search takes a string: the words to search for', 'INVALID_OPERAND');
  const text = raw.trim();
  if (text.length > SEARCH_LIMITS.textLength)
    fail(where, `$search text must be at most ${SEARCH_LIMITS.textLength} characters`, 'TOO_LARGE');
  const terms = [...new Set((text.toLowerCase().normalize('NFC').match(WORD) ?? []) as string[])];
  if (terms.length === 0)
    fail(where, '$search text must hold at least one word (letters or digits)', 'INVALID_OPERAND');
  if (terms.length > SEARCH_LIMITS.terms)
    fail(where, `$search text holds at most ${SEARCH_LIMITS.terms} distinct words`, 'TOO_LARGE');
  const long = terms.find((t) => [...t].length > SEARCH_LIMITS.termLength);
  if (long !== undefined)
    fail(where, `$search words must be at most ${SEARCH_LIMITS.termLength} characters`, 'TOO_LARGE');
  return { text, terms };
}

function searchDetails(raw: object, where: string): SearchOperand {
  const { expression, mode, fuzzy, ...rest } = raw as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    fail(`${where}.${unknown}`, 'is not a search detail: expression, mode and fuzzy are', 'INVALID_OPERAND');
  if (mode !== undefined && mode !== null && !MODES.includes(mode as string))
    fail(`${where}.mode`, 'must be AND or OR', 'INVALID_OPERAND');
  if (fuzzy !== undefined && fuzzy !== null && typeof fuzzy !== 'boolean')
    fail(`${where}.fuzzy`, 'must be true or false', 'INVALID_OPERAND');
  if (typeof expression !== 'string')
    fail(`${where}.expression`, 'takes a string: the words to search for', 'INVALID_OPERAND');
  const words = searchTerms(expression, `${where}.expression`);
  return { ...words, ...(mode === 'OR' && { anyWord: true }), ...(fuzzy !== true && { exact: true }) };
}
