/**
 * Translated item fields over HTTP on the real server (PGlite, or PostgreSQL with VITRINE_TEST_DATABASE_URL): the
 * demo catalog's seeded translations, `language` as a query parameter (get), a body field (query, count) and inside
 * `.r`, seed translations of a config collection, the admin API that writes them, and GraphQL's `language` argument.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config/types.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

let server: DataServer;
let admin: string;
const V2 = '/wix-data/v2';
const dotR = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
const PAGES = '/_admin/v1/collections/Pages/items';

function withPages(config: ServerConfig): ServerConfig {
  const site = config.sites[0]!;
  site.languages = ['en', 'fr', 'de', 'es', 'ar'];
  site.collections = [
    // Its own `Pages`, in place of the demo's information pages.
    ...site.collections.filter((c) => c.id !== 'Pages'),
    {
      id: 'Pages',
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      translatable: ['title', 'body'],
      seed: [
        // "it" is not a language of the site: left out (with a warning), the rest is seeded.
        {
          _id: 'about',
          title: 'About us',
          body: 'Who we are',
          translations: { fr: { title: 'À propos' }, it: { title: 'Chi siamo' } },
        },
        { _id: 'faq', title: 'FAQ', body: 'Questions', order: 2 },
      ],
    },
    {
      id: 'Picks',
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      fields: [{ key: 'product', type: 'reference', required: false, collection: 'Products' }],
      seed: [{ _id: 'pick1', product: 'brass-pen' }],
    },
  ];
  return config;
}

beforeAll(async () => {
  server = await startDataServer(withPages);
  admin = `Bearer ${server.adminKey}`;
}, 120_000);
afterAll(async () => server?.close());

const query = (body: Record<string, unknown>) =>
  server.call(`${V2}/items/query`, { body: { dataCollectionId: 'Products', ...body } });

describe('the demo catalog in five languages', () => {
  it('categories are translated too: French and Arabic shoppers read their own category names', async () => {
    const names = async (language: string) =>
      (
        await server.call(`${V2}/items/query`, {
          body: { dataCollectionId: 'Categories', language, query: { sort: [{ fieldName: '_id' }] } },
        })
      ).body.dataItems.map((d: { data: { name: string } }) => d.data.name);
    expect(await names('fr')).toEqual(['Maison', 'Cuisine', 'Plein air', 'Papeterie']);
    expect(await names('ar')).toEqual(['المنزل', 'المطبخ', 'في الهواء الطلق', 'القرطاسية']);
    expect(await names('en')).toEqual(['Home', 'Kitchen', 'Outdoors', 'Stationery']);
  });

  it('a get with ?language= returns the seeded title and description in that language', async () => {
    const fr = await server.call(`${V2}/items/brass-pen?dataCollectionId=Products&dataItemId=brass-pen&language=fr`);
    expect(fr.status).toBe(200);
    expect(fr.body.dataItem.data).toMatchObject({
      title: 'Stylo en laiton massif',
      description: expect.stringContaining('patine'),
      price: 48,
    });
    const ar = await server.call(`${V2}/items/brass-pen?dataCollectionId=Products&dataItemId=brass-pen&language=ar`);
    expect(ar.body.dataItem.data.title).toBe('قلم من النحاس الأصفر الصلب');
    const unknown = await server.call(
      `${V2}/items/brass-pen?dataCollectionId=Products&dataItemId=brass-pen&language=ja`,
    );
    expect(unknown.body.dataItem.data.title).toBe('Solid Brass Pen');
  });

  it('queries (POST body and GET .r) filter and sort on the language values', async () => {
    const sort = [{ fieldName: 'title', order: 'ASC' }];
    const de = await query({
      language: 'de',
      query: { filter: { title: { $startsWith: 'Stein' } }, fields: ['title'] },
    });
    expect(de.status).toBe(200);
    expect(de.body.dataItems.map((i: { data: { title: string } }) => i.data.title)).toEqual(['Steinzeugbecher']);
    const viaGet = await server.call(
      `${V2}/items/query?.r=${dotR({ dataCollectionId: 'Products', language: 'es', query: { sort, paging: { limit: 2 } } })}`,
    );
    expect(viaGet.body.dataItems.map((i: { data: { title: string } }) => i.data.title)).toEqual([
      'Bandeja de escritorio de nogal',
      'Bolso de lona encerada',
    ]);
    const count = await server.call(`${V2}/items/count`, {
      body: { dataCollectionId: 'Products', language: 'fr', filter: { title: { $contains: 'bougies' } } },
    });
    expect(count.body.totalCount).toBe(1);
  });

  it('a language that is not a string is a 400 naming the field', async () => {
    const bad = await query({ language: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations[0].field).toBe('language');
  });
});

describe('seed translations and the admin API', () => {
  it('seeds translations for the site languages only', async () => {
    const got = await server.call(`${PAGES}/about/translations?siteId=${server.siteId}`, { auth: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ translations: { fr: { title: 'À propos' } } });
    const fr = await server.call(`${V2}/items/about?dataCollectionId=Pages&dataItemId=about&language=fr`);
    expect(fr.body.dataItem.data).toMatchObject({ title: 'À propos', body: 'Who we are' });
  });

  it('PUT replaces one language, DELETE removes it; reads follow at once', async () => {
    const put = (lang: string, values: unknown, auth = admin) =>
      server.call(`${PAGES}/faq/translations/${lang}`, {
        method: 'PUT',
        auth,
        body: { siteId: server.siteId, values },
      });
    const first = await put('de', { title: 'Häufige Fragen', body: 'Fragen' });
    expect(first.status).toBe(200);
    expect(first.body.translations).toEqual({ de: { title: 'Häufige Fragen', body: 'Fragen' } });
    expect((await put('es', { title: 'Preguntas' })).body.translations).toEqual({
      de: { title: 'Häufige Fragen', body: 'Fragen' },
      es: { title: 'Preguntas' },
    });
    // PUT replaces: body left out (or null) shows the default language again.
    expect((await put('de', { title: 'FAQ (de)', body: null })).body.translations.de).toEqual({ title: 'FAQ (de)' });
    const de = await server.call(`${V2}/items/query`, {
      body: { dataCollectionId: 'Pages', language: 'de', query: { filter: { title: 'FAQ (de)' } } },
    });
    expect(de.body.dataItems.map((i: { data: object }) => i.data)).toEqual([
      expect.objectContaining({ _id: 'faq', title: 'FAQ (de)', body: 'Questions' }),
    ]);
    const removed = await server.call(`${PAGES}/faq/translations/de?siteId=${server.siteId}`, {
      method: 'DELETE',
      auth: admin,
    });
    expect(removed.body.translations).toEqual({ es: { title: 'Preguntas' } });
    const after = await server.call(`${V2}/items/faq?dataCollectionId=Pages&dataItemId=faq&language=de`);
    expect(after.body.dataItem.data.title).toBe('FAQ');
  });

  it('refuses bad writes with messages naming the field', async () => {
    const put = (path: string, body: unknown, auth: string | null = admin) =>
      server.call(path, { method: 'PUT', ...(auth ? { auth } : {}), body });
    const field = (res: Awaited<ReturnType<typeof put>>) => res.body.details.validationError.fieldViolations[0];
    const notTranslatable = await put(`${PAGES}/faq/translations/fr`, {
      siteId: server.siteId,
      values: { order: 'deux' },
    });
    expect(notTranslatable.status).toBe(400);
    expect(field(notTranslatable)).toMatchObject({
      field: 'values.order',
      description: expect.stringContaining('translatable fields: title, body'),
    });
    expect(
      field(await put(`${PAGES}/faq/translations/fr`, { siteId: server.siteId, values: { title: 3 } })).field,
    ).toBe('values.title');
    const defaultLanguage = await put(`${PAGES}/faq/translations/en`, {
      siteId: server.siteId,
      values: { title: 'x' },
    });
    expect(field(defaultLanguage)).toMatchObject({
      field: 'language',
      description: expect.stringContaining('default language'),
    });
    const unknown = await put(`${PAGES}/faq/translations/it`, { siteId: server.siteId, values: { title: 'x' } });
    expect(field(unknown).description).toContain('en, fr, de, es, ar');
    const plain = await put('/_admin/v1/collections/Cart/items/x/translations/fr', {
      siteId: server.siteId,
      values: {},
    });
    expect(field(plain)).toMatchObject({
      field: 'collectionId',
      description: expect.stringContaining('declares no "translatable" fields'),
    });
    const missing = await put(`${PAGES}/nope/translations/fr`, { siteId: server.siteId, values: { title: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body.details.applicationError.code).toBe('WDE0073');
    const noCollection = await put('/_admin/v1/collections/Nope/items/x/translations/fr', {
      siteId: server.siteId,
      values: {},
    });
    expect(noCollection.body.details.applicationError.code).toBe('WDE0025');
    expect(
      (await put(`${PAGES}/faq/translations/fr`, { siteId: server.siteId, values: { title: 'x' } }, null)).status,
    ).toBe(401);
    expect(
      (
        await put(
          `${PAGES}/faq/translations/fr`,
          { siteId: server.siteId, values: { title: 'x' } },
          await server.visitorToken(),
        )
      ).status,
    ).toBe(401);
  });
});

describe('GraphQL', () => {
  it('passes language to lists and byId', async () => {
    const res = await server.call('/graphql/alpha', {
      body: {
        query: `{ products(language: "fr", filter: {category: "Kitchen"}, sort: [{fieldName: "title"}], limit: 2) { items { title } }
        productsById(id: "wool-throw", language: "de") { title description } plain: productsById(id: "wool-throw") { title } }`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.products.items).toEqual([{ title: 'Bouilloire à col de cygne' }, { title: 'Mug en grès' }]);
    expect(res.body.data.productsById).toEqual({
      title: 'Merinowolldecke',
      description: expect.stringContaining('Merinowolle'),
    });
    expect(res.body.data.plain).toEqual({ title: 'Merino Wool Throw' });
  });

  it('references resolved under a query in a language are in that language too', async () => {
    const res = await server.call('/graphql/alpha', {
      body: {
        query: `{ fr: picksById(id: "pick1", language: "fr") { product { title } } en: picks { items { product { title } } }
        es: picks(language: "es") { items { product { title } } } }`,
      },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.fr.product.title).toBe('Stylo en laiton massif');
    expect(res.body.data.en.items[0].product.title).toBe('Solid Brass Pen');
    expect(res.body.data.es.items[0].product.title).toBe('Bolígrafo de latón macizo');
  });
});
