// `node bench/login-commits.mjs [--postgres URL]`: the database side of a successful sign-in after the
// password check, two ways in one process, alternating blocks (a same-run ratio, fair on a busy machine):
// the login throttle's success bookkeeping (reset the address's counter, remember the address) run inside
// the sign-in's transaction (what auth.ts does since #11) against the same writes as statements of their
// own before the transaction (before). PGlite on a data folder, as `vitrine serve` runs it; PostgreSQL
// with --postgres. Measures this process's CPU per sign-in (PGlite runs on this thread) and wall time.
// Uses the built server (packages/server/dist).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../packages/server/dist/store/open.js';
import { migrate } from '../packages/server/dist/store/migrate.js';
import { insertSession } from '../packages/server/dist/sessions/member-sessions.js';
import { createRateLimiter } from '../packages/server/dist/security/rate-limit.js';
import { admitLoginAttempt, loginSucceeded } from '../packages/server/dist/security/login-throttle.js';

const at = process.argv.indexOf('--postgres');
const databaseUrl = at > 0 ? process.argv[at + 1] : undefined;
const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'vitrine-login-commits-'));
const BLOCK = Number(process.env.LOGIN_BLOCK ?? 300);
const ROUNDS = Number(process.env.LOGIN_ROUNDS ?? 7);

const db = await openDatabase({ databaseUrl, dataDir });
await migrate(db);
const limiter = createRateLimiter({ db });
const attempt = { siteId: 'bench', email: `login-${randomUUID()}@example.com`, ip: '127.0.0.1' };
const session = (tx) =>
  insertSession(tx, { siteId: 'bench', clientId: 'c', memberId: 'm', ttlSeconds: 86_400, now: Date.now() });

const ways = {
  'throttle writes in the sign-in transaction': async () => {
    const admission = await admitLoginAttempt(limiter, attempt);
    await db.transaction(async (tx) => {
      await loginSucceeded(limiter, attempt, admission, tx);
      await session(tx);
    });
  },
  'throttle writes on their own (before)': async () => {
    const admission = await admitLoginAttempt(limiter, attempt);
    await loginSucceeded(limiter, attempt, admission);
    await db.transaction((tx) => session(tx));
  },
};
for (const run of Object.values(ways)) for (let i = 0; i < 20; i++) await run();

const cpu = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
const wall = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(ways)) {
    const c = process.cpuUsage();
    const w = process.hrtime.bigint();
    for (let i = 0; i < BLOCK; i++) await run();
    const used = process.cpuUsage(c);
    cpu[name].push((used.user + used.system) / BLOCK);
    wall[name].push(Number(process.hrtime.bigint() - w) / 1000 / BLOCK);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(databaseUrl ? 'PostgreSQL' : `PGlite (data folder ${dataDir})`);
for (const name of Object.keys(ways))
  console.log(
    `${name.padEnd(44)} median ${median(cpu[name]).toFixed(0)} CPU-µs, ${median(wall[name]).toFixed(0)} µs wall per sign-in`,
  );
const [inTx, before] = Object.keys(ways);
console.log(
  `in the transaction / before: ${(median(cpu[inTx]) / median(cpu[before])).toFixed(2)}× the CPU, ${(median(wall[inTx]) / median(wall[before])).toFixed(2)}× the wall time`,
);
await limiter.close();
await db.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
