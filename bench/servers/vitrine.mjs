// Starts the Vitrine server the way `vitrine serve` does (loadConfig + createApp + listen), from the
// built packages/server/dist, and before listening prepares what the refresh cases replay:
// `--member-sessions N` member sessions (their refresh tokens live in the database) and one sealed
// visitor refresh token; `--items N` loads N items into the `Items` collection (data-items case, see loadItems).
// Prints `BENCH_READY {"port", "memberRefreshTokens", "visitorRefreshToken", …}`.
import { parseArgs } from 'node:util';
import { SEED_ITEMS_SQL } from '../lib/items-seed.mjs';

const BENCH_PASSWORD = 'correct horse battery staple';

const { values } = parseArgs({
  options: {
    config: { type: 'string' },
    'data-dir': { type: 'string' },
    'member-sessions': { type: 'string', default: '0' },
    members: { type: 'string', default: '0' },
    items: { type: 'string', default: '0' },
    // The commerce catalog case (cases/83-commerce-catalog.mjs): the demo shop's 12 products in the commerce
    // tables and as 12 data items, and a visitor cart of a few lines.
    catalog: { type: 'boolean', default: false },
    site: { type: 'string', default: 'bench' },
    client: { type: 'string', default: 'bench-client' },
    // The soak (bench/soak.mjs): every N seconds a `BENCH_STATS {rss, heapUsed, eventLoopP99Ms, …}` line.
    'stats-every': { type: 'string', default: '0' },
  },
});
const dist = new URL('../../packages/server/dist/', import.meta.url);
const { createApp } = await import(new URL('app.js', dist).href);
const { loadConfig } = await import(new URL('config-files/load.js', dist).href);

const config = loadConfig({ configPath: values.config, dataDir: values['data-dir'], port: 0 });
config.host = '127.0.0.1';
const vitrine = await createApp({ config, logLevel: process.env.LOG_LEVEL ?? 'warn' });
const { ctx } = vitrine;

// `--members N`: verified, approved members bench-N@example.com with the password below (login case).
const memberCount = Math.min(Number(values.members) || 0, 1000);
const memberEmails = [];
const memberIds = [];
if (memberCount > 0) {
  const { hashPassword } = await import(new URL('security/passwords.js', dist).href);
  const { insertMember } = await import(new URL('members/store.js', dist).href);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < memberCount; i++) {
      const email = `bench-${i}@example.com`;
      const member = await insertMember(tx, {
        siteId: values.site,
        email,
        passwordHash,
        emailVerified: true,
        approved: true,
        profile: {},
        now: Date.now(),
      });
      memberEmails.push(email);
      memberIds.push(member.id);
    }
  });
}

// With `--members`, the sessions are those members' (round robin): a checkout needs the member's email.
const sessions = Math.min(Number(values['member-sessions']) || 0, 10_000);
const memberRefreshTokens = [];
const memberAccessTokens = [];
if (sessions > 0) {
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < sessions; i++) {
      const created = await ctx.tokens.createMemberSession(tx, {
        siteId: values.site,
        clientId: values.client,
        memberId: memberIds.length ? memberIds[i % memberIds.length] : `bench-member-${i}`,
      });
      memberRefreshTokens.push(created.refreshToken);
      memberAccessTokens.push(created.accessToken);
    }
  });
}
const entry = ctx.sites.findClient(values.client);
if (!entry) throw new Error(`client ${values.client} is not configured`);
const visitor = ctx.tokens.issueVisitor(entry.site, entry.client);
const visitorRefreshToken = visitor.refresh_token;
// Identity calls name their site through the caller's access token, as the SDK sends it.
const visitorAccessToken = visitor.access_token;

// `--items N`: N items in the site's `Items` collection, loaded with one plain SQL statement, then the
// on-demand `price` sort index built the server's own way (see loadItems) before the server listens.
const itemCount = Math.min(Number(values.items) || 0, 1_000_000);
const items = itemCount > 0 ? await loadItems(itemCount) : undefined;
const catalog = values.catalog
  ? await (
      await import('../lib/catalog-seed.mjs')
    ).seedCatalog({ vitrine, dist, site: values.site, visitorAccessToken })
  : undefined;

await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = vitrine.app.server.address();
console.log(
  `BENCH_READY ${JSON.stringify({ port, db: ctx.db.kind, memberRefreshTokens, memberAccessTokens, visitorRefreshToken, visitorAccessToken, memberEmails, password: BENCH_PASSWORD, items, catalog })}`,
);

// As `vitrine serve` does: the start's garbage collected now and whenever the server goes quiet (#54).
const memory = await import(new URL('store/process-memory.js', dist).href);
if (memory.idleCollectionFromEnv()) memory.collectWhenIdle();

const statsEvery = Number(values['stats-every']) || 0;
if (statsEvery > 0) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const printStats = () => {
    const m = process.memoryUsage();
    const line = {
      at: Date.now(),
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      arrayBuffers: m.arrayBuffers,
      eventLoopP99Ms: delay.percentile(99) / 1e6,
      eventLoopMaxMs: delay.max / 1e6,
    };
    delay.reset();
    console.log(`BENCH_STATS ${JSON.stringify(line)}`);
  };
  setInterval(printStats, statsEvery * 1000).unref();
  // The soak asks for one more line when it reads the footprint after the load (its breakdown).
  process.on('SIGUSR2', printStats);
}

let closing = false;
process.on('SIGTERM', async () => {
  if (closing) return;
  closing = true;
  await vitrine.close().catch(() => {});
  process.exit(0);
});

/**
 * Items `{_id, _createdDate, _updatedDate, title, category: 'c0'…'c19', price: 0–999.99 (2 decimals, scattered),
 * stock: 0–499}` in `data_items`, the row shape the items API writes (data holds the system fields, dates as
 * {"$date": canonical ISO}; created_at/updated_at mirror them), one second apart from 2026-01-01. Kept when
 * the collection already holds exactly N items (a later round reuses them). Then `analyze`, and one
 * price-sorted query through the API (app.inject) so that the server starts its on-demand sort index on
 * `price` (data/indexes.ts: `create index concurrently` + `analyze`), awaited until it is recorded in
 * `data_sort_indexes`: the measured load is the steady state.
 */
// g is bigint: g * 7919 overflows int past 271,000 items (issue #28); 7 digits keep titles unique to 9,999,999.
async function loadItems(n) {
  const site = values.site;
  const timings = {};
  let t = Date.now();
  const count = Number(
    (await ctx.db.query(`select count(*) as n from data_items where site_id = $1 and collection_id = 'Items'`, [site]))
      .rows[0].n,
  );
  if (count !== n) {
    await ctx.db.query(`delete from data_items where site_id = $1 and collection_id = 'Items'`, [site]);
    await ctx.db.query(SEED_ITEMS_SQL, [site, n]);
    timings.insertMs = Date.now() - t;
    t = Date.now();
    await ctx.db.exec('analyze data_items');
    timings.analyzeMs = Date.now() - t;
  } else {
    timings.reused = true;
  }
  t = Date.now();
  const body = {
    dataCollectionId: 'Items',
    query: {
      filter: { category: 'c7', price: { $gte: 100 } },
      sort: [{ fieldName: 'price', order: 'ASC' }],
      paging: { limit: 50 },
    },
  };
  const recorded = async () =>
    (
      await ctx.db.query(
        `select 1 from data_sort_indexes where site_id = '*' and collection_id = '*' and field = 'price'`,
      )
    ).rows.length > 0;
  let first;
  for (let i = 0; i < 600 && !(await recorded()); i++) {
    // Re-sent every 5 s: the server starts the build from a query (never twice at once), and waits for nothing.
    if (i % 25 === 0) {
      const res = await vitrine.app.inject({
        method: 'POST',
        url: '/wix-data/v2/items/query',
        headers: { 'content-type': 'application/json', authorization: visitorAccessToken },
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`items query answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      first ??= JSON.parse(res.body).dataItems?.length;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!(await recorded())) throw new Error('the price sort index was not built within 120 s');
  timings.sortIndexMs = Date.now() - t;
  return {
    count: n,
    collection: 'Items',
    sortIndex: 'price (built on demand by the server, awaited before listening)',
    timings,
  };
}
