// `node bench/login-overhead.mjs [--postgres URL]`: what a Vitrine sign-in costs on top of its argon2id
// verify, inside one process, by CPU time (argon2's pool threads included), in alternating blocks (a
// same-run difference, fair on a busy machine):
//   - Vitrine's login route through Fastify's `inject` (no sockets), round-robin over 50 verified members,
//   - the bare verify of the same hash with the same library (what the bench's argon2-raw route does).
// The difference is Vitrine's own work per sign-in: the lockout counting, the member read, the session
// transaction, the audit and webhook events, the HTTP handling. PGlite on a data folder, as
// `vitrine serve` runs it; PostgreSQL with --postgres (a database of that server it may drop and create).
// Uses the built server (packages/server/dist; `npm run build -w @vitrine/server`).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_CLIENT, BENCH_SITE, writeBenchConfig } from './lib/vitrine.mjs';
import { importLoadConfig, ROOT } from './lib/harness.mjs';

const BLOCK = Number(process.env.LOGIN_BLOCK ?? 96);
const ROUNDS = Number(process.env.LOGIN_ROUNDS ?? 9);
const IN_FLIGHT = 8;
const at = process.argv.indexOf('--postgres');
const databaseUrl = at > 0 ? process.argv[at + 1] : undefined;
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
process.env.VITRINE_AUTH_RATE_LIMITS = '0'; // every sign-in comes from one address, as in the bench's login case

const dist = join(ROOT, 'packages', 'server', 'dist');
// --base DIST: a second server built from another checkout (its packages/server/dist), measured in the
// same blocks: a same-process A/B of a change to the sign-in path.
const baseAt = process.argv.indexOf('--base');
const baseDist = baseAt > 0 ? process.argv[baseAt + 1] : undefined;
const password = 'correct horse battery staple';
const emails = Array.from({ length: 50 }, (_, i) => `login-overhead-${i}@example.com`);
const dataDirs = [];
process.on('exit', () => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** One server from `from` (a dist folder) with the 50 members; the first one's database is reused by PostgreSQL runs. */
async function signInServer(from) {
  const { createApp } = await import(join(from, 'app.js'));
  const loadConfig = await importLoadConfig(from);
  const passwords = await import(join(from, 'security/passwords.js'));
  // members/store.js since #23 (identity/members.js before: --base may be an older checkout's build).
  const { insertMember } = await import(
    join(from, existsSync(join(from, 'members/store.js')) ? 'members/store.js' : 'identity/members.js')
  );
  // LOGIN_CHEAP_HASH=1: argon2id at 8 KiB × 1 pass in that server (the same module instance), so a sign-in
  // is almost only Vitrine's own work: a low-noise figure to profile and A/B (not a security setting).
  if (process.env.LOGIN_CHEAP_HASH) Object.assign(passwords.PASSWORD_PARAMS, { memoryCost: 8, timeCost: 1 });
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-login-overhead-'));
  dataDirs.push(dataDir);
  const vitrine = await createApp({
    config: loadConfig({ configPath: writeBenchConfig(), dataDir, port: 0 }),
    logLevel: 'warn',
  });
  const { app, ctx } = vitrine;
  await app.ready();
  if (databaseUrl)
    await ctx.db.query(`delete from members where site_id = $1 and email like 'login-overhead-%'`, [BENCH_SITE]);
  const stored = await passwords.hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    for (const email of emails)
      await insertMember(tx, {
        siteId: BENCH_SITE,
        email,
        passwordHash: stored,
        emailVerified: true,
        approved: true,
        profile: {},
        now: Date.now(),
      });
  });
  const { site, client } = ctx.sites.findClient(BENCH_CLIENT);
  return {
    vitrine,
    stored,
    verifyPassword: passwords.verifyPassword,
    visitor: ctx.tokens.issueVisitor(site, client).access_token,
    kind: ctx.db.kind,
  };
}
if (databaseUrl && baseDist)
  throw new Error('--base runs on PGlite only (two servers would share the PostgreSQL database)');
const current = await signInServer(dist);
const base = baseDist ? await signInServer(baseDist) : undefined;

let next = 0;
const signIn = (server) => async () => {
  const email = emails[next++ % emails.length];
  const res = await server.vitrine.app.inject({
    method: 'POST',
    url: '/_api/iam/authentication/v2/login',
    headers: { 'content-type': 'application/json', authorization: server.visitor },
    payload: JSON.stringify({ loginId: { email }, password }),
    remoteAddress: '127.0.0.1',
  });
  if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
};
const ways = {
  'vitrine login': signIn(current),
  ...(base ? { 'base login': signIn(base) } : {}),
  'argon2id verify': async () => {
    if (!(await current.verifyPassword(current.stored, password))) throw new Error('verify failed');
  },
};
// LOGIN_ONLY=1: sign-ins alone (to profile them with --cpu-prof).
if (process.env.LOGIN_ONLY) delete ways['argon2id verify'];
const block = async (run, n) => {
  for (let i = 0; i < n; i += IN_FLIGHT) await Promise.all(Array.from({ length: IN_FLIGHT }, run));
};
for (const run of Object.values(ways)) await block(run, Number(process.env.LOGIN_WARMUP ?? 48));

// The event loop's own CPU time (Linux: the main thread's schedstat, in ns), apart from argon2's pool threads.
const mainThreadNs = () => {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
};
const cpu = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
const main = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(ways)) {
    const start = process.cpuUsage();
    const mainStart = mainThreadNs();
    await block(run, BLOCK);
    const used = process.cpuUsage(start);
    cpu[name].push((used.user + used.system) / BLOCK);
    main[name].push((mainThreadNs() - mainStart) / 1000 / BLOCK);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(Object.entries(cpu).map(([k, xs]) => [k, median(xs)]));
console.log(`${current.kind}, ${ROUNDS} rounds × ${BLOCK}, ${IN_FLIGHT} in flight (CPU-µs per operation, all threads)`);
for (const [name, xs] of Object.entries(cpu))
  console.log(
    `  ${name.padEnd(16)} median ${m[name].toFixed(0)} (rounds: ${xs.map((x) => x.toFixed(0)).join(', ')}); on the event loop's thread ${median(main[name]).toFixed(0)}`,
  );
if (process.env.LOGIN_ONLY) process.exit(0);
for (const name of ['vitrine login', ...(base ? ['base login'] : [])]) {
  const diffs = cpu[name].map((x, i) => x - cpu['argon2id verify'][i]);
  console.log(
    `  ${name}: Vitrine's own work per sign-in median ${median(diffs).toFixed(0)} CPU-µs (rounds: ${diffs.map((x) => x.toFixed(0)).join(', ')}); login/verify ${(m['argon2id verify'] / m[name]).toFixed(2)}× the rate`,
  );
}
if (base) {
  const ratios = cpu['vitrine login'].map((x, i) => x / cpu['base login'][i]);
  console.log(
    `  this checkout / base, per round: median ${median(ratios).toFixed(2)}× the CPU (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
  );
}
await current.vitrine.close();
await base?.vitrine.close();
