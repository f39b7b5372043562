import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../test-support/database.js';
import { TEXT_SEARCH_CONFIGS, textSearchConfig } from './text-search.js';

const db = await openMigratedPglite();
afterAll(() => db.close());

describe('text search configurations', () => {
  it('are the ones migration 109 gives the catalog triggers, for every language and for others', async () => {
    const tags = [...Object.keys(TEXT_SEARCH_CONFIGS), 'FR-ca', 'pt-BR', 'ja', 'zz', ''];
    const { rows } = await db.query<{ tag: string; config: string }>(
      `select t as tag, commerce_search_config(t)::text as config from unnest($1::text[]) t`,
      [tags],
    );
    expect(Object.fromEntries(rows.map((r) => [r.tag, r.config]))).toEqual(
      Object.fromEntries(tags.map((t) => [t, textSearchConfig(t)])),
    );
    expect(textSearchConfig('FR-ca')).toBe('french');
    expect(textSearchConfig('ja')).toBe('simple');
  });
});
