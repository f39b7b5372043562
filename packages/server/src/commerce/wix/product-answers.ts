/**
 * Products' wire answers kept as JSON text, by what they are made of: the product as the database gave it (its
 * row, variants and collection ids as one text, and its dates; catalog/store.ts PRODUCT_SELECT) and what the shape
 * depends on besides (the wire and its fields, the reader's currency, language, public URL, shopper or not). A
 * list of products then answers without parsing, shaping or serialising a product it wrote before (issue #54: the
 * catalog at the data API's pace). Nothing is ever stale: a changed product (its stock, a price, a collection, a
 * translation) is another text, hence another key, on every instance at once, with no invalidation to send. The
 * old answer ages out.
 *
 * Who drives it: any shopper listing products. The memory is bounded (CHAR_BUDGET characters of keys and answers,
 * least recently used out first), so a stranger asking for every field combination only cycles entries; the CPU of a miss is
 * what every request cost before.
 */
import { LRUCache } from 'lru-cache';
import { productFromRow, type ProductSelectRow } from '../catalog/store.js';
import type { Product } from '../catalog/types.js';

/** About 4 million characters (8 MB at most, 2 bytes a character): a few thousand products' answers. */
const CHAR_BUDGET = 4_000_000;
/** An answer larger than this share of the budget is written each time, never kept. */
const MAX_ENTRY = CHAR_BUDGET / 64;

// Least recently used out first (lru-cache), sized by the characters of key and answer.
const answers = new LRUCache<string, string>({
  maxSize: CHAR_BUDGET,
  maxEntrySize: MAX_ENTRY,
  sizeCalculation: (answer, key) => key.length + answer.length,
});

const dateMs = (d: Date | string) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

/**
 * The JSON text of `shape(product)` for each row, in order. `context` names everything the shape reads besides
 * the product (e.g. `v1|EUR|fr|https://shop.example|shopper`): two shapes that differ in anything else must not
 * share a context.
 */
export function productAnswers(
  rows: readonly ProductSelectRow[],
  context: string,
  shape: (product: Product) => unknown,
): string[] {
  return rows.map((row) => {
    const key = `${context}\n${dateMs(row.created_at)}\n${dateMs(row.updated_at)}\n${row.doc}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = JSON.stringify(shape(productFromRow(row)));
      answers.set(key, answer);
    }
    return answer;
  });
}

/** How many answers are kept and their size in characters (tests). */
export const productAnswerStats = () => ({ entries: answers.size, chars: answers.calculatedSize });
