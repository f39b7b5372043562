// `npm run soak [-- --minutes 2] [--db postgres] [--interval 30] [--rate N]`: the storefront's request mix
// against one Vitrine server (pinned to CPU 0 like the bench's), first flat out for a few seconds to
// measure capacity, then at half of it for `--minutes` (default 10). Every `--interval` seconds it prints
// the server's RSS, heap, event-loop delay p99 and the interval's throughput, errors and response p99;
// then a verdict: RSS growth < 10 % after the first minute (medians of the first and last three samples after it),
// no error responses, event-loop p99 steady.
// A soak, not a test: the verdict is printed, the exit code is 1 only when it could not run.
//
// The mix (weights): anonymous grants 30, visitor refreshes 10, member refreshes 15 (rotating client,
// each shopper's latest token), catalog queries 25 (the Stores wire's product query, filter + sort), cart writes 12
// (the eCom current cart: a unit added, or the line set back to one unit once it holds five, under the shop's
// ten of one item), checkouts 5 (a cart line if the cart is empty, a checkout from the cart with its delivery,
// create-order, then the owner cancels it through the admin API so the member's open orders stay under the cap),
// logins 3 (argon2id). Each of the 200 shoppers is a member of its own (a member has one current cart) and comes
// from an address of its own (X-Forwarded-For, TRUST_PROXY=127.0.0.1), as real shoppers do: the routes' per-address
// limits hold as they would in a shop. The configurable per-IP limits are off, as in the bench. `--db postgres` uses DATABASE_URL's server
// in its own database `vitrine_soak` (dropped and re-created). After the load it reads the server's RSS at once and
// 40 s later, with the V8 heap and external memory then; SOAK_DETAIL=1 adds the RSS and the server's CPU every 5 s
// of those 40, and its largest memory mappings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { nodeEnvFromEnv, nodeFlagsFromEnv } from '../packages/server/bin/node-flags.js';
import { cpuSeconds, log, ROOT, startServer } from './lib/harness.mjs';
import { rssMb } from './lib/serve.mjs';
import { ensureServerBuilt } from './lib/vitrine.mjs';

const { values: opts } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    interval: { type: 'string', default: '30' },
    db: { type: 'string', default: 'pglite' },
    rate: { type: 'string' },
    'capacity-seconds': { type: 'string', default: '15' },
  },
});
const minutes = Number(opts.minutes);
const interval = Number(opts.interval);
if (!(minutes > 0 && minutes <= 120)) throw new Error('--minutes must be in (0, 120]');
if (!(interval >= 5 && interval <= 300)) throw new Error('--interval must be 5..300 seconds');
if (opts.db !== 'pglite' && opts.db !== 'postgres') throw new Error('--db is pglite or postgres');

const SITE = 'demo';
const CLIENT = 'demo-storefront';
const ADMIN_KEY = `soak-admin-${Math.random().toString(36).slice(2)}-0123456789abcdef`;
const SHOPPERS = 200;
const MEMBERS = SHOPPERS; // one member per session: a member has one current cart, which two sessions at once would race for

await ensureServerBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-soak-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const env = {
  DATABASE_URL: opts.db === 'postgres' ? await soakDatabase() : '',
  VITRINE_ADMIN_KEY: ADMIN_KEY,
  VITRINE_TOKEN_RATE_LIMIT: '0',
  VITRINE_AUTH_RATE_LIMITS: '0',
  VITRINE_DATA_WRITE_RATE_LIMIT: '0',
  VITRINE_DATA_QUERY_RATE_LIMIT: '0',
  // Each shopper's address in X-Forwarded-For counts for the routes' fixed per-address limits (eCom writes).
  TRUST_PROXY: '127.0.0.1',
  // As `npm start` and `vitrine serve` start it: glibc's setting in its environment (bin/node-flags.js).
  ...nodeEnvFromEnv().env,
};
log(
  `soak on ${opts.db}: starting the server (demo site, ${SHOPPERS} member sessions, ${MEMBERS} members with passwords)…`,
);
const server = await startServer({
  script: 'servers/vitrine.mjs',
  args: [
    '--data-dir',
    dataDir,
    '--site',
    SITE,
    '--client',
    CLIENT,
    '--member-sessions',
    String(SHOPPERS),
    '--members',
    String(MEMBERS),
    '--stats-every',
    String(interval),
  ],
  env,
  // As `npm start` and `vitrine serve` run it (bin/node-flags.js; VITRINE_NODE_FLAGS=off for node's defaults).
  nodeArgs: nodeFlagsFromEnv().flags,
  timeoutMs: 180_000,
  label: 'soak-server',
});
const { info } = server;
const base = `http://127.0.0.1:${info.port}`;
const stats = [];
let statsBuffer = '';
server.child.stdout.on('data', (chunk) => {
  statsBuffer += chunk;
  let nl;
  while ((nl = statsBuffer.indexOf('\n')) >= 0) {
    const line = statsBuffer.slice(0, nl);
    statsBuffer = statsBuffer.slice(nl + 1);
    if (line.startsWith('BENCH_STATS ')) stats.push(JSON.parse(line.slice('BENCH_STATS '.length)));
  }
});

// --- the storefront's requests --------------------------------------------------------------------
/** One request; the whole answer is read (an unread body would hold its connection). */
async function json(method, path, body, authorization, address = visitorAddress()) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(authorization ? { authorization } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!res.ok && !errorSamples.has(`${path} ${res.status}`))
    errorSamples.set(`${path} ${res.status}`, text.slice(0, 300));
  return { status: res.status, ok: res.ok, body: parsed, text };
}
/** The first answer of each kind of failure, printed at the end. */
const errorSamples = new Map();
/** A visitor's address, one of 1 000; a shopper has its own (`addressOf`). */
const visitorAddress = () => `10.2.${Math.floor(Math.random() * 4)}.${Math.floor(Math.random() * 250)}`;
const addressOf = (i) => `10.1.${i >> 8}.${i & 255}`;

// The demo's category collections the catalog queries filter by (declared before its first use).
const collections = ['kitchen', 'home', 'outdoors', 'stationery'];
const productId = await setUpProduct();
const collectionIds = await collectionIdsOf(collections);
const visitor = (await json('POST', '/oauth2/token', { clientId: CLIENT, grantType: 'anonymous' })).body;
const shoppers = info.memberRefreshTokens.map((refreshToken, i) => ({
  refreshToken,
  accessToken: info.memberAccessTokens[i],
  address: addressOf(i),
  cartLines: 0,
  lineId: undefined,
}));
const freeShoppers = [...shoppers];

/** Each task answers the statuses of the requests it made (a shopper is used by one task at a time). */
const tasks = {
  anonymous: async () => [(await json('POST', '/oauth2/token', { clientId: CLIENT, grantType: 'anonymous' })).status],
  visitorRefresh: async () => [
    (
      await json('POST', '/oauth2/token', {
        clientId: CLIENT,
        grantType: 'refresh_token',
        refreshToken: visitor.refresh_token,
      })
    ).status,
  ],
  memberRefresh: (s) => refreshShopper(s),
  catalog: async () => {
    const collectionId = collectionIds[Math.floor(Math.random() * collectionIds.length)];
    const body = {
      query: {
        filter: JSON.stringify({ 'collections.id': { $hasSome: [collectionId] } }),
        sort: JSON.stringify([{ price: 'asc' }]),
        paging: { limit: 12 },
      },
    };
    return [(await json('POST', '/stores-reader/v1/products/query-platformized', body, visitor.access_token)).status];
  },
  cartWrite: async (s) => [await addToCart(s)],
  checkout: async (s) => {
    const statuses = s.cartLines === 0 ? [await addToCart(s)] : [];
    const created = await json(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      { channelType: 'WEB' },
      s.accessToken,
      s.address,
    );
    statuses.push(created.status);
    if (!created.ok) return statuses;
    const id = created.body.checkoutId;
    const address = { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' };
    const delivery = {
      checkout: {
        shippingInfo: {
          shippingDestination: { address, contactDetails: { firstName: 'Soak', lastName: 'Shopper' } },
          selectedCarrierServiceOption: { code: 'standard' },
        },
      },
    };
    statuses.push((await json('PATCH', `/ecom/v1/checkouts/${id}`, delivery, s.accessToken, s.address)).status);
    const placed = await json('POST', `/ecom/v1/checkouts/${id}/create-order`, {}, s.accessToken, s.address);
    statuses.push(placed.status);
    if (!placed.ok) return statuses;
    s.cartLines = 0;
    s.lineId = undefined;
    const cancel = { siteId: SITE, status: 'CANCELED', note: 'soak' };
    statuses.push(
      (await json('POST', `/_admin/v1/commerce/orders/${placed.body.orderId}/status`, cancel, ADMIN_KEY)).status,
    );
    return statuses;
  },
  login: async () => {
    const email = info.memberEmails[Math.floor(Math.random() * info.memberEmails.length)];
    return [
      (
        await json(
          'POST',
          '/_api/iam/authentication/v2/login',
          { loginId: { email }, password: info.password },
          visitor.access_token,
        )
      ).status,
    ];
  },
};
const MIX = [
  ['anonymous', 30],
  ['visitorRefresh', 10],
  ['memberRefresh', 15],
  ['catalog', 25],
  ['cartWrite', 12],
  ['checkout', 5],
  ['login', 3],
];
const NEEDS_SHOPPER = new Set(['memberRefresh', 'cartWrite', 'checkout']);
const totalWeight = MIX.reduce((n, [, w]) => n + w, 0);

async function refreshShopper(s) {
  const res = await json(
    'POST',
    '/oauth2/token',
    { clientId: CLIENT, grantType: 'refresh_token', refreshToken: s.refreshToken },
    undefined,
    s.address,
  );
  if (res.ok) Object.assign(s, { refreshToken: res.body.refresh_token, accessToken: res.body.access_token });
  return [res.status];
}

/** One more unit of the soak's product, or its line back to one unit once it holds five (a shop allows ten). */
async function addToCart(s) {
  if (s.cartLines >= 5 && s.lineId) {
    const body = { lineItems: [{ id: s.lineId, quantity: 1 }] };
    const res = await json('POST', '/ecom/v1/carts/current/update-line-items-quantity', body, s.accessToken, s.address);
    if (res.ok) s.cartLines = 1;
    return res.status;
  }
  const res = await json(
    'POST',
    '/ecom/v1/carts/current/add-to-cart',
    { lineItems: [{ catalogReference: { catalogItemId: productId }, quantity: 1 }] },
    s.accessToken,
    s.address,
  );
  if (res.ok) {
    s.cartLines += 1;
    s.lineId = res.body.cart.lineItems.find((line) => line.catalogReference?.catalogItemId === productId)?.id;
  }
  return res.status;
}

/** A product of the commerce module with stock for the whole soak (the admin API, the server's admin key). */
async function setUpProduct() {
  const product = { slug: 'soak-socks', name: 'Soak Socks', variants: [{ price: 500, stock: 1_000_000_000 }] };
  const res = await json('POST', '/_admin/v1/commerce/products', { siteId: SITE, product }, ADMIN_KEY);
  if (!res.ok) throw new Error(`soak: product insert answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.body.product.id;
}

/** The ids of the demo's category collections, which the catalog queries filter by. */
async function collectionIdsOf(slugs) {
  const res = await json('GET', `/_admin/v1/commerce/collections?siteId=${SITE}`, undefined, ADMIN_KEY);
  if (!res.ok) throw new Error(`soak: collections answered ${res.status}: ${res.text.slice(0, 300)}`);
  const ids = res.body.collections.filter((c) => slugs.includes(c.slug)).map((c) => c.id);
  return ids.length ? ids : res.body.collections.map((c) => c.id);
}

// --- one task of the mix, counted -----------------------------------------------------------------
const pick = () => {
  let r = Math.random() * totalWeight;
  for (const [name, weight] of MIX) if ((r -= weight) < 0) return name;
  return MIX[0][0];
};
let window = newWindow();
function newWindow() {
  return { requests: 0, errors: 0, latencies: [], byStatus: {}, skipped: 0 };
}
let inFlight = 0;
async function runOne() {
  const name = pick();
  // The longest-free shopper: every member takes turns (their hourly order cap holds for soaks of ~30 min).
  const shopper = NEEDS_SHOPPER.has(name) ? freeShoppers.shift() : undefined;
  if (NEEDS_SHOPPER.has(name) && !shopper) return runOneOf('catalog');
  try {
    await runOneOf(name, shopper);
  } finally {
    if (shopper) freeShoppers.push(shopper);
  }
}
async function runOneOf(name, shopper) {
  const started = performance.now();
  inFlight += 1;
  let statuses;
  try {
    statuses = await tasks[name](shopper);
  } catch (error) {
    statuses = [`${error.code ?? error.cause?.code ?? 'network'}`];
  } finally {
    inFlight -= 1;
  }
  const ms = performance.now() - started;
  const w = window;
  for (const status of statuses) {
    w.requests += 1;
    w.byStatus[`${name}:${status}`] = (w.byStatus[`${name}:${status}`] ?? 0) + 1;
    if (!(typeof status === 'number' && status < 300)) w.errors += 1;
  }
  w.latencies.push(ms / statuses.length);
}

const percentile = (xs, p) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

// --- capacity: the mix flat out (16 tasks in flight) -----------------------------------------------
let rate = Number(opts.rate) || 0;
if (!rate) {
  const seconds = Number(opts['capacity-seconds']);
  log(`measuring capacity: the mix flat out for ${seconds} s (16 tasks in flight)…`);
  window = newWindow();
  const cpu0 = cpuSeconds(server.child.pid);
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < until) await runOne();
    }),
  );
  const measured = window.requests / seconds;
  const cpu = cpuSeconds(server.child.pid) - cpu0;
  log(
    `capacity: ${Math.round(measured)} req/s (server used ${Math.round((100 * cpu) / seconds)} % of a core), ${window.errors} errors ${JSON.stringify(errorsOf(window))}`,
  );
  rate = measured / 2;
}
log(`soak: ${Math.round(rate)} req/s (half of capacity) for ${minutes} min, a line every ${interval} s`);

function errorsOf(w) {
  return Object.fromEntries(Object.entries(w.byStatus).filter(([key]) => !/:2\d\d$/.test(key)));
}

// --- the soak: an open loop at `rate` requests per second ------------------------------------------
const MAX_IN_FLIGHT = 256;
const rows = [];
const startedAt = Date.now();
const endAt = startedAt + minutes * 60_000;
window = newWindow();
let credit = 0;
let last = performance.now();
let tick;
const allDone = new Promise((resolve) => {
  tick = setInterval(() => {
    const now = performance.now();
    credit += ((now - last) / 1000) * rate * 0.83; // ~1.2 requests per task (a checkout is four or five)
    last = now;
    while (credit >= 1) {
      credit -= 1;
      if (inFlight >= MAX_IN_FLIGHT) window.skipped += 1;
      else runOne();
    }
    if (Date.now() >= endAt) {
      clearInterval(tick);
      resolve();
    }
  }, 10);
});
const header = `${'t'.padStart(5)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)} ${'RSS MB'.padStart(7)} ${'heap MB'.padStart(8)} ${'loop p99'.padStart(9)} ${'srv CPU'.padStart(8)}`;
console.log(`\n${header}`);
let cpuMark = cpuSeconds(server.child.pid);
let lastStats = stats.length;
const reporter = setInterval(() => report(), interval * 1000);
function report() {
  const w = window;
  window = newWindow();
  const cpu = cpuSeconds(server.child.pid);
  const serverStats = stats.length > lastStats ? stats[stats.length - 1] : undefined;
  lastStats = stats.length;
  const row = {
    t: Math.round((Date.now() - startedAt) / 1000),
    rps: w.requests / interval,
    p50: percentile(w.latencies, 50),
    p99: percentile(w.latencies, 99),
    errors: w.errors,
    errorsBy: errorsOf(w),
    skipped: w.skipped,
    rss: serverStats?.rss,
    heapUsed: serverStats?.heapUsed,
    loopP99: serverStats?.eventLoopP99Ms,
    cpuShare: cpu !== undefined && cpuMark !== undefined ? (cpu - cpuMark) / interval : undefined,
  };
  cpuMark = cpu;
  rows.push(row);
  const mb = (x) => (x === undefined ? '-' : (x / 1048576).toFixed(1));
  console.log(
    `${String(row.t).padStart(5)} ${row.rps.toFixed(0).padStart(7)} ${row.p50.toFixed(1).padStart(7)} ${row.p99.toFixed(1).padStart(7)} ${String(row.errors).padStart(6)} ${mb(row.rss).padStart(7)} ${mb(row.heapUsed).padStart(8)} ${(row.loopP99?.toFixed(1) ?? '-').padStart(9)} ${(row.cpuShare === undefined ? '-' : `${Math.round(100 * row.cpuShare)} %`).padStart(8)}${row.errors ? `  !! ${JSON.stringify(row.errorsBy)}` : ''}${row.skipped ? `  (${row.skipped} tasks not sent: ${MAX_IN_FLIGHT} in flight)` : ''}`,
  );
}
await allDone;
clearInterval(reporter);
while (inFlight > 0) await new Promise((r) => setTimeout(r, 50));
if ((Date.now() - startedAt) / 1000 - (rows.at(-1)?.t ?? 0) > interval / 2) report();
// What the server keeps once the load is gone (its idle collection runs after 10-20 quiet seconds).
const rssMbNow = () => rssMb(server.child.pid);
const rssAtEnd = rssMbNow();
const cpuAtEnd = cpuSeconds(server.child.pid);
for (let i = 0; i < 8; i++) {
  await new Promise((r) => setTimeout(r, 5_000));
  if (process.env.SOAK_DETAIL)
    console.log(
      `  +${5 * (i + 1)} s: RSS ${rssMbNow().toFixed(0)} MB, server CPU since the load ${((cpuSeconds(server.child.pid) - cpuAtEnd) * 1000).toFixed(0)} ms`,
    );
}
const rssLater = rssMbNow();
if (process.env.SOAK_DETAIL) printMappings(server.child.pid);
const statsBefore = stats.length;
server.child.kill('SIGUSR2');
while (stats.length === statsBefore) await new Promise((r) => setTimeout(r, 20));
const held = stats.at(-1);
const mib = (x) => (x === undefined ? '-' : `${(x / 1048576).toFixed(0)} MB`);
console.log(`\nServer RSS: ${rssAtEnd.toFixed(0)} MB as the load ended, ${rssLater.toFixed(0)} MB 40 s later`);
console.log(
  `  then: V8 heap ${mib(held.heapTotal)} (${mib(held.heapUsed)} used), external ${mib(held.external)} ` +
    `(array buffers ${mib(held.arrayBuffers)}; the embedded database's WebAssembly memory counts here as reserved, in RSS as touched)`,
);
await server.stop();

// --- verdict ---------------------------------------------------------------------------------------
const afterMinute = rows.filter((r) => r.t >= 60 && r.rss !== undefined);
const baseline = afterMinute[0];
const final = afterMinute.at(-1);
// Growth compares the median RSS of the first samples after the first minute with that of the last ones (up to
// three each): one sample read while a burst's memory was still in use (a 223 MB sample at 300 s, 188 MB five
// seconds later) read as 10.7 % growth; a leak moves every sample, so it moves the medians too.
const edge = Math.min(3, Math.floor(afterMinute.length / 2));
const medianRss = (samples) => [...samples].map((r) => r.rss).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const span = (samples) => `${samples[0].t}–${samples.at(-1).t} s`;
const errors = rows.reduce((n, r) => n + r.errors, 0);
const skipped = rows.reduce((n, r) => n + r.skipped, 0);
const lines = [];
let pass = true;
if (edge >= 1) {
  const [early, late] = [afterMinute.slice(0, edge), afterMinute.slice(-edge)];
  const [from, to] = [medianRss(early), medianRss(late)];
  const growth = (to - from) / from;
  const ok = growth < 0.1;
  pass &&= ok;
  lines.push(
    `${ok ? 'PASS' : 'MISS'} RSS growth after the first minute: ${(100 * growth).toFixed(1)} % (median ${(from / 1048576).toFixed(1)} MB at ${span(early)} → ${(to / 1048576).toFixed(1)} MB at ${span(late)}; last sample ${(final.rss / 1048576).toFixed(1)} MB; limit 10 %)`,
  );
} else {
  pass = false;
  lines.push('N/A RSS growth: the run needs two samples after the first minute (--minutes ≥ 2 with --interval 30)');
}
pass &&= errors === 0;
lines.push(
  `${errors === 0 ? 'PASS' : 'MISS'} error responses: ${errors}${skipped ? ` (and ${skipped} tasks not sent: the server fell behind)` : ''}`,
);
if (baseline) {
  const loops = afterMinute.map((r) => r.loopP99).filter((x) => x !== undefined);
  // The median, not the first sample: one spike in the first interval must not excuse every later one.
  const reference = [...loops].sort((a, b) => a - b)[Math.floor(loops.length / 2)];
  const worst = Math.max(...loops);
  const ok = worst <= Math.max(2 * reference, reference + 20);
  pass &&= ok;
  lines.push(
    `${ok ? 'PASS' : 'MISS'} event-loop delay p99 steady after the first minute: ${loops.map((x) => x.toFixed(1)).join(', ')} ms (worst ${worst.toFixed(1)} ≤ max(2 × median ${reference.toFixed(1)}, median + 20 ms))`,
  );
}
for (const [key, text] of errorSamples) console.log(`  first ${key}: ${text}`);
console.log(`\nSoak verdict (${opts.db}, ${Math.round(rate)} req/s for ${minutes} min): ${pass ? 'PASS' : 'MISS'}`);
for (const line of lines) console.log(`  ${line}`);
process.exit(0);

async function soakDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('--db postgres needs DATABASE_URL (a server where the soak may create the database vitrine_soak)');
  const pg = createRequire(join(ROOT, 'packages', 'server', 'package.json'))('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('drop database if exists vitrine_soak with (force)');
    await admin.query('create database vitrine_soak');
  } finally {
    await admin.end();
  }
  const soakUrl = new URL(url);
  soakUrl.pathname = '/vitrine_soak';
  log(`PostgreSQL: database vitrine_soak on ${soakUrl.host}, re-created empty`);
  return soakUrl.href;
}

/** SOAK_DETAIL=1: the server's memory mappings by resident size (`/proc/PID/smaps`), the largest first. */
function printMappings(pid) {
  const regions = [];
  let region;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head)
      regions.push((region = { mb: (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1048576, name: head[3], rss: 0 }));
    else if (region && line.startsWith('Rss:')) region.rss = Number(line.split(/\s+/)[1]) / 1024;
  }
  const sum = (list) => list.reduce((n, r) => n + r.rss, 0).toFixed(0);
  const small = regions.filter((r) => r.mb <= 1 && !r.name);
  console.log(
    `  anonymous mappings of ≤ 1 MB (V8's heap pages among them): ${small.length}, ${sum(small)} MB resident`,
  );
  for (const r of regions.sort((a, b) => b.rss - a.rss).slice(0, 10))
    console.log(
      `  ${r.rss.toFixed(0).padStart(5)} MB resident of ${r.mb.toFixed(0).padStart(6)} MB  ${r.name || '(anonymous)'}`,
    );
}
