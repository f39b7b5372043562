/**
 * Seed items with `translations` (issue #18): stored beside the item (not in its data), checked with messages that
 * name the seed item and key, languages the site does not list left out with a warning; collections without
 * `translatable` keep a `translations` field as ordinary data, exactly as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionConfig, ServerConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import type { Database } from '../store/types.js';
import { seedCollections } from './seed.js';
import { collection, openTestDb, testSite } from '../../test-support/data.js';

let db: Database;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => db?.close());

const warnings: { details: object; message: string }[] = [];
function ctxWith(collections: CollectionConfig[]): AppContext {
  const site = { ...testSite(collections), languages: ['en', 'fr', 'de'] };
  const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
  return {
    db,
    config: { sites: [site] } as unknown as ServerConfig,
    now: () => Date.UTC(2024, 0, 1),
    log,
  } as unknown as AppContext;
}
const rows = async (collectionId: string) =>
  (
    await db.query<{ id: string; data: Record<string, unknown>; translations: unknown }>(
      'select id, data, translations from data_items where collection_id = $1 order by seq',
      [collectionId],
    )
  ).rows;

describe('seed translations', () => {
  it('stores them beside the item, for the site languages only, and warns about the others', async () => {
    const typed: CollectionConfig = {
      ...collection('Catalog', 'ANYONE', [
        {
          _id: 'a',
          title: 'Mug',
          note: 'x',
          translations: {
            fr: { title: 'Tasse' },
            de: { title: 'Becher', note: null },
            it: { title: 'Tazza' },
            en: { title: 'Cup' },
          },
        },
        { _id: 'b', title: 'Pen' },
      ]),
      fields: [
        { key: 'title', type: 'text', required: true },
        { key: 'note', type: 'text', required: false },
      ],
      strict: true,
      translatable: ['title', 'note'],
    };
    const loose = collection('Loose', 'ANYONE', [{ _id: 'l', translations: { fr: 'kept as data' } }]);
    await seedCollections(ctxWith([typed, loose]));
    expect(await rows('Catalog')).toEqual([
      {
        id: 'a',
        data: expect.not.objectContaining({ translations: expect.anything() }),
        translations: { fr: { title: 'Tasse' }, de: { title: 'Becher' } },
      },
      { id: 'b', data: expect.objectContaining({ title: 'Pen' }), translations: null },
    ]);
    expect(warnings).toEqual([
      {
        details: { site: 'site1', collection: 'Catalog', languages: 'it, en' },
        message: expect.stringContaining('left out'),
      },
    ]);
    expect(await rows('Loose')).toEqual([
      { id: 'l', data: expect.objectContaining({ translations: { fr: 'kept as data' } }), translations: null },
    ]);
  });

  it('names the seed item and key of a bad translation, and seeds nothing of that collection', async () => {
    const bad = (translations: unknown) => ({
      ...collection('Bad', 'ANYONE', [
        { _id: 'ok', title: 'fine' },
        { title: 'T', translations },
      ]),
      translatable: ['title'],
    });
    await expect(seedCollections(ctxWith([bad({ fr: { price: 'deux' } })]))).rejects.toThrow(
      /Seed item 1 of collection "Bad" \(site "site1"\) is invalid: seed\[1\]\.translations\.fr\.price: is not a translatable field/,
    );
    await expect(seedCollections(ctxWith([bad({ fr: { title: 2 } })]))).rejects.toThrow(
      /seed\[1\]\.translations\.fr\.title: must be a string/,
    );
    await expect(seedCollections(ctxWith([bad(['fr'])]))).rejects.toThrow(
      /seed\[1\]\.translations: must be an object keyed by language/,
    );
    expect(await rows('Bad')).toEqual([]);
  });
});
