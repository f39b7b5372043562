// Baseline for the data-items query: a bare node:http route (no framework, no auth) that runs the same
// query as hand-written SQL through `pg` (a Pool with the server's max, 10) on the same `data_items` table,
// rows and indexes the Vitrine server loaded and built (run it after `servers/vitrine.mjs --items N`).
// POST /items/query with the API's body shape, {filter: {category, price: {$gte}}, sort price ASC, limit}.
//
// The SQL is written once, by hand: field names are literals, only the values are parameters. The filter
// and the order are written with the expressions of the server's on-demand `price` sort index
// (data/indexes.ts, one btree on (site_id, collection_id, <5 type-ordered keys of data->'price'>, id)),
// the only way a hand-written query on this table gets an index scan in price order (an expression index
// matches only identical expressions): the same plan as the API's, without the query compiler. `category`
// is matched by containment (`data @> {"category": …}`), as a hand-writer does on a jsonb column (GIN-able).
// Prints `BENCH_READY {"port", "plan"}`; `plan` is the first lines of its EXPLAIN, to show the index is used.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../packages/server/package.json', import.meta.url));
const pg = require('pg');

const url = process.env.DATABASE_URL;
if (!url) throw new Error('items-sql: DATABASE_URL is not set');
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => {});

const p = `(data -> 'price')`;
const RANK = `case jsonb_typeof(${p}) when 'number' then 1 when 'string' then 2 when 'boolean' then 4 when 'array' then 5 when 'object' then case when jsonb_typeof(${p} -> '$date') = 'string' then 3 else 6 end else 0 end`;
const NUM = `case when jsonb_typeof(${p}) = 'number' then (${p})::numeric end`;
const STR = `case when jsonb_typeof(${p}) = 'string' then ${p} #>> '{}' end collate "C"`;
const DATE = `case when jsonb_typeof(${p} -> '$date') = 'string' then ${p} ->> '$date' end collate "C"`;
const BOOL = `case when jsonb_typeof(${p}) = 'boolean' then (${p})::boolean end`;
const SQL = `select data from data_items
  where site_id = $1 and collection_id = 'Items' and data @> $2::jsonb and ${RANK} = 1 and ${NUM} >= $3::numeric
  order by ${RANK}, ${NUM}, ${STR}, ${DATE}, ${BOOL}, id collate "C"
  limit $4`;
const SITE = 'bench';

const explain = await pool.query(`explain ${SQL}`, [SITE, JSON.stringify({ category: 'c7' }), '100', 50]);
const plan = explain.rows.slice(0, 2).map((r) => r['QUERY PLAN'].trim().replace(/\s+\(cost=.*$/, ''));
if (!plan.some((line) => line.includes('Index Scan using data_sort_')))
  throw new Error(`items-sql: the query does not use the price sort index: ${plan.join(' / ')}`);

function bad(res, status = 400) {
  res.writeHead(status).end();
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/items/query') return bad(res, 404);
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return bad(res);
    }
    const q = body?.query;
    const category = q?.filter?.category;
    const min = q?.filter?.price?.$gte;
    const limit = q?.paging?.limit ?? 50;
    if (
      typeof category !== 'string' ||
      typeof min !== 'number' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > 1000
    )
      return bad(res);
    pool.query(SQL, [SITE, JSON.stringify({ category }), String(min), limit]).then(
      ({ rows }) => {
        // The API's answer shape (items in their envelope), without paging metadata.
        const payload = JSON.stringify({
          dataItems: rows.map((r) => ({ id: r.data._id, dataCollectionId: 'Items', data: r.data })),
        });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(payload);
      },
      () => bad(res, 500),
    );
  });
});

server.listen(0, '127.0.0.1', () => {
  console.log(`BENCH_READY ${JSON.stringify({ port: server.address().port, plan })}`);
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
