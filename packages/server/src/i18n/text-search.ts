/**
 * PostgreSQL's text search configuration for a language: its Snowball stemmer, 'simple' (no stemming) for any other.
 * One table for every search (the catalog's, commerce/search; the data API's `$search`, data/search-indexes.ts). The
 * catalog's triggers hold the same table in SQL (migration 109's `commerce_search_config`): text-search.test.ts
 * keeps the two equal.
 */
export const TEXT_SEARCH_CONFIGS: Readonly<Record<string, string>> = {
  en: 'english',
  fr: 'french',
  de: 'german',
  es: 'spanish',
  ar: 'arabic',
  it: 'italian',
  pt: 'portuguese',
  nl: 'dutch',
  sv: 'swedish',
  da: 'danish',
  nb: 'norwegian',
  no: 'norwegian',
  fi: 'finnish',
  ru: 'russian',
  tr: 'turkish',
  hu: 'hungarian',
  ro: 'romanian',
};

/** The configuration for a language tag (`fr-CA` → french), as the SQL function reads it. */
export function textSearchConfig(language: string | undefined): string {
  return TEXT_SEARCH_CONFIGS[(language ?? '').split('-')[0]!.toLowerCase()] ?? 'simple';
}
