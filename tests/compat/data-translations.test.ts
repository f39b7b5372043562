/**
 * The unmodified @wix/sdk + @wix/data `items` client reading translated content (issue #18): its `language` read
 * option (`find`, `get`, `count`, `distinct`) travels to Vitrine, which answers with the demo catalog's French,
 * German or Spanish titles, filtered and sorted on those values, falling back to English for an unknown language.
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { items } from '@wix/data';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { routeWixToLocal } from './wix-fetch.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: TestServer;
let routing: ReturnType<typeof routeWixToLocal>;
const client = () => createClient({ modules: { items }, auth: OAuthStrategy({ clientId: server.clientId }) });
let c: ReturnType<typeof client>;
const titles = (list: readonly object[]) => list.map((i) => (i as { title?: unknown }).title);

beforeAll(async () => {
  server = await startTestServer({ site: (s) => ({ ...s, languages: ['en', 'fr', 'de', 'es', 'ar'] }) });
  routing = routeWixToLocal(server.url);
  c = client();
}, 120_000);
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

describe('unmodified @wix/data items with a language', () => {
  it('query().find({language}) filters, sorts and answers in that language', async () => {
    const de = await c.items.query('Products').startsWith('title', 'Stein').find({ language: 'de' });
    expect(titles(de.items)).toEqual(['Steinzeugbecher']);
    const fr = await c.items.query('Products').eq('category', 'Kitchen').ascending('title').find({ language: 'fr' });
    expect(titles(fr.items)).toEqual([
      'Bouilloire à col de cygne',
      'Mug en grès',
      "Planche en bois d'olivier",
      'Torchons en lin (lot de 3)',
    ]);
    const english = await c.items.query('Products').eq('category', 'Kitchen').ascending('title').find();
    expect(titles(english.items)).toEqual([
      'Linen Tea Towels (set of 3)',
      'Olive Wood Board',
      'Pour-Over Kettle',
      'Stoneware Mug',
    ]);
  });

  it('pages keep the language: next() of a find({language}) is still in that language', async () => {
    const first = await c.items.query('Products').ascending('title').limit(5).find({ language: 'es' });
    expect(titles(first.items)).toEqual([
      'Bandeja de escritorio de nogal',
      'Bolso de lona encerada',
      'Bolígrafo de latón macizo',
      'Cuaderno de puntos',
      'Hervidor de cuello de cisne',
    ]);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(titles(second.items)).toEqual([
      'Jarrón de cerámica acanalado',
      'Manta de lana merino',
      'Paños de cocina de lino (juego de 3)',
      'Tabla de madera de olivo',
      'Taza de camping esmaltada',
    ]);
  });

  it('get, count and distinct take the language too; an unknown language reads the default', async () => {
    expect(await c.items.get('Products', 'wool-throw', { language: 'fr' })).toMatchObject({
      title: 'Plaid en laine mérinos',
      price: 120,
    });
    expect((await c.items.get('Products', 'wool-throw', { language: 'ja' }))?.title).toBe('Merino Wool Throw');
    expect(await c.items.query('Products').contains('title', 'mug').count({ language: 'de' })).toBe(0);
    expect(await c.items.query('Products').contains('title', 'becher').count({ language: 'de' })).toBe(2);
    const distinct = await c.items.query('Products').eq('category', 'Home').distinct('title', { language: 'de' });
    expect(distinct.items).toEqual(['Bienenwachskerzen (Paar)', 'Geriffelte Keramikvase', 'Merinowolldecke']);
  });
});
