// `node bench/login-overhead.mjs [--postgres URL]`: what a Vitrine sign-in costs on top of its argon2id
// verify, inside one process, by CPU time (argon2's pool threads included), in alternating blocks (a
// same-run difference, fair on a busy machine):
//   - Vitrine's login route through Fastify's `inject` (no sockets), round-robin over 50 verified members,
//   - the bare verify of the same hash with the same library (what the bench's argon2-raw route does).
// The difference is Vitrine's own work per sign-in: the lockout counting, the member read, the session
// transaction, the audit and webhook events, the HTTP handling. PGlite on a data folder, as
// `vitrine serve` runs it; PostgreSQL with --postgres (a database of that server it may drop and create).
// Uses the built server (packages/server/dist; `npm run build -w @vitrine/server`). Also prints how often the
// event loop's thread was preempted per operation (Linux: nonvoluntary context switches). LOGIN_STATEMENTS=1 and
// LOGIN_NICE_POOL=N: see below.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
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

/** The server's PASSWORD_PARAMS as shipped, read before LOGIN_CHEAP_HASH lowers them. */
let shippedParams;

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
  shippedParams ??= { ...passwords.PASSWORD_PARAMS }; // before the cheap hash below: LOGIN_EVICT's hash uses them
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
/** A full-cost hash with the shipped parameters straight through the library: the caches after a real verify. */
async function evictor() {
  const { createRequire } = await import('node:module');
  const argon2 = createRequire(join(ROOT, 'packages', 'server', 'package.json'))('@node-rs/argon2');
  const stored = await argon2.hash(password, shippedParams);
  return () => argon2.verify(stored, password);
}
if (databaseUrl && baseDist)
  throw new Error('--base runs on PGlite only (two servers would share the PostgreSQL database)');
const current = await signInServer(dist);
const base = baseDist ? await signInServer(baseDist) : undefined;

// LOGIN_STATEMENTS=1: the statements of a returning sign-in, in order, each with its median wall µs over 300
// sign-ins one at a time (inject; the hash as configured), then exit: where the database part of a sign-in goes.
if (process.env.LOGIN_STATEMENTS) {
  const db = current.vitrine.ctx.db;
  const { query, transaction } = db;
  const times = new Map(); // statement (its first 70 characters, '  ' inside the transaction) → wall µs
  const timed =
    (q, indent) =>
    async (text, ...rest) => {
      const started = process.hrtime.bigint();
      try {
        return await q(text, ...rest);
      } finally {
        const key = indent + String(text).replace(/\s+/g, ' ').trim().slice(0, 70);
        times.set(key, [...(times.get(key) ?? []), Number(process.hrtime.bigint() - started) / 1000]);
      }
    };
  const signOnce = async () => {
    const res = await current.vitrine.app.inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      headers: { 'content-type': 'application/json', authorization: current.visitor },
      payload: JSON.stringify({ loginId: { email: emails[0] }, password }),
      remoteAddress: '127.0.0.1',
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  await signOnce(); // the first sign-in from this visitor writes more (recordVisitor)
  db.query = timed(query.bind(db), '');
  const inTx = (tx) => new Proxy(tx, { get: (t, k) => (k === 'query' ? timed(t.query.bind(t), '  ') : t[k]) });
  db.transaction = (fn, ...rest) => transaction.call(db, (tx) => fn(inTx(tx)), ...rest);
  const whole = [];
  const cpuNs = [];
  const threadNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  // LOGIN_EVICT=1 (with LOGIN_CHEAP_HASH=1): a full-cost argon2id hash before each timed sign-in, untimed, as the
  // bench's one-core load does between sign-ins: the statements then run with the caches a real hash leaves.
  const evict = process.env.LOGIN_EVICT ? await evictor() : async () => {};
  for (let i = 0; i < 300; i++) {
    await evict();
    const started = process.hrtime.bigint();
    const cpuBefore = threadNs();
    await signOnce();
    cpuNs.push(threadNs() - cpuBefore);
    whole.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `${current.kind}: one sign-in at a time, median ${med(whole).toFixed(0)} µs wall, ` +
      `${(med(cpuNs) / 1000).toFixed(0)} µs of the event loop's CPU; its statements:`,
  );
  for (const [key, xs] of times)
    console.log(`  ${med(xs).toFixed(0).padStart(6)} µs  ${(xs.length / 300).toFixed(2)} per sign-in  ${key}`);
  process.exit(0);
}

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

// LOGIN_NICE_POOL=N (Linux, an experiment of #54): the threads that ran a block of verifies (libuv's pool: every
// thread but the event loop's with > 5 % of the block's CPU) run at nice N, so a hash never preempts the event loop.
if (process.env.LOGIN_NICE_POOL) {
  const tasks = () =>
    Object.fromEntries(
      readdirSync('/proc/self/task').map((t) => [
        t,
        Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]),
      ]),
    );
  const before = tasks();
  await block(ways['argon2id verify'], 32);
  const after = tasks();
  const total = Object.keys(after).reduce((n, t) => n + after[t] - (before[t] ?? 0), 0);
  for (const t of Object.keys(after)) {
    const share = (after[t] - (before[t] ?? 0)) / total;
    if (Number(t) !== process.pid && share > 0.05) {
      setPriority(Number(t), Number(process.env.LOGIN_NICE_POOL));
      console.log(
        `  thread ${t} (${(share * 100).toFixed(0)} % of a verify block) at nice ${process.env.LOGIN_NICE_POOL}`,
      );
    }
  }
}

// The event loop's own CPU time (Linux: the main thread's schedstat, in ns), apart from argon2's pool threads.
const mainThreadNs = () => {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
};
// The event loop thread's involuntary context switches (Linux): how often something else took its core mid-work.
const mainPreempted = () => {
  try {
    return Number(
      /nonvoluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/self/task/${process.pid}/status`, 'utf8'))[1],
    );
  } catch {
    return NaN;
  }
};
const preempted = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
const cpu = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
const main = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(ways)) {
    const start = process.cpuUsage();
    const mainStart = mainThreadNs();
    const preemptedStart = mainPreempted();
    await block(run, BLOCK);
    preempted[name].push((mainPreempted() - preemptedStart) / BLOCK);
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
    `  ${name.padEnd(16)} median ${m[name].toFixed(0)} (rounds: ${xs.map((x) => x.toFixed(0)).join(', ')}); on the event loop's thread ${median(main[name]).toFixed(0)}, preempted ${median(preempted[name]).toFixed(2)} times`,
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
