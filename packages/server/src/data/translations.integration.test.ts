/**
 * Translated item fields (issue #18) through the data service, on PGlite or (TEST_DATABASE_URL) PostgreSQL:
 * reads, queries, filters, sorts, count, distinct and aggregate in a language, fallback field by field to the
 * default language, unknown languages, and collections without `translatable` running the very same SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionConfig } from '../config/types.js';
import type { Database } from '../store/types.js';
import { aggregate } from './aggregate.js';
import { getItem, insertOne, updateOne } from './items-service.js';
import type { JsonObject } from './json.js';
import { countItems, distinctValues, queryItems } from './query.js';
import type { DataScope } from './scope.js';
import { itemId } from './scope.js';
import { parseDataItem } from './store.js';
import { queryReferenced, writeReferences } from './references.js';
import { readTranslations, writeTranslation } from './translation-store.js';
import {
  callers,
  collection,
  expectError,
  openTestDb,
  recordingDb,
  scopeFor,
  testSite,
} from '../../test-support/data.js';
import type { SentStatement } from '../../test-support/data.js';

const books = { ...collection('Books', 'ANYONE'), translatable: ['title', 'blurb'] };
const plain = collection('Plain', 'ANYONE');
const shelves = collection('Shelves', 'ANYONE');
const site = { ...testSite([books, plain, shelves]), languages: ['en', 'fr', 'de'] };

let db: Database;
let scope: DataScope;
let clock = Date.UTC(2024, 0, 1);
const sql: SentStatement[] = [];

const BOOKS: (JsonObject & { _id: string; fr?: JsonObject; de?: JsonObject })[] = [
  {
    _id: 'b1',
    title: 'The Cat',
    blurb: 'A cat story',
    pages: 100,
    fr: { title: 'Le Chat', blurb: 'Une histoire de chat' },
    de: { title: 'Die Katze' },
  },
  { _id: 'b2', title: 'Apples', blurb: 'About apples', pages: 200, fr: { title: 'Zèbre' } },
  { _id: 'b3', title: 'Moon', blurb: 'Night sky', pages: 300 },
];

beforeAll(async () => {
  const raw = await openTestDb();
  // Every statement the service sends, to compare the SQL of reads with and without a language.
  db = recordingDb(raw, sql);
  scope = scopeFor(db, site, callers.admin(), () => (clock += 1000));
  for (const { fr, de, ...data } of BOOKS) {
    await db.transaction((tx) => insertOne(tx, scope, books, parseDataItem({ data }, 'dataItem', itemId)));
    if (fr) await writeTranslation(db, site.id, books, data._id, 'fr', fr);
    if (de) await writeTranslation(db, site.id, books, data._id, 'de', de);
    await db.transaction((tx) => insertOne(tx, scope, plain, parseDataItem({ data }, 'dataItem', itemId)));
  }
}, 120_000);
afterAll(async () => db?.close());

const query = async (body: Record<string, unknown>, coll: CollectionConfig = books) =>
  (await queryItems(scope, coll, body)).dataItems.map((e) => e.data);
const titles = (items: JsonObject[]) => items.map((i) => i.title);

describe('reading translated items', () => {
  it('a get in French returns French values, falling back field by field to the default language', async () => {
    expect(await getItem(scope, books, 'b1', 'fr')).toMatchObject({
      title: 'Le Chat',
      blurb: 'Une histoire de chat',
      pages: 100,
    });
    expect(await getItem(scope, books, 'b1', 'de')).toMatchObject({ title: 'Die Katze', blurb: 'A cat story' });
    expect(await getItem(scope, books, 'b2', 'fr')).toMatchObject({ title: 'Zèbre', blurb: 'About apples' });
    expect(await getItem(scope, books, 'b3', 'fr')).toMatchObject({ title: 'Moon', blurb: 'Night sky' });
  });

  it('maps regional tags to the site language, and unknown or default languages to the default values', async () => {
    expect((await getItem(scope, books, 'b1', 'fr-CA')).title).toBe('Le Chat');
    expect((await getItem(scope, books, 'b1', 'FR')).title).toBe('Le Chat');
    expect((await getItem(scope, books, 'b1', 'ja')).title).toBe('The Cat');
    expect((await getItem(scope, books, 'b1', 'en')).title).toBe('The Cat');
    expect((await getItem(scope, books, 'b1')).title).toBe('The Cat');
    await expectError(getItem(scope, books, 'b1', 42), 400);
  });

  it('queries return the language values, projected fields included', async () => {
    expect(titles(await query({ language: 'fr' }))).toEqual(['Le Chat', 'Zèbre', 'Moon']);
    expect(await query({ language: 'fr', query: { fields: ['title'] } })).toEqual([
      { _id: 'b1', title: 'Le Chat' },
      { _id: 'b2', title: 'Zèbre' },
      { _id: 'b3', title: 'Moon' },
    ]);
    expect(titles(await query({ language: 'ja' }))).toEqual(['The Cat', 'Apples', 'Moon']);
  });
});

describe('referenced items in a language', () => {
  it('includeReferences and query-referenced show referenced items of a translatable collection in the language', async () => {
    await db.transaction((tx) =>
      insertOne(tx, scope, shelves, parseDataItem({ data: { _id: 's1', favourite: 'b1' } }, 'dataItem', itemId)),
    );
    await writeReferences(
      scope,
      shelves,
      [
        { referringItemFieldName: 'books', referringItemId: 's1', referencedItemId: 'b2' },
        { referringItemFieldName: 'books', referringItemId: 's1', referencedItemId: 'b3' },
      ],
      false,
    );
    const [shelf] = await query({ language: 'fr', includeReferences: ['favourite', 'books'] }, shelves);
    expect(shelf).toMatchObject({ favourite: { _id: 'b1', title: 'Le Chat', blurb: 'Une histoire de chat' } });
    expect(titles(shelf!.books as JsonObject[])).toEqual(['Zèbre', 'Moon']);
    const [english] = await query({ includeReferences: ['favourite'] }, shelves);
    expect(english).toMatchObject({ favourite: { title: 'The Cat' } });
    const referenced = await queryReferenced(scope, shelves, {
      language: 'de',
      referringItemId: 's1',
      referringItemFieldName: 'books',
    });
    expect(referenced.results.map((r) => (r as { dataItem: { data: JsonObject } }).dataItem.data.title)).toEqual([
      'Apples',
      'Moon',
    ]);
    const inFrench = await queryReferenced(scope, shelves, {
      language: 'fr',
      referringItemId: 's1',
      referringItemFieldName: 'books',
    });
    expect(inFrench.results.map((r) => (r as { dataItem: { data: JsonObject } }).dataItem.data.title)).toEqual([
      'Zèbre',
      'Moon',
    ]);
  });
});

describe('filters and sorts on translated fields', () => {
  it('filter on the requested language values (eq, startsWith, contains, in, ranges), with fallback', async () => {
    expect(titles(await query({ language: 'fr', query: { filter: { title: 'Le Chat' } } }))).toEqual(['Le Chat']);
    expect(titles(await query({ query: { filter: { title: 'Le Chat' } } }))).toEqual([]);
    expect(titles(await query({ language: 'fr', query: { filter: { title: 'The Cat' } } }))).toEqual([]);
    expect(titles(await query({ language: 'fr', query: { filter: { title: { $startsWith: 'z' } } } }))).toEqual([
      'Zèbre',
    ]);
    expect(titles(await query({ language: 'fr', query: { filter: { blurb: { $contains: 'about' } } } }))).toEqual([
      'Zèbre',
    ]);
    expect(titles(await query({ language: 'fr', query: { filter: { title: { $in: ['Moon', 'Le Chat'] } } } }))).toEqual(
      ['Le Chat', 'Moon'],
    );
    expect(titles(await query({ language: 'fr', query: { filter: { title: { $gt: 'N' } } } }))).toEqual(['Zèbre']);
    expect(
      titles(
        await query({
          language: 'de',
          query: { filter: { $and: [{ title: { $ne: 'Moon' } }, { pages: { $lt: 250 } }] } },
        }),
      ),
    ).toEqual(['Die Katze', 'Apples']);
  });

  it('sorts by the language values', async () => {
    const sort = [{ fieldName: 'title', order: 'ASC' }];
    expect(titles(await query({ query: { sort } }))).toEqual(['Apples', 'Moon', 'The Cat']);
    expect(titles(await query({ language: 'fr', query: { sort } }))).toEqual(['Le Chat', 'Moon', 'Zèbre']);
    expect(titles(await query({ language: 'de', query: { sort: [{ fieldName: 'title', order: 'DESC' }] } }))).toEqual([
      'Moon',
      'Die Katze',
      'Apples',
    ]);
  });

  it('count, distinct values and aggregate groups use the language values', async () => {
    expect(await countItems(scope, books, { language: 'fr', filter: { title: { $startsWith: 'Le' } } })).toEqual({
      totalCount: 1,
    });
    expect((await distinctValues(scope, books, { language: 'fr', fieldName: 'title' })).distinctValues).toEqual([
      'Le Chat',
      'Moon',
      'Zèbre',
    ]);
    const grouped = await aggregate(scope, books, {
      language: 'de',
      aggregation: { groupingFields: ['title'], operations: [{ resultFieldName: 'n', itemCount: {} }] },
      sort: [{ fieldName: 'title', order: 'ASC' }],
    });
    expect(grouped.results.map((r) => r.title)).toEqual(['Apples', 'Die Katze', 'Moon']);
  });

  it('paged results and totals agree with the language filter', async () => {
    const page = await queryItems(scope, books, {
      language: 'fr',
      query: { filter: { title: { $ne: 'Moon' } }, paging: { limit: 1 } },
      returnTotalCount: true,
    });
    expect(page.dataItems.map((e) => e.data.title)).toEqual(['Le Chat']);
    expect(page.pagingMetadata).toMatchObject({ total: 2, hasNext: true });
  });
});

describe('what does not change', () => {
  it('a collection without translatable runs the same SQL with or without a language', async () => {
    const run = async (language?: string) => {
      sql.length = 0;
      await queryItems(scope, plain, {
        language,
        query: { filter: { title: 'Moon' }, sort: [{ fieldName: 'title', order: 'ASC' }] },
      });
      await getItem(scope, plain, 'b1', language);
      // The reads themselves (the sort-index check runs in the background, once per collection).
      return sql.map((s) => s.text).filter((t) => t.startsWith('select i.data') || t.startsWith('select id, data'));
    };
    const without = await run();
    expect(without).toHaveLength(2);
    expect(await run('fr')).toEqual(without);
    expect(without.join('\n')).not.toContain('translations');
  });

  it('a translatable collection read without a language (or in the default one) never reads the translations', async () => {
    sql.length = 0;
    await queryItems(scope, books, { query: { filter: { title: 'Moon' } } });
    await queryItems(scope, books, { language: 'en', query: { sort: [{ fieldName: 'title', order: 'ASC' }] } });
    await getItem(scope, books, 'b1', 'en-GB');
    expect(sql.map((s) => s.text).join('\n')).not.toContain('translations');
  });

  it('updating an item keeps its translations; writes answer the default-language item', async () => {
    const updated = await db.transaction((tx) =>
      updateOne(tx, scope, books, { id: 'b3', data: { title: 'Moon', blurb: 'Night sky', pages: 301 } }),
    );
    expect(updated.title).toBe('Moon');
    await writeTranslation(db, site.id, books, 'b3', 'fr', { title: 'Lune' });
    await db.transaction((tx) =>
      updateOne(tx, scope, books, { id: 'b3', data: { title: 'Moon', blurb: 'Night sky', pages: 302 } }),
    );
    expect(await getItem(scope, books, 'b3', 'fr')).toMatchObject({ title: 'Lune', pages: 302 });
    expect(await readTranslations(db, site.id, books, 'b3')).toEqual({ fr: { title: 'Lune' } });
    expect(await writeTranslation(db, site.id, books, 'b3', 'fr', {})).toEqual({});
    expect((await getItem(scope, books, 'b3', 'fr')).title).toBe('Moon');
  });

  it('translations of a missing item are WDE0073', async () => {
    await expectError(writeTranslation(db, site.id, books, 'nope', 'fr', { title: 'x' }), 404, 'WDE0073');
    await expectError(readTranslations(db, site.id, books, 'nope'), 404, 'WDE0073');
  });
});
