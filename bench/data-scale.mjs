// The data API at scale (issue #28): every query shape of the issue, through the real server over HTTP
// (one connection, one request at a time), with and without `returnTotalCount`, beside the same SQL
// statements replayed straight on the database (the baseline: what the API costs on top of its SQL).
//
//   ITEMS=1000000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrine_scale node bench/data-scale.mjs
//   ITEMS=1000000 PGLITE_DIR=/tmp/pglite-scale node bench/data-scale.mjs        (the embedded database)
//
// Runs the built server (packages/server/dist; `npm run build -w packages/server`). The `Items` collection
// (site `demo`, readable by anyone) is loaded with one set-based INSERT … SELECT generate_series only when it
// does not already hold exactly ITEMS items, so a database is seeded once and reused. Options (env): ITEMS
// (default 100000), ROUNDS (timed calls per shape and variant, default 20), SHAPES (comma-separated ids),
// DECLARED=0 (no declared indexes; by default the collection declares category + price, category + title and a
// search index on title, so the `$search` shapes answer 400 SEARCH_INDEX_REQUIRED without it).
// Prints a markdown table: p50 / max per variant, then verdicts against the issue's targets (PostgreSQL,
// 1,000,000 items): p50 ≤ 20 ms including the count, ≥ 0.8× the SQL's rate, no request over 200 ms (first calls
// included: a shape whose index is being built is refused with 503 WD_INDEX_REQUIRED, shown as "503 in … ms",
// and retried until served), or a clear refusal (OFFSET_TOO_LARGE, WD_INDEX_REQUIRED naming the index to declare).
import { performance } from 'node:perf_hooks';
import { SEED_ITEMS_SQL } from './lib/items-seed.mjs';

const ITEMS = Number(process.env.ITEMS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const DATABASE_URL = process.env.DATABASE_URL;
const PGLITE_DIR = process.env.PGLITE_DIR;
if (!Number.isInteger(ITEMS) || ITEMS < 1 || ITEMS > 10_000_000) throw new Error('ITEMS: 1…10,000,000');
if (!DATABASE_URL && !PGLITE_DIR) throw new Error('set DATABASE_URL (PostgreSQL) or PGLITE_DIR (PGlite data dir)');

const dist = new URL('../packages/server/dist/', import.meta.url);
const { createApp } = await import(new URL('app.js', dist).href);
const { loadConfig } = await import(new URL('config-files/load.js', dist).href);

const SITE = 'demo';
const sort = (fieldName, order = 'ASC') => [{ fieldName, order }];
/** The issue's table, plus the storefront's catalog query (category, sort title, 24 a page, with its count). */
export const SHAPES = [
  {
    id: 'category-price',
    label: 'category + price floor, sort price',
    q: { filter: { category: 'c7', price: { $gte: 100 } }, sort: sort('price') },
  },
  {
    id: 'category-newest',
    label: 'category, newest first',
    q: { filter: { category: 'c7' }, sort: sort('_createdDate', 'DESC') },
  },
  { id: 'stock-title', label: 'stock < 10, sort title', q: { filter: { stock: { $lt: 10 } }, sort: sort('title') } },
  {
    id: 'price-range',
    label: 'price range, sort stock desc',
    q: { filter: { price: { $gte: 100, $lt: 110 } }, sort: sort('stock', 'DESC') },
  },
  { id: 'starts-with', label: 'title `$startsWith`', q: { filter: { title: { $startsWith: 'item 00012' } } } },
  { id: 'contains', label: 'title `$contains`', q: { filter: { title: { $contains: '34567' } } } },
  {
    id: 'or-categories',
    label: 'two categories with `$or`, sort price',
    q: { filter: { $or: [{ category: 'c3' }, { category: 'c12' }] }, sort: sort('price') },
  },
  {
    id: 'deep-offset',
    label: 'no filter, sort price, offset 900,000',
    q: { sort: sort('price'), paging: { limit: 50, offset: 900_000 } },
  },
  // Full-text search (issue #54, docs/data.md → Full-text search) over the declared search index on `title`: a word
  // few items say (a 7-digit number: it and its trigram neighbours), the same sorted by price, and a word every
  // item says (the worst case: its first 1,000 matches are ranked, the total says "1000+").
  { id: 'search-rare', label: '`$search` a rare word, ranked', q: { filter: { $search: '0034567' } } },
  {
    id: 'search-rare-sorted',
    label: '`$search` a rare word, sort price',
    q: { filter: { $search: '0034567' }, sort: sort('price') },
  },
  {
    id: 'search-common',
    label: '`$search` a word every item says + category, ranked',
    q: { filter: { $search: 'item', category: 'c7' } },
  },
  {
    id: 'catalog',
    label: 'storefront catalog (category, sort title, 24, skip 48)',
    q: { filter: { category: 'c7' }, sort: sort('title'), paging: { limit: 24, offset: 48 } },
  },
];
/** Keyset cursor pages (no filter, sort price, 50 a page) at item 50 and at item ~900,000 of the collection. */
export const CURSOR_SHAPES = [
  { id: 'cursor-50', label: 'no filter, sort price, cursor at item 50', at: 50 },
  { id: 'cursor-900k', label: 'no filter, sort price, cursor at item 900,000', at: 900_000 },
];
const only = process.env.SHAPES?.split(',');
/**
 * The indexes a shop with this catalog declares (`collections[].indexes`, docs/data.md → Declared indexes): its
 * category pages sorted by price and by title. Built at start (once; kept in the database). DECLARED=0: none.
 */
const DECLARED = process.env.DECLARED !== '0';
const byCategoryThen = (field) => ({
  fields: [
    { field: 'category', order: 'ASC' },
    { field, order: 'ASC' },
  ],
  unique: false,
});
const DECLARED_INDEXES = [
  byCategoryThen('price'),
  byCategoryThen('title'),
  // `$search` reads it; built in the background once the server serves (awaited below, before any timing).
  { fields: [{ field: 'title', order: 'ASC' }], unique: false, search: true },
];

const config = loadConfig({
  env: { ...process.env, VITRINE_DATA_QUERY_RATE_LIMIT: '0', ...(DATABASE_URL ? { DATABASE_URL } : {}) },
  dataDir: PGLITE_DIR ?? process.env.DATA_DIR ?? '/tmp/vitrine-data-scale',
  port: 0,
});
config.host = '127.0.0.1';
config.sites = config.sites.map((s) =>
  s.id !== SITE
    ? s
    : {
        ...s,
        collections: [
          ...s.collections,
          {
            id: 'Items',
            permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
            seed: [],
            ...(DECLARED ? { indexes: DECLARED_INDEXES } : {}),
          },
        ],
      },
);
const vitrine = await createApp({ config, logLevel: process.env.LOG_LEVEL ?? 'warn' });
const { db } = vitrine.ctx;
const { buildSearchIndexes, searchIndexesBuilt } = await import(new URL('data/index.js', dist).href);
const seeded = await seed();
const address = await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
{
  const t = performance.now();
  // After a load the search indexes are built again over the loaded rows (seed() dropped them), as the server
  // builds them at start; else the start's builds, found or built.
  await (seeded ? buildSearchIndexes(db, vitrine.ctx.config.sites, vitrine.app.log) : searchIndexesBuilt(db));
  console.log(`# search index ready after ${Math.round(performance.now() - t)} ms (built now, or found)`);
}

// Every statement the data service sends, to replay them as the baseline.
const sent = [];
const query = db.query.bind(db);
db.query = (sql, params) => {
  sent.push([sql, params]);
  return query(sql, params);
};
// The count under its time limit (PostgreSQL) is replayed under the same limit.
const within = db.queryWithin?.bind(db);
if (within)
  db.queryWithin = (ms, sql, params) => {
    sent.push([sql, params, ms]);
    return within(ms, sql, params);
  };
const replay = ([sql, params, ms]) =>
  ms === undefined ? query(sql, params) : within(ms, sql, params).catch((error) => error);

/** Items `{title: 'Item 0000001'…, category: c0…c19, price: 0–999.99 scattered, stock: 0–499}`, once. */
async function seed() {
  const have = Number(
    (await db.query(`select count(*) as n from data_items where site_id = $1 and collection_id = 'Items'`, [SITE]))
      .rows[0].n,
  );
  if (have === ITEMS) return void console.log(`# ${ITEMS} items already loaded (kept)`);
  // The start's search index builds first: a CONCURRENTLY build waits for the load's long transaction, and the
  // ANALYZE after the load then waits for that build: PostgreSQL ends the build as a deadlock. Built again after
  // the load (one pass over the rows rather than 1,000,000 GIN updates).
  await searchIndexesBuilt(db);
  const { rows: indexes } = await db.query(`select indexname from pg_indexes where indexname like 'data_search_%'`);
  for (const { indexname } of indexes) await db.exec(`drop index if exists ${indexname}`);
  const t = performance.now();
  // One transaction without the server's statement time limit: a million rows take minutes, the limit is 10 s.
  await db.transaction(async (tx) => {
    await tx.query('set local statement_timeout = 0');
    await tx.query(`delete from data_items where site_id = $1 and collection_id = 'Items'`, [SITE]);
    await tx.query(SEED_ITEMS_SQL, [SITE, ITEMS]);
  });
  await db.exec('analyze data_items');
  console.log(`# seeded ${ITEMS} items in ${Math.round(performance.now() - t)} ms`);
  return true;
}

async function call(body) {
  const t = performance.now();
  const res = await fetch(`${address}/wix-data/v2/items/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vitrine-site-id': SITE },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { ms: performance.now() - t, status: res.status, json };
}

const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

async function measure(shape, withCount) {
  const body = { dataCollectionId: 'Items', query: { paging: { limit: 50 }, ...shape.q }, returnTotalCount: withCount };
  let first = await call(body);
  // A 503 WD_INDEX_REQUIRED: the index this shape needs is being built (data/query-guard.ts); the refusal is
  // recorded and the shape retried every 2 s until the build ends (up to 300 s), like a client honouring Retry-After.
  const refusedMs = first.status === 503 && codeOf(first.json) === 'WD_INDEX_REQUIRED' ? first.ms : undefined;
  for (let i = 0; i < 150 && first.status === 503 && refusedMs !== undefined; i++) {
    await new Promise((r) => setTimeout(r, 2000));
    first = await call(body);
  }
  // Anything else but a 200 (a refusal, a statement timeout) is reported in the verdict, not retried.
  if (first.status !== 200)
    return { ...first, first: first.ms, p50: first.ms, max: first.ms, code: codeOf(first.json), refused: refusedMs };
  // On-demand indexes start from a query (after a few checks); give a build up to 120 s to finish before the timed calls.
  await new Promise((r) => setTimeout(r, 3000));
  for (let i = 0; i < 60 && (await building()); i++) await new Promise((r) => setTimeout(r, 2000));
  const times = [];
  let last = first;
  for (let i = 0; i < ROUNDS; i++) times.push((last = await call(body)).ms);
  // The baseline: the statements of one call, replayed on the database directly.
  sent.length = 0;
  await call(body);
  const statements = sent.filter(([sql]) => /data_items/.test(sql) && !/^select 1 from data_items .* offset/.test(sql));
  const sqlTimes = [];
  for (let i = 0; i < ROUNDS && statements.length > 0; i++) {
    const t = performance.now();
    for (const statement of statements) await replay(statement);
    sqlTimes.push(performance.now() - t);
  }
  const meta = last.json.pagingMetadata;
  return {
    first: first.ms,
    refused: refusedMs,
    p50: p50(times),
    max: Math.max(...times),
    sql: sqlTimes.length ? p50(sqlTimes) : undefined,
    status: last.status,
    total: meta?.total,
    tooMany: meta?.tooManyToCount,
    items: last.json.dataItems?.length,
    code: codeOf(last.json),
  };
}

const codeOf = (json) =>
  json?.details?.validationError?.fieldViolations?.[0]?.ruleName ?? json?.details?.applicationError?.code;

async function building() {
  if (db.kind !== 'postgres') return false;
  const r = await query(`select 1 from pg_stat_activity where query ilike 'create index%' and state = 'active'`);
  return r.rows.length > 0;
}

/**
 * The `cursors.next` standing after item `at` (capped to the collection), reached the way a client would: by
 * paging, 1,000 items a call, then one call of the remainder.
 */
async function cursorAt(at) {
  const target = Math.min(at, ITEMS - 100);
  const sortPrice = sort('price');
  let res = await call({
    dataCollectionId: 'Items',
    query: { sort: sortPrice, cursorPaging: { limit: Math.min(1000, target) } },
  });
  let seen = res.json.dataItems.length;
  while (seen < target) {
    const limit = Math.min(1000, target - seen);
    res = await call({
      dataCollectionId: 'Items',
      query: { cursorPaging: { limit, cursor: res.json.pagingMetadata.cursors.next } },
    });
    if (res.status !== 200) throw new Error(`cursor paging answered ${res.status}`);
    seen += res.json.dataItems.length;
  }
  return res.json.pagingMetadata.cursors.next;
}

async function measureCursor(shape) {
  // The first sort on price starts its on-demand index; paging 900,000 items without it would sort them per page.
  await call({ dataCollectionId: 'Items', query: { sort: sort('price'), paging: { limit: 1 } } });
  await new Promise((r) => setTimeout(r, 3000));
  for (let i = 0; i < 300 && (await building()); i++) await new Promise((r) => setTimeout(r, 2000));
  const t = performance.now();
  const cursor = await cursorAt(shape.at);
  const walk = performance.now() - t;
  const body = { dataCollectionId: 'Items', query: { cursorPaging: { limit: 50, cursor } } };
  const times = [];
  let last;
  for (let i = 0; i < ROUNDS; i++) times.push((last = await call(body)).ms);
  sent.length = 0;
  await call(body);
  const statements = sent.filter(([sql]) => /data_items/.test(sql));
  const sqlTimes = [];
  for (let i = 0; i < ROUNDS && statements.length > 0; i++) {
    const t0 = performance.now();
    for (const statement of statements) await replay(statement);
    sqlTimes.push(performance.now() - t0);
  }
  const first = last.json.dataItems?.[0]?.data?.price;
  return {
    walk,
    p50: p50(times),
    max: Math.max(...times),
    sql: sqlTimes.length ? p50(sqlTimes) : undefined,
    status: last.status,
    first,
  };
}

console.log(`# ${db.kind}, ${ITEMS} items, ${ROUNDS} calls per variant`);
console.log('| query | first call | p50 | max | SQL p50 | with count: p50 | max | SQL p50 | total | verdict |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const shape of SHAPES.filter((s) => !only || only.includes(s.id))) {
  const plain = await measure(shape, false);
  const counted = await measure(shape, true);
  const misses = [];
  if (plain.status === 400 && ['OFFSET_TOO_LARGE', 'WD_INDEX_REQUIRED'].includes(plain.code))
    misses.push(`refused: ${plain.code}`);
  else if (plain.status !== 200) misses.push(`MISS: answers ${plain.status} ${plain.code ?? ''}`.trim());
  else {
    if (counted.p50 > 20) misses.push('MISS: p50 > 20 ms');
    // First calls count too (issue #54): one that would wait for an index is refused (503) instead.
    const firsts = [plain.refused ?? plain.first, counted.refused ?? counted.first];
    if (Math.max(plain.max, counted.max, ...firsts) > 200) misses.push('MISS: a call > 200 ms');
    if (counted.sql && counted.sql / counted.p50 < 0.8) misses.push('MISS: < 0.8× SQL');
  }
  const total = counted.total === undefined ? '—' : `${counted.total}${counted.tooMany ? ' (estimate)' : ''}`;
  const verdict = misses.length ? misses.join(', ') : 'ok';
  const sql = (r) => (r.sql === undefined ? '—' : fmt(r.sql));
  console.log(
    `| ${shape.label} | ${plain.refused === undefined ? fmt(plain.first) : `503 in ${fmt(plain.refused)}, then ${fmt(plain.first)}`} | ${fmt(plain.p50)} | ${fmt(plain.max)} | ${sql(plain)} | ${fmt(counted.p50)} | ${fmt(counted.max)} | ${sql(counted)} | ${total} | ${verdict} |`,
  );
}
const cursorShapes = CURSOR_SHAPES.filter((s) => !only || only.includes(s.id));
if (cursorShapes.length) {
  console.log('\n| cursor page (50 items) | reached in | p50 | max | SQL p50 | first price | verdict |');
  console.log('|---|---|---|---|---|---|---|');
  for (const shape of cursorShapes) {
    const r = await measureCursor(shape);
    const misses = [];
    if (r.status !== 200) misses.push(`MISS: answers ${r.status}`);
    if (r.p50 > 20) misses.push('MISS: p50 > 20 ms');
    if (r.max > 200) misses.push('MISS: a call > 200 ms');
    const sql = r.sql === undefined ? '—' : fmt(r.sql);
    console.log(
      `| ${shape.label} | ${(r.walk / 1000).toFixed(1)} s | ${fmt(r.p50)} | ${fmt(r.max)} | ${sql} | ${r.first} | ${misses.join(', ') || 'ok'} |`,
    );
  }
}
await vitrine.close();
