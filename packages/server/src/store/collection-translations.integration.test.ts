import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../../test-support/database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openDatabase } from './open.js';
import type { Database } from './types.js';

/**
 * Migrations 92 and 93 after 91 on an older shop: the collections 91 made of the `Categories` items, and the demo
 * shop's collections of the same slugs, take the items' translations; the older shop's tables go, their leftover rows
 * kept in commerce_migrated_items. On its own PGlite, and on PostgreSQL with VITRINE_TEST_DATABASE_URL.
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
let db: Database;
let pg: { url: string; drop(): Promise<void> } | undefined;

const item = (site: string, collection: string, id: string, data: object, translations: unknown = null) =>
  db.query(
    `insert into data_items (site_id, collection_id, id, data, translations, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5::jsonb, now(), now())`,
    [site, collection, id, JSON.stringify({ _id: id, ...data }), JSON.stringify(translations)],
  );

const translationsOf = async (site: string, id: string) =>
  (
    await db.query<{ translations: unknown }>(
      `select translations from commerce_collections where site_id = $1 and id = $2`,
      [site, id],
    )
  ).rows[0]?.translations;

beforeAll(async () => {
  pg = adminUrl ? await createEmptyPostgresDatabase(adminUrl) : undefined;
  db = await openDatabase({ databaseUrl: pg?.url });
  await migrate(
    db,
    migrations.filter((m) => m.version <= 90),
  );
  // An older shop (site b): categories, translated or not, and products naming them.
  await item(
    'b',
    'Categories',
    'Kitchen',
    { name: 'Kitchen', slug: 'kitchen', description: 'Pots.' },
    {
      fr: { name: 'Cuisine', description: 'Des casseroles.' },
      de: { name: ' Küche ', description: 42 },
      es: 'not an object',
      ar: { name: '' },
    },
  );
  await item('b', 'Categories', 'Garden', { name: 'Garden', slug: 'garden' });
  await item('b', 'Products', 'p1', { title: 'Pot', slug: 'pot', price: 10, category: 'Kitchen' });
  await item('b', 'Products', 'p2', { title: 'Rake', slug: 'rake', price: 20, category: 'Garden' });
  // A demo site the module seeded (site d): collections of the categories' slugs under the module's own ids; the
  // owner renamed one, which keeps its own name untranslated.
  await item('d', 'Categories', 'Kitchen', { name: 'Kitchen', slug: 'kitchen' }, { fr: { name: 'Cuisine' } });
  await item('d', 'Categories', 'Home', { name: 'Home', slug: 'home' }, { fr: { name: 'Maison' } });
  await db.exec(`
    insert into commerce_collections (site_id, id, slug, name, created_at) values
      ('d', 'uuid-kitchen', 'kitchen', 'Kitchen', now()), ('d', 'uuid-home', 'home', 'Living room', now());
    -- Rows of the older shop's tables naming orders that have no Orders item (deleted through the data API).
    insert into shop_order_history (site_id, order_id, from_status, to_status, actor, note, created_at)
      values ('b', 'gone', 'AWAITING_PAYMENT', 'PAID', 'admin key', 'Paid by phone', timestamptz '2026-11-01T10:00:00Z');
    insert into shop_order_stock (site_id, order_id, product_id, quantity) values ('b', 'gone', 'p1', 2);
    insert into shop_guest_orders (site_id, order_id, email_key, created_at)
      values ('b', 'gone', 'ada@example.com', timestamptz '2026-11-01T10:00:00Z');
    insert into shop_order_counters values ('b', 7);
  `);
  expect(
    (
      await migrate(
        db,
        migrations.filter((m) => m.version <= 91),
      )
    ).applied,
  ).toEqual(['91_older_shop_items']);
  expect(
    (
      await migrate(
        db,
        migrations.filter((m) => m.version <= 93),
      )
    ).applied,
  ).toEqual(['92_collection_translations', '93_drop_older_shop_tables']);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await pg?.drop();
});

describe('migration 92: collections get their categories’ translations', () => {
  it('gives the collections migration 91 made of Categories items their translations, text trimmed', async () => {
    expect(await translationsOf('b', 'Kitchen')).toEqual({
      fr: { name: 'Cuisine', description: 'Des casseroles.' },
      de: { name: 'Küche' },
    });
    expect(await translationsOf('b', 'Garden')).toEqual({});
    // "All Products", which 91 made, has no category behind it.
    const all = await db.query<{ translations: unknown }>(
      `select translations from commerce_collections where site_id = 'b' and slug = 'all-products'`,
    );
    expect(all.rows).toEqual([{ translations: {} }]);
  });

  it("translates a seeded collection of a category's slug and name, not one its owner renamed", async () => {
    expect(await translationsOf('d', 'uuid-kitchen')).toEqual({ fr: { name: 'Cuisine' } });
    expect(await translationsOf('d', 'uuid-home')).toEqual({});
  });
});

describe('migration 93: the older shop’s tables go', () => {
  it('drops them and the older Orders indexes', async () => {
    const { rows } = await db.query<{ name: string | null }>(
      `select to_regclass(n) as name from unnest(array['shop_order_history', 'shop_order_stock', 'shop_guest_orders',
         'shop_order_counters', 'data_items_order_number', 'data_items_order_status']) n`,
    );
    expect(rows.map((r) => r.name)).toEqual([null, null, null, null, null, null]);
    // The counter lives on in the module's.
    const counter = await db.query<{ n: number }>(
      `select last_number::integer as n from commerce_order_counters where site_id = 'b'`,
    );
    expect(counter.rows[0]!.n).toBe(7);
  });

  it('keeps the rows 91 had nothing to move with in commerce_migrated_items', async () => {
    const { rows } = await db.query<{
      collection_id: string;
      item_id: string;
      module_id: null;
      data: Record<string, unknown>;
    }>(
      `select collection_id, item_id, module_id, data from commerce_migrated_items
       where site_id = 'b' and collection_id like 'shop\\_%' order by collection_id`,
    );
    expect(rows.map((r) => [r.collection_id, r.item_id.replace(/#\d+$/, '#n'), r.module_id])).toEqual([
      ['shop_guest_orders', 'gone', null],
      ['shop_order_history', 'gone#n', null],
      ['shop_order_stock', 'gone#p1', null],
    ]);
    expect(rows[1]!.data).toMatchObject({ to_status: 'PAID', actor: 'admin key', note: 'Paid by phone' });
    expect(rows[2]!.data).toMatchObject({ product_id: 'p1', quantity: 2 });
  });

  it('leaves the later migrations to run', async () => {
    expect((await migrate(db)).applied).toContain('98_commerce_payments');
  });
});
