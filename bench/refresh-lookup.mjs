// `node bench/refresh-lookup.mjs`: the member refresh grant's database read alone, on embedded PGlite, two
// ways in one process, alternating blocks (same-run ratio, fair on a busy machine): the one-row lookup the
// server uses (refresh_tokens carries its session's state, migration 53) against the former
// refresh_tokens ⋈ sessions join. Uses the built server (packages/server/dist; `npm run build -w @vitrine/server`).
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../packages/server/dist/store/open.js';
import { migrate } from '../packages/server/dist/store/migrate.js';
import { findRefreshToken, hashToken, insertSession } from '../packages/server/dist/sessions/member-sessions.js';

const SESSIONS = 1000;
const BLOCK = Number(process.env.LOOKUP_BLOCK ?? 2000);
const ROUNDS = Number(process.env.LOOKUP_ROUNDS ?? 5);

const JOIN = `select rt.site_id, rt.session_id, rt.client_id, s.member_id, rt.expires_at, rt.rotated_at, rt.replaced_by,
        s.expires_at as session_expires_at, s.last_used_at as session_last_used_at, s.revoked_at
   from refresh_tokens rt join sessions s on s.site_id = rt.site_id and s.id = rt.session_id
  where rt.token_hash = $1`;

const db = await openDatabase({});
await migrate(db);
const tokens = [];
for (let i = 0; i < SESSIONS; i++) {
  const s = await insertSession(db, {
    siteId: 'bench',
    clientId: 'c',
    memberId: randomUUID(),
    ttlSeconds: 86_400,
    now: Date.now(),
  });
  tokens.push(s.refreshToken);
}

const ways = {
  'one row (refresh_tokens)': async (token) => findRefreshToken(db, token),
  'join (refresh_tokens ⋈ sessions)': async (token) => (await db.query(JOIN, [hashToken(token)])).rows[0],
};
for (const run of Object.values(ways))
  for (const t of tokens.slice(0, 10)) if (!(await run(t))) throw new Error('lookup found nothing');

const times = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(ways)) {
    // CPU time of this process, not wall time: PGlite runs on this thread, and on a busy machine the
    // wall clock also counts the time other processes had the core.
    const start = process.cpuUsage();
    for (let i = 0; i < BLOCK; i++) await run(tokens[i % SESSIONS]);
    const used = process.cpuUsage(start);
    times[name].push((used.user + used.system) / BLOCK);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, xs] of Object.entries(times))
  console.log(
    `${name.padEnd(34)} median ${median(xs).toFixed(1)} CPU-µs per lookup (rounds: ${xs.map((x) => x.toFixed(0)).join(', ')})`,
  );
const [one, join] = Object.values(times).map(median);
console.log(`one row / join: ${(one / join).toFixed(2)}× the CPU time`);
await db.close();
