/**
 * Where a product's text says the searched words, as ranges of UTF-16 code units (JavaScript string indices,
 * end exclusive): the client marks them up itself, so no markup of ours meets the product's text and an owner's
 * name with `<script>` in it stays text (docs/commerce.md → Search). A word of the text matches a term when it
 * starts with the term (typed so far), when the term starts with it ("mugs" finds "Mug"), or when both share their
 * first four letters (stems: "running" and "runner").
 */
export interface Range {
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

const matches = (word: string, term: string): boolean => {
  const shared = commonPrefix(word, term);
  return shared === term.length || (shared === word.length && word.length >= 2) || shared >= 4;
};

export function highlightRanges(text: string, terms: readonly string[]): Range[] {
  if (terms.length === 0) return [];
  const ranges: Range[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    if (terms.some((t) => matches(word, t))) ranges.push({ start: m.index, end: m.index + m[0].length });
  }
  return ranges;
}
