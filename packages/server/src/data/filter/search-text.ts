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

/** The words of a `$search` operand: lower case, NFC, in order, each once; a 400 naming `where` past a bound. */
export function searchTerms(raw: unknown, where: string): { text: string; terms: string[] } {
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
