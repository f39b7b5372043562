/** The search's input bounds, its tsquery text and its highlights: plain functions (docs/commerce.md → Search). */
import { describe, expect, it } from 'vitest';
import { highlightRanges } from './highlight.js';
import { readSearchQuery, searchTerms, tsqueryText } from './input.js';

describe('searchTerms and tsqueryText', () => {
  it('keeps words of letters, digits and marks, lower case, once, and no operator', () => {
    expect(searchTerms("Mug & !coffee | ':*' MUG").terms).toEqual(['mug', 'coffee']);
    expect(searchTerms('كوبٌ حجري').terms).toEqual(['كوبٌ', 'حجري']);
    expect(tsqueryText(['linen', 'bla'], true)).toBe('linen & bla:*');
    // A word being typed matches as a prefix from three letters only.
    expect(tsqueryText(['linen', 'bl'], true)).toBe('linen & bl');
  });

  it('refuses a text, a word or a page past its bound', () => {
    expect(() => searchTerms('a'.repeat(101))).toThrow(/100 characters/);
    expect(() => searchTerms('a b c d e f g h i')).toThrow(/8 words/);
    expect(() => readSearchQuery({ q: 'mug', limit: '49' })).toThrow(/at most 48/);
    expect(() => readSearchQuery({ q: 'mug', collectionId: "c' | 'x" })).toThrow(/collection id/);
    expect(readSearchQuery({ q: 'mug', inStock: 'true', facets: 'false' })).toMatchObject({
      terms: ['mug'],
      inStock: true,
      facets: false,
      limit: 24,
      offset: 0,
    });
  });
});

describe('highlightRanges', () => {
  it('marks the words that start with a term, that a term starts with, or share a stem', () => {
    const name = 'Running <b>Mug</b> runner';
    const marked = (terms: string[]) => highlightRanges(name, terms).map((r) => name.slice(r.start, r.end));
    expect(marked(['mugs'])).toEqual(['Mug']);
    expect(marked(['runn'])).toEqual(['Running', 'runner']);
    expect(marked(['b'])).toEqual(['b', 'b']);
    expect(marked([])).toEqual([]);
  });
});
