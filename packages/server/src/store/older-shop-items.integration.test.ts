import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../../test-support/database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openDatabase } from './open.js';
import type { Database } from './types.js';

/**
 * Migration 91's edge cases, beside the whole demo of backup/older-shop-restore.integration.test.ts: a site whose
 * module catalog already has a product of the same slug and an order of the same number (a demo started on the
 * module's first release), slugs used twice, a product without a price, stock that is not a number, HTML
 * descriptions, media of the media library, statuses the module names otherwise, two cart lines of one product,
 * and a site with nothing to move. On its own PGlite (a migration's test), and on PostgreSQL with
 * VITRINE_TEST_DATABASE_URL.
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';
let db: Database;
let pg: { url: string; drop(): Promise<void> } | undefined;

const item = (collection: string, id: string, data: Record<string, unknown>, owner: string | null = null, seq = 0) =>
  db.query(
    `insert into data_items (site_id, collection_id, id, data, owner_id, created_at, updated_at)
     values ('b', $1, $2, $3::jsonb, $4, timestamptz '2026-11-01T10:00:00Z' + make_interval(secs => $5),
       timestamptz '2026-11-02T10:00:00Z')`,
    [collection, id, JSON.stringify({ _id: id, ...data }), owner, seq],
  );

beforeAll(async () => {
  pg = adminUrl ? await createEmptyPostgresDatabase(adminUrl) : undefined;
  db = await openDatabase({ databaseUrl: pg?.url });
  await migrate(
    db,
    migrations.filter((m) => m.version <= 90),
  );
  // What the module already has: the demo seed's mug (same slug as an older item) and an order numbered 1.
  await db.exec(`
    insert into commerce_products (site_id, id, slug, name, created_at, updated_at)
      values ('b', 'module-mug', 'mug', 'Mug', now(), now());
    insert into commerce_variants (site_id, product_id, id, price, stock)
      values ('b', 'module-mug', '${DEFAULT_VARIANT}', 1200, 5);
    insert into commerce_orders (site_id, id, number, status, payment_status, currency, lines, subtotal, total,
      created_at, updated_at) values ('b', 'module-order', 1, 'AWAITING_PAYMENT', 'NOT_PAID', 'USD', '[]', 0, 0, now(), now());
    insert into commerce_order_counters values ('b', 1);
    insert into shop_order_counters values ('b', 1);
    insert into media (id, site_id, content_type, name, size, width, height, sha256, alt)
      values ('m1', 'b', 'image/png', 'a.png', 10, 640, 480, 'x', '{"fr": "Texte"}');
    insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
      values ('c', 'Pages', 'about', '{"_id": "about", "title": "About"}', now(), now());
  `);
  await item('Products', 'old-mug', { title: 'Old mug', slug: 'mug', price: 10, stock: 3 }, null, 1);
  await item(
    'Products',
    'a',
    {
      title: 'A',
      slug: 'dup',
      price: 1.005,
      compareAtPrice: 2,
      description: '<p>Already <b>HTML</b></p>',
      image: '/_media/m1.png',
      imageAlt: 'Alt A',
      category: 'Garden Tools',
      hidden: false,
    },
    null,
    2,
  );
  await item('Products', 'b', { name: 'B & co', slug: 'dup', stock: 'lots', description: 'x < y' }, null, 3);
  await item('Products', 'c', { title: 'C', price: 3, stock: -3, visible: false }, null, 4);
  await item('Orders', 'o1', {
    number: 'V-100001',
    status: 'SHIPPED',
    currency: 'USD',
    lines: [{ productId: 'a', title: 'A', quantity: 2, unitPrice: 1.5, lineTotal: 3 }],
    subtotal: 3,
    total: 3,
  });
  await db.exec(`
    insert into shop_order_history (site_id, order_id, from_status, to_status, actor, carrier, tracking_number, note,
      created_at) values ('b', 'o1', 'PAID', 'SHIPPED', 'owner@example.com', 'DHL', '123', null, now());
  `);
  await item('Orders', 'o2', {
    status: 'PLACED',
    lines: [{ productId: 'old-mug', title: 'Old mug', quantity: 1, unitPrice: 10 }],
  });
  await db.exec(
    `insert into shop_order_stock (site_id, order_id, product_id, quantity) values ('b', 'o2', 'old-mug', 1);`,
  );
  await item('Orders', 'o3', { status: 'DELIVERED', lines: 'broken', total: 4 });
  await item('Cart', 'l1', { productId: 'a', quantity: 2 }, 'visitor-1', 1);
  await item('Cart', 'l2', { productId: 'a', quantity: 3 }, 'visitor-1', 2);
  await item('Cart', 'l3', { productId: 'old-mug', quantity: 0 }, 'visitor-1', 3);
  expect(
    (
      await migrate(
        db,
        migrations.filter((m) => m.version <= 91),
      )
    ).applied,
  ).toEqual(['91_older_shop_items']);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await pg?.drop();
});

describe('migration 91: older shop items into the commerce module', () => {
  it('makes an older product of a slug the module has into that product, and keeps slugs unique', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select p.id, p.slug, p.name, p.description, p.visible, p.media, v.price::integer as price,
         v.compare_at_price::integer as compare_at, v.track_stock, v.stock
       from commerce_products p join commerce_variants v on v.site_id = p.site_id and v.product_id = p.id
       where p.site_id = 'b' order by p.id`,
    );
    expect(rows).toEqual([
      {
        id: 'a',
        slug: 'dup',
        name: 'A',
        description: '<p>Already <b>HTML</b></p>',
        visible: true,
        media: [{ id: 'a', url: '/_media/m1.png', width: 640, height: 480, altText: 'Alt A' }],
        // 1.005 dollars: half away from zero, as money.ts's toMinor.
        price: 101,
        compare_at: 200,
        // No stock: the older shop sold it without counting.
        track_stock: false,
        stock: 0,
      },
      {
        id: 'b',
        slug: 'dup-b',
        name: 'B & co',
        description: '<p>x &lt; y</p>',
        // No price: the older checkout refused it, so it stays out of sale.
        visible: false,
        media: [],
        price: 0,
        compare_at: null,
        track_stock: false,
        stock: 0,
      },
      expect.objectContaining({ id: 'c', slug: 'c', visible: false, price: 300, track_stock: true, stock: 0 }),
      expect.objectContaining({ id: 'module-mug', slug: 'mug', name: 'Mug', price: 1200, stock: 5 }),
    ]);
    const mapped = await db.query<{ item_id: string; module_id: string }>(
      `select item_id, module_id from commerce_migrated_items where site_id = 'b' and collection_id = 'Products'
       order by item_id`,
    );
    expect(mapped.rows.map((r) => [r.item_id, r.module_id])).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'c'],
      ['old-mug', 'module-mug'],
    ]);
    const garden = await db.query<{ id: string; slug: string; products: string[] }>(
      `select c.id, c.slug, array_agg(l.product_id order by l.product_id) as products from commerce_collections c
       join commerce_collection_products l on l.site_id = c.site_id and l.collection_id = c.id
       where c.site_id = 'b' group by c.id, c.slug order by c.slug`,
    );
    expect(garden.rows).toEqual([
      { id: '00000000-000000-000000-000000000001', slug: 'all-products', products: ['a', 'b', 'c', 'module-mug'] },
      { id: 'Garden Tools', slug: 'garden-tools', products: ['a'] },
    ]);
  });

  it('numbers an order whose number the module gave away after both shops’ numbers, and maps statuses', async () => {
    const { rows } = await db.query<{
      id: string;
      number: number;
      status: string;
      payment_status: string;
      total: number;
      lines: object[];
      expires: boolean;
    }>(
      `select id, number::integer as number, status, payment_status, total::integer as total, lines,
         expires_at is not null as expires from commerce_orders where site_id = 'b' order by number`,
    );
    expect(rows.map((r) => [r.id, r.number, r.status, r.payment_status, r.total, r.expires])).toEqual([
      ['module-order', 1, 'AWAITING_PAYMENT', 'NOT_PAID', 0, false],
      ['o1', 2, 'FULFILLED', 'PAID', 300, false],
      ['o2', 3, 'AWAITING_PAYMENT', 'NOT_PAID', 1000, true],
      ['o3', 4, 'FULFILLED', 'PAID', 400, false],
    ]);
    expect(rows[2]!.lines[0]).toMatchObject({ productId: 'module-mug', quantity: 1, unitPrice: 1000, subtotal: 1000 });
    expect(rows[3]!.lines).toEqual([]);
    const counter = await db.query<{ n: string }>(
      `select last_number as n from commerce_order_counters where site_id = 'b'`,
    );
    expect(Number(counter.rows[0]!.n)).toBe(4);

    const history = await db.query<{
      order_id: string;
      from_status: string;
      to_status: string;
      actor: string;
      note: string;
    }>(
      `select order_id, from_status, to_status, actor, note from commerce_order_history where site_id = 'b'
       order by order_id, seq`,
    );
    expect(history.rows.map((h) => [h.order_id, h.from_status, h.to_status, h.actor, h.note])).toEqual([
      ['o1', null, 'AWAITING_PAYMENT', 'shopper', null],
      ['o1', 'PAID', 'FULFILLED', 'owner@example.com', 'Shipped; carrier: DHL; tracking number: 123'],
      ['o2', null, 'AWAITING_PAYMENT', 'shopper', null],
      ['o3', null, 'AWAITING_PAYMENT', 'shopper', null],
      ['o3', 'AWAITING_PAYMENT', 'FULFILLED', 'system', 'Status recorded before order history was kept'],
    ]);
    // o2's unit came from the older mug's stock, which is gone: nothing to give back to the module's mug.
    const reservations = await db.query(`select * from commerce_reservations where site_id = 'b'`);
    expect(reservations.rows).toEqual([]);
  });

  it('adds up two cart lines of one product and keeps the first line’s id; a line of no units stays behind', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select c.owner_kind, c.owner_id, l.id, l.product_id, l.variant_id, l.quantity from commerce_carts c
       join commerce_cart_lines l on l.site_id = c.site_id and l.cart_id = c.id where c.site_id = 'b'`,
    );
    expect(rows).toEqual([
      {
        owner_kind: 'visitor',
        owner_id: 'visitor-1',
        id: 'l1',
        product_id: 'a',
        variant_id: DEFAULT_VARIANT,
        quantity: 5,
      },
    ]);
    const archived = await db.query<{ item_id: string; module_id: string | null }>(
      `select item_id, module_id from commerce_migrated_items where site_id = 'b' and collection_id = 'Cart' order by item_id`,
    );
    expect(archived.rows.map((r) => [r.item_id, r.module_id])).toEqual([
      ['l1', 'l1'],
      ['l2', 'l1'],
      ['l3', null],
    ]);
  });

  it('empties the moved collections and leaves a site without a shop as it was', async () => {
    const { rows } = await db.query<{ site_id: string; collection_id: string }>(
      `select site_id, collection_id from data_items order by site_id, collection_id`,
    );
    expect(rows).toEqual([{ site_id: 'c', collection_id: 'Pages' }]);
    const c = await db.query<{ n: number }>(
      `select ((select count(*) from commerce_products where site_id = 'c') +
        (select count(*) from commerce_collections where site_id = 'c'))::integer as n`,
    );
    expect(c.rows[0]!.n).toBe(0);
  });
});
