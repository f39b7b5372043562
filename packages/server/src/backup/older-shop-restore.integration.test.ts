import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, main, startServer } from '../../test-support/boot.js';
import { freePort } from '../../test-support/backup-kit.js';
import { createEmptyPostgresDatabase } from '../../test-support/database.js';
import { DEFAULT_VARIANT_ID, loadProducts, orderLinkSecret, readOrderLink, toMinor } from '../commerce/index.js';
import { olderShopItems } from '../store/migrations/0091_older_shop_items.js';
import { migrations } from '../store/migrations/index.js';
import type { Queryable } from '../store/types.js';

/**
 * Migration 91 on last week's demo (test-support/fixtures/README.md): the backup of the older shop, restored through
 * `vitrine restore` into a fresh server, comes up with every product, cart and order in the commerce module, with
 * nothing of them left in the data collections. On PostgreSQL too with VITRINE_TEST_DATABASE_URL.
 */
const FIXTURE = fileURLToPath(new URL('../../test-support/fixtures/demo-before-commerce.ndjson.gz', import.meta.url));
const ADMIN_KEY = 'fixture-admin-key-0123456789abcdef0123456789';
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
const SITE = 'demo';
const MEMBER = '4ba3d5c4-f148-4cdd-b7fd-c637e97f5b4a';
const VISITOR = 'abe49605-0d32-4657-8934-58f91681af21';
const ORDER_1 = 'e7b7fef9-d88b-4150-bea7-8258cb51fd6a';
const ORDER_2 = 'f8d53413-7851-413b-ad8f-3db48207c385';
const ORDER_3 = 'bb421e68-394f-45fb-9565-b56135b3113f';
/** The fixture's older catalog as it stood when the backup was taken: slug → [price in dollars, stock]. */
const BEFORE: Record<string, [number, number]> = {
  'stoneware-mug': [18, 38],
  'pour-over-kettle': [64, 11],
  'olive-wood-board': [42, 17],
  'linen-tea-towels': [24, 34],
  'wool-throw': [120, 8],
  'ceramic-vase': [36, 15],
  'beeswax-candles': [16, 50],
  'dot-grid-notebook': [14, 60],
  'brass-pen': [48, 10],
  'desk-tray': [30, 18],
  'canvas-tote': [55, 25],
  'enamel-camp-mug': [12, 0],
};

interface OrderRow {
  number: number;
  status: string;
  payment_status: string;
  subtotal: number;
  shipping: number;
  total: number;
  lines: { productId: string; quantity: number; unitPrice: number }[];
  created_at: Date;
  expires_at: Date;
}

let server: Awaited<ReturnType<typeof startServer>>;
let database: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-older-shop-'));
  database = adminUrl ? await createEmptyPostgresDatabase(adminUrl) : undefined;
  const env = {
    VITRINE_ADMIN_KEY: ADMIN_KEY,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'silent',
    DATABASE_URL: database?.url ?? '',
  };
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    expect(await main(['restore', FIXTURE, '--data-dir', dataDir])).toBe(0);
  } finally {
    out.mockRestore();
  }
  const config = loadConfig({ env, dataDir, port });
  config.host = '127.0.0.1';
  server = await startServer(config);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  vi.unstubAllEnvs();
});

const db = () => server.vitrine.ctx.db;
const admin = async (path: string) => {
  const res = await fetch(`${server.localUrl}${path}`, { headers: { authorization: ADMIN_KEY } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

describe('migration 91 on last week’s demo shop', () => {
  it('moves every product with its price in cents, stock, slug, image, category and translations', async () => {
    const { rows } = await db().query<{ id: string }>(
      `select id from commerce_products where site_id = $1 order by id`,
      [SITE],
    );
    // Kept ids: the older items' ids (their slugs), so links to them keep working; the demo seed did not run.
    expect(rows.map((r) => r.id)).toEqual(Object.keys(BEFORE).sort());
    const products = await loadProducts(
      db(),
      SITE,
      rows.map((r) => r.id),
    );
    for (const p of products) {
      const [price, stock] = BEFORE[p.slug]!;
      expect(p.variants).toHaveLength(1);
      expect(p.variants[0]).toMatchObject({ id: DEFAULT_VARIANT_ID, price: toMinor(price, 'USD'), stock });
      expect(p.variants[0]!.trackStock).toBe(true);
      expect(p.visible).toBe(true);
      expect(p.media).toEqual([expect.objectContaining({ url: `/assets/products/${p.slug}.svg`, altText: p.name })]);
      expect(p.collectionIds).toContain('00000000-000000-000000-000000000001');
    }
    const kettle = products.find((p) => p.slug === 'pour-over-kettle')!;
    expect(kettle).toMatchObject({
      name: 'Pour-Over Kettle',
      description: '<p>Gooseneck spout for a slow, even pour. Works on gas, electric and induction.</p>',
      translations: { fr: { name: 'Bouilloire à col de cygne' } },
    });
    expect(kettle.translations.de!.description).toContain('Schwanenhalsausguss');
    expect(kettle.collectionIds).toContain('Kitchen');
    // Each category's collection is named in the other languages as its Categories item was (migration 92).
    const collections = await db().query<{ id: string; slug: string; name: string; fr: string | null; n: number }>(
      `select c.id, c.slug, c.name, c.translations -> 'fr' ->> 'name' as fr, count(p.product_id)::integer as n
       from commerce_collections c
       left join commerce_collection_products p on p.site_id = c.site_id and p.collection_id = c.id
       where c.site_id = $1 group by c.id, c.slug, c.name, c.translations order by c.slug`,
      [SITE],
    );
    expect(collections.rows).toEqual([
      { id: '00000000-000000-000000-000000000001', slug: 'all-products', name: 'All Products', fr: null, n: 12 },
      { id: 'Home', slug: 'home', name: 'Home', fr: 'Maison', n: 3 },
      { id: 'Kitchen', slug: 'kitchen', name: 'Kitchen', fr: 'Cuisine', n: 4 },
      { id: 'Outdoors', slug: 'outdoors', name: 'Outdoors', fr: 'Plein air', n: 2 },
      { id: 'Stationery', slug: 'stationery', name: 'Stationery', fr: 'Papeterie', n: 3 },
    ]);
  });

  it('moves the orders with their numbers, statuses, histories, lines as sold, totals and buyers', async () => {
    // The admin API shows it as any order of the module's (the console's orders page reads this).
    const shown = (await admin(`/_admin/v1/commerce/orders/${ORDER_2}?siteId=${SITE}`)) as {
      order: { number: string; status: string; buyer: { email: string; guest: boolean }; amounts: object };
      history: { toStatus: string; actor: string }[];
    };
    expect(shown.order).toMatchObject({
      number: 'V-100002',
      status: 'CANCELED',
      buyer: { email: 'guest.two@example.com', guest: true },
      amounts: { subtotal: '120.00', shipping: '15.00', total: '135.00' },
    });
    expect(shown.history.map((h) => [h.toStatus, h.actor])).toEqual([
      ['AWAITING_PAYMENT', 'shopper'],
      ['CANCELED', 'admin-key'],
    ]);
    const { rows } = await db().query<OrderRow>(
      `select id, number::integer as number, status, payment_status, member_id, visitor_id, buyer_email, currency,
         subtotal::integer as subtotal, shipping_total::integer as shipping, total::integer as total, lines,
         shipping_address, shipping_method, expires_at, created_at
       from commerce_orders where site_id = $1 order by number`,
      [SITE],
    );
    expect(rows.map((r) => [r.number, r.status, r.payment_status, r.subtotal, r.shipping, r.total])).toEqual([
      [1, 'AWAITING_PAYMENT', 'NOT_PAID', 6000, 750, 6750],
      [2, 'CANCELED', 'NOT_PAID', 12000, 1500, 13500],
      [3, 'PAID', 'PAID', 19000, 0, 19000],
    ]);
    const [first, second, third] = rows;
    expect(first).toMatchObject({
      buyer_email: 'guest.one@example.com',
      member_id: null,
      visitor_id: '4f1ba744-5507-48c3-a9cf-a00db6d7fdc2',
      currency: 'USD',
      shipping_address: { city: 'Paris', country: 'FR', postalCode: '75002', addressLine: '1 Rue de la Paix' },
      shipping_method: { methodId: 'standard', name: 'Standard delivery', country: 'FR', amount: 750 },
    });
    expect(new Date(first!.created_at).toISOString()).toBe('2026-12-02T09:06:48.842Z');
    expect(new Date(first!.expires_at).getTime() - new Date(first!.created_at).getTime()).toBe(48 * 3600_000);
    expect(first!.lines).toEqual([
      expect.objectContaining({ productId: 'stoneware-mug', variantId: DEFAULT_VARIANT_ID, name: 'Stoneware Mug' }),
      expect.objectContaining({ productId: 'linen-tea-towels', quantity: 1, unitPrice: 2400, total: 2400 }),
    ]);
    expect(first!.lines[0]).toMatchObject({ quantity: 2, unitPrice: 1800, subtotal: 3600, tax: 0, discount: 0 });
    expect(second).toMatchObject({ buyer_email: 'guest.two@example.com', expires_at: null });
    expect(third).toMatchObject({ member_id: MEMBER, buyer_email: 'member.one@example.com', visitor_id: null });
    expect(third!.lines.map((l) => [l.productId, l.quantity, l.unitPrice])).toEqual([
      ['pour-over-kettle', 1, 6400],
      ['olive-wood-board', 3, 4200],
    ]);

    const history = await db().query<{
      order_id: string;
      from_status: string | null;
      to_status: string;
      actor: string;
    }>(
      `select order_id, from_status, to_status, actor from commerce_order_history where site_id = $1
       order by order_id, seq`,
      [SITE],
    );
    const of = (id: string) =>
      history.rows.filter((h) => h.order_id === id).map((h) => [h.from_status, h.to_status, h.actor]);
    expect(of(ORDER_1)).toEqual([[null, 'AWAITING_PAYMENT', 'shopper']]);
    expect(of(ORDER_2)).toEqual([
      [null, 'AWAITING_PAYMENT', 'shopper'],
      ['AWAITING_PAYMENT', 'CANCELED', 'admin-key'],
    ]);
    expect(of(ORDER_3)).toEqual([
      [null, 'AWAITING_PAYMENT', 'shopper'],
      ['AWAITING_PAYMENT', 'PAID', 'admin-key'],
    ]);
  });

  it('keeps what each order took from stock as its reservations, the cancelled one released', async () => {
    const { rows } = await db().query<{ order_id: string; product_id: string; quantity: number; released: boolean }>(
      `select order_id, product_id, quantity, released_at is not null as released from commerce_reservations
       where site_id = $1 order by order_id, product_id`,
      [SITE],
    );
    expect(rows).toEqual([
      { order_id: ORDER_3, product_id: 'olive-wood-board', quantity: 3, released: false },
      { order_id: ORDER_3, product_id: 'pour-over-kettle', quantity: 1, released: false },
      { order_id: ORDER_1, product_id: 'linen-tea-towels', quantity: 1, released: false },
      { order_id: ORDER_1, product_id: 'stoneware-mug', quantity: 2, released: false },
      { order_id: ORDER_2, product_id: 'wool-throw', quantity: 1, released: true },
    ]);
    const counter = await db().query<{ last_number: string }>(
      `select last_number from commerce_order_counters where site_id = $1`,
      [SITE],
    );
    expect(Number(counter.rows[0]!.last_number)).toBe(3);
  });

  it("moves the member's and the visitor's cart lines into their carts", async () => {
    const { rows } = await db().query<{
      owner_kind: string;
      owner_id: string;
      id: string;
      product_id: string;
      quantity: number;
    }>(
      `select c.owner_kind, c.owner_id, l.id, l.product_id, l.quantity from commerce_carts c
       join commerce_cart_lines l on l.site_id = c.site_id and l.cart_id = c.id where c.site_id = $1 order by c.owner_kind`,
      [SITE],
    );
    expect(rows).toEqual([
      {
        owner_kind: 'member',
        owner_id: MEMBER,
        id: '0ee95a6e-ef14-4532-a690-4fff8d93f735',
        product_id: 'ceramic-vase',
        quantity: 1,
      },
      {
        owner_kind: 'visitor',
        owner_id: VISITOR,
        id: 'e0f8e8a9-7373-4ed9-b431-d7d857b8339e',
        product_id: 'beeswax-candles',
        quantity: 2,
      },
    ]);
  });

  it('leaves none of the moved items in the data collections, keeps the others and a record of each moved one', async () => {
    const { rows } = await db().query<{ collection_id: string; n: number }>(
      `select collection_id, count(*)::integer as n from data_items where site_id = $1 group by collection_id
       order by collection_id`,
      [SITE],
    );
    expect(rows).toEqual([
      { collection_id: 'Categories', n: 4 },
      { collection_id: 'Pages', n: 3 },
    ]);
    const moved = await db().query<{ collection_id: string; n: number; mapped: number }>(
      `select collection_id, count(*)::integer as n, count(module_id)::integer as mapped from commerce_migrated_items
       where site_id = $1 group by collection_id order by collection_id`,
      [SITE],
    );
    expect(moved.rows).toEqual([
      { collection_id: 'Cart', n: 2, mapped: 2 },
      { collection_id: 'Orders', n: 3, mapped: 3 },
      { collection_id: 'Products', n: 12, mapped: 12 },
    ]);
    // Migration 93 dropped the older shop's tables once 91 had moved their rows; none was left over.
    const shop = await db().query<{ name: string | null }>(
      `select to_regclass(n) as name from unnest(array['shop_order_stock', 'shop_order_history', 'shop_guest_orders',
         'shop_order_counters']) n`,
    );
    expect(shop.rows.map((r) => r.name)).toEqual([null, null, null, null]);
    const leftOver = await db().query(
      `select 1 from commerce_migrated_items where collection_id in ('shop_order_stock', 'shop_order_history',
         'shop_guest_orders')`,
    );
    expect(leftOver.rows).toEqual([]);
  });

  it("keeps the links of last week's mails: a guest's signed link and a member's order page name the same ids", async () => {
    const { rows } = await db().query<{ to_address: string; text_body: string; created_at: Date }>(
      `select to_address, text_body, created_at from mail_outbox where kind = 'order-confirmation' order by created_at`,
    );
    const guestLink = /order\?token=([^\s]+)/.exec(rows[0]!.text_body)![1]!;
    // Read at the time the mail was sent: the link's 30 days are not the test's to wait out.
    const orderId = readOrderLink(
      orderLinkSecret(server.vitrine.ctx.tokens.keys),
      SITE,
      guestLink,
      new Date(rows[0]!.created_at).getTime(),
    );
    expect(orderId).toBe(ORDER_1);
    expect(rows[2]!.text_body).toContain(`/account/orders/${ORDER_3}`);
    const ids = await db().query<{ id: string }>(`select id from commerce_orders where site_id = $1 order by id`, [
      SITE,
    ]);
    expect(ids.rows.map((r) => r.id)).toEqual([ORDER_3, ORDER_1, ORDER_2]);
  });

  it('changes nothing when its statements run again', async () => {
    const count = (on: Queryable = db()) =>
      on.query<{ t: string }>(
        `select (select count(*) from commerce_products) || '/' || (select count(*) from commerce_variants) || '/' ||
           (select count(*) from commerce_orders) || '/' || (select count(*) from commerce_order_history) || '/' ||
           (select count(*) from commerce_reservations) || '/' || (select count(*) from commerce_cart_lines) || '/' ||
           (select count(*) from commerce_migrated_items) || '/' || (select sum(stock) from commerce_variants) as t`,
      );
    const before = (await count()).rows[0]!.t;
    // Migration 93 dropped the older shop's tables: they come back empty for the run, which is rolled back.
    const rolledBack = new Error('roll back');
    let after = '';
    await db()
      .transaction(async (tx) => {
        for (const m of migrations.filter((m) => m.version >= 40 && m.version <= 46)) await tx.exec(m.sql);
        await tx.exec(olderShopItems.sql);
        after = (await count(tx)).rows[0]!.t;
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(after).toBe(before);
  });
});
