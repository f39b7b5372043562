// Product search at scale (issue #54): GET /_api/vitrine/v1/products/search through the real server over HTTP (one
// connection, one request at a time), with its facet counts, on a catalog of PRODUCTS products (lib/products-seed.mjs).
//
//   PRODUCTS=1000000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrine_search node bench/search-scale.mjs
//
// Runs the built server (packages/server/dist; built when its sources are newer). The catalog is loaded only when
// the site does not already hold exactly PRODUCTS bench products, so a database is seeded once and reused;
// DROP=1 drops the database at the end (it is the bench's own: the script creates it when missing). Options
// (env): ROUNDS (timed calls per query, default 20), QUERIES (comma-separated ids). Prints a markdown table (first
// call, p50, max, total) and the verdict against the target: p50 ≤ 30 ms including the facet counts.
// Also a case of `npm run bench` (bench/cases/95-product-search.mjs, BENCH_CASES=product-search).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureServerBuilt } from './lib/vitrine.mjs';
import {
  BUILD_SEARCH_ROWS_SQL,
  BUILD_SEARCH_WORDS_SQL,
  SEED_COLLECTIONS_SQL,
  SEED_MEMBERSHIPS_SQL,
  SEED_PRODUCTS_SQL,
  SEED_VARIANTS_SQL,
} from './lib/products-seed.mjs';

const SITE = 'demo';
export const P50_TARGET_MS = 30;

/** What shoppers type: one common word (capped at 5,000 candidates), two and three words, a word being typed, filters, a typo. */
export const QUERIES = [
  { id: 'one-word', label: '`mug` (1 in 40 products: capped)', q: { q: 'mug' } },
  { id: 'two-words', label: '`linen blanket`', q: { q: 'linen blanket' } },
  { id: 'three-words', label: '`rustic oak stool`', q: { q: 'rustic oak stool' } },
  { id: 'stemmed', label: '`woven baskets` (stemmed)', q: { q: 'woven baskets' } },
  { id: 'choice', label: '`teal porcelain` (an option’s choice)', q: { q: 'teal porcelain' } },
  {
    id: 'filtered',
    label: '`walnut` + collection + in stock + price',
    q: { q: 'walnut', collectionId: 'bench-c7', inStock: 'true', minPrice: '1000', maxPrice: '50000' },
  },
  { id: 'suggest', label: 'suggestions `kett` (prefix, 6, no facets)', q: { q: 'kett', limit: '6', facets: 'false' } },
  { id: 'typo', label: '`porcelian tepot` (typos: corrected, searched again)', q: { q: 'porcelian tepot' } },
];

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let print = console.log;
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rows.length) await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  return {
    drop: async () => {
      await admin.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
      await admin.end();
    },
    end: () => admin.end(),
  };
}

/** On a connection of its own, without the server's statement time limit (the load takes minutes at 1,000,000). */
async function seed(databaseUrl, products) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const have = Number(
      (
        await db.query(
          `select count(*) as n from commerce_product_search where site_id = $1 and product_id like 'bench-%'`,
          [SITE],
        )
      ).rows[0].n,
    );
    if (have === products) return print(`# ${products} products already loaded (kept)`);
    const t = performance.now();
    await db.query('begin');
    await db.query(`delete from commerce_products where site_id = $1 and id like 'bench-%'`, [SITE]);
    await db.query(`set local session_replication_role = replica`);
    await db.query(`set local maintenance_work_mem = '256MB'`);
    await db.query(SEED_COLLECTIONS_SQL, [SITE]);
    await db.query(SEED_PRODUCTS_SQL, [SITE, products]);
    await db.query(SEED_VARIANTS_SQL, [SITE, products]);
    await db.query(SEED_MEMBERSHIPS_SQL, [SITE, products]);
    await db.query(BUILD_SEARCH_ROWS_SQL, [SITE]);
    await db.query(BUILD_SEARCH_WORDS_SQL, [SITE]);
    await db.query('commit');
    for (const table of [
      'commerce_products',
      'commerce_variants',
      'commerce_collection_products',
      'commerce_product_search',
      'commerce_search_words',
    ])
      await db.query(`vacuum analyze ${table}`);
    print(`# seeded ${products} products in ${Math.round((performance.now() - t) / 1000)} s`);
  } finally {
    await db.end();
  }
}

/** Seeds (once), measures every query, closes the server; `{rows, p50, max}` with the worst query's p50. */
export async function measureSearch({ databaseUrl, products = 100_000, rounds = 20, only, drop = false, log }) {
  if (log) print = log;
  await ensureServerBuilt();
  const database = await ensureDatabase(databaseUrl);
  const dist = new URL('../packages/server/dist/', import.meta.url);
  const { createApp } = await import(new URL('app.js', dist).href);
  const { loadConfig } = await import(new URL('config-files/load.js', dist).href);
  const config = loadConfig({
    env: { ...process.env, DATABASE_URL: databaseUrl },
    dataDir: '/tmp/vitrine-search-scale',
    port: 0,
  });
  config.host = '127.0.0.1';
  const vitrine = await createApp({ config, logLevel: process.env.LOG_LEVEL ?? 'warn' });
  try {
    await seed(databaseUrl, products);
    const address = await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
    const clientId = config.sites.find((s) => s.id === SITE).clients[0].clientId;
    const token = (
      await (
        await fetch(`${address}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientId, grantType: 'anonymous' }),
        })
      ).json()
    ).access_token;
    const call = async (q) => {
      const t = performance.now();
      const res = await fetch(`${address}/_api/vitrine/v1/products/search?${new URLSearchParams(q)}`, {
        headers: { authorization: token },
      });
      const json = await res.json();
      return { ms: performance.now() - t, status: res.status, json };
    };
    print(`# ${vitrine.ctx.db.kind}, ${products} products, ${rounds} calls per query`);
    print('| query | first call | p50 | max | total | matched | facets | verdict |');
    print('|---|---|---|---|---|---|---|---|');
    const rows = [];
    for (const query of QUERIES.filter((x) => !only || only.includes(x.id))) {
      const first = await call(query.q);
      const times = [];
      let last = first;
      for (let i = 0; i < rounds; i++) times.push((last = await call(query.q)).ms);
      const row = { id: query.id, first: first.ms, p50: p50(times), max: Math.max(...times), status: last.status };
      const { json } = last;
      const misses = [];
      if (last.status !== 200) misses.push(`MISS: answers ${last.status}`);
      if (row.p50 > P50_TARGET_MS) misses.push(`MISS: p50 > ${P50_TARGET_MS} ms`);
      const total = json.total === undefined ? '—' : `${json.total}${json.exhaustive === false ? '+' : ''}`;
      const facets = json.facets ? `${json.facets.collections.length} coll., ${json.facets.prices.length} prices` : '—';
      print(
        `| ${query.label} | ${fmt(row.first)} | ${fmt(row.p50)} | ${fmt(row.max)} | ${total} | ${json.matched ?? '—'} | ${facets} | ${misses.join(', ') || 'ok'} |`,
      );
      rows.push(row);
    }
    const worst = rows.reduce((a, b) => (b.p50 > a.p50 ? b : a), rows[0]);
    print(
      `\nworst p50 ${fmt(worst.p50)} ms (${worst.id}): ${worst.p50 <= P50_TARGET_MS ? 'PASS' : 'MISS'} (goal ≤ ${P50_TARGET_MS} ms)`,
    );
    return {
      rows,
      p50: worst.p50,
      max: Math.max(...rows.map((r) => r.max)),
      failures: rows.filter((r) => r.status !== 200).length,
    };
  } finally {
    await vitrine.close();
    if (drop) await database.drop();
    else await database.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const products = Number(process.env.PRODUCTS ?? 100_000);
  if (!Number.isInteger(products) || products < 1 || products > 10_000_000) throw new Error('PRODUCTS: 1…10,000,000');
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (PostgreSQL; the database is created when missing)');
  await measureSearch({
    databaseUrl: process.env.DATABASE_URL,
    products,
    rounds: Number(process.env.ROUNDS ?? 20),
    only: process.env.QUERIES?.split(','),
    drop: process.env.DROP === '1',
  });
}
