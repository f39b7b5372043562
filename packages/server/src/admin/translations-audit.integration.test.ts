import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type ConsoleClient, type TestServer } from '../../test-support/index.js';

/**
 * What the console's Translations section relies on (issue #18): the site's languages and each collection's
 * translatable fields, readable by an editor; translation writes by an owner are audited, by a key are not.
 */
let server: TestServer;
let editor: ConsoleClient;
const site = () => server.siteId;
const BASE = '/_admin/v1/collections/Products/items';

beforeAll(async () => {
  server = await startTestServer();
  editor = await signedIn(server, 'translator@example.com', 'editor');
});
afterAll(() => server?.close());

async function translationActions(itemId: string) {
  await server.ctx.authEvents.flush();
  return (await server.ctx.authEvents.list(site(), { type: 'owner_action' }))
    .filter((e) => e.detail.itemId === itemId)
    .map((e) => e.detail);
}

describe('translations for the console', () => {
  it("gives an editor the site's languages (default first) and each collection's translatable fields", async () => {
    const settings = await editor.call('GET', `/_admin/v1/settings?siteId=${site()}`);
    expect(settings.body.languages).toEqual({ key: 'sites[0].languages', tags: ['en', 'fr', 'de', 'es', 'ar'] });
    const list = await editor.call('GET', `/_admin/v1/collections?siteId=${site()}`);
    const byId = new Map(
      list.body.collections.map((c: { id: string; translatable: string[] }) => [c.id, c.translatable]),
    );
    expect(byId.get('Products')).toEqual(['title', 'description']);
    expect(byId.get('Cart')).toEqual([]);
  });

  it("audits an owner's save and removal with the language; a key's writes are not owner actions", async () => {
    const item = (await editor.call('POST', '/_admin/v1/collections/Products/query', { siteId: site(), limit: 1 })).body
      .items[0]._id as string;
    const saved = await editor.call('PUT', `${BASE}/${item}/translations/fr`, {
      siteId: site(),
      values: { title: 'Titre' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.translations.fr.title).toBe('Titre');
    const removed = await editor.call('DELETE', `${BASE}/${item}/translations/fr?siteId=${site()}`);
    expect(removed.status).toBe(200);
    expect(removed.body.translations.fr).toBeUndefined();
    const actions = (await translationActions(item)).sort((a, b) => String(a.action).localeCompare(String(b.action)));
    expect(actions).toEqual([
      expect.objectContaining({
        action: 'translation_removed',
        collection: 'Products',
        itemId: item,
        language: 'fr',
        role: 'editor',
      }),
      expect.objectContaining({
        action: 'translation_saved',
        collection: 'Products',
        itemId: item,
        language: 'fr',
        role: 'editor',
      }),
    ]);

    const byKey = await fetch(`${server.url}${BASE}/${item}/translations/de`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminKey}` },
      body: JSON.stringify({ siteId: site(), values: { title: 'Titel' } }),
    });
    expect(byKey.status).toBe(200);
    expect((await translationActions(item)).filter((d) => d.language === 'de')).toEqual([]);
  });

  it('a refused write (the default language) is not audited', async () => {
    const refused = await editor.call('PUT', `${BASE}/no-such-item/translations/en`, {
      siteId: site(),
      values: { title: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(await translationActions('no-such-item')).toEqual([]);
  });
});
