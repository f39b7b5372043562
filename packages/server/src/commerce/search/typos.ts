/**
 * Typo tolerance: when no product says the words, each word of three letters or more is replaced by the closest
 * word of the site's vocabulary (names and choices, `commerce_search_words`, migration 109) by trigram similarity
 * (pg_trgm's distance `<->`, the nearest through the GiST index, if at least MIN_SIMILARITY alike), and the search
 * runs again with them. The vocabulary is small beside the catalog (tens of thousands of words for a million
 * products), so the correction costs one nearest-neighbour probe per word.
 */
import type { Queryable } from '../../store/types.js';

/** "stonwear" is 0.27 from "stoneware" in trigrams; below 0.2 a word shares too little to be the one meant. */
const MIN_SIMILARITY = 0.2;

export async function correctTerms(db: Queryable, siteId: string, terms: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ term: string; word: string | null }>(
    `select t.term, (select w.word from commerce_search_words w where w.site_id = $1
         and similarity(w.word, t.term) >= $3 order by w.word <-> t.term, w.word limit 1) as word
     from unnest($2::text[]) with ordinality as t(term, n) order by t.n`,
    [siteId, terms, MIN_SIMILARITY],
  );
  return rows.map((r) => (r.word && [...r.term].length >= 3 ? r.word : r.term));
}

/**
 * Whether the shop has this word in its vocabulary: a last word the shop knows whole is searched as a word, not as
 * a prefix (a prefix match unions the posting lists of every word it begins, several times the cost at a million
 * products, measured in bench/RESULTS.md), while "kett" still finds kettles.
 */
export async function isShopWord(db: Queryable, siteId: string, word: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from commerce_search_words where site_id = $1 and word = $2`, [
    siteId,
    word,
  ]);
  return rows.length > 0;
}
