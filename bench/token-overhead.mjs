// `node bench/token-overhead.mjs [--base DIST] [--grant anonymous|member-refresh|authorization-code]`: the
// token endpoint's per-request CPU cost inside one process, in alternating blocks (same-run ratios, fair on
// a busy machine), through Fastify's `inject` (no sockets, so only the framework's and Vitrine's own work is
// measured). With the anonymous grant (the default), three ways:
//   - Vitrine's token route with the per-IP limit on (the production path),
//   - the same route with the limit off (VITRINE_TOKEN_RATE_LIMIT=0): the difference is the limiter,
//   - a bare Fastify route signing the same ES256 JWT: the difference is Vitrine's hooks, headers,
//     schemas and sealed refresh token on top of the framework.
// --grant member-refresh: the refresh grant over 1000 stored member sessions round-robin (non-rotating
// client, one DB lookup per request, as the bench's member-refresh case); --grant authorization-code: the
// code exchange (PKCE S256, a fresh code per request for 50 members, issued before each block and not
// timed; each exchange creates a member session). Those two measure Vitrine's route with the limit on only.
// --base DIST: a second server built from another checkout (its packages/server/dist) measured in the same
// blocks, with a per-round ratio this checkout / base: a same-process A/B of a change to the token path.
// Uses the built server (packages/server/dist; `npm run build -w @vitrine/server`).
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { BENCH_CLIENT, BENCH_SITE, writeBenchConfig } from './lib/vitrine.mjs';
import { importLoadConfig, ROOT } from './lib/harness.mjs';

const arg = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const GRANT = arg('--grant') ?? 'anonymous';
if (!['anonymous', 'member-refresh', 'authorization-code'].includes(GRANT))
  throw new Error(`--grant ${GRANT}: anonymous, member-refresh or authorization-code`);
const BLOCK = Number(process.env.TOKEN_BLOCK ?? (GRANT === 'anonymous' ? 3000 : 800));
const ROUNDS = Number(process.env.TOKEN_ROUNDS ?? 7);
const dist = join(ROOT, 'packages', 'server', 'dist');
const baseDist = arg('--base');
const Fastify = createRequire(join(ROOT, 'packages', 'server', 'package.json'))('fastify');
/** The first of `paths` that a dist has (modules moved between checkouts, and --base may be an older one). */
const distModule = (from, ...paths) => import(join(from, paths.find((p) => existsSync(join(from, p))) ?? paths[0]));

const dirs = [];
process.on('exit', () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const configPath = writeBenchConfig();
const redirectUri = 'http://127.0.0.1:1/cb'; // the bench client's
const codeVerifier = 'bench-verifier-'.padEnd(64, 'x');
const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');

/** One Vitrine app from `from` (a dist folder); the token limit is read when the route is registered. */
async function vitrineApp(from, limit) {
  const { createApp } = await import(join(from, 'app.js'));
  const loadConfig = await importLoadConfig(from);
  process.env.VITRINE_TOKEN_RATE_LIMIT = String(limit);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-token-overhead-'));
  dirs.push(dataDir);
  const { app, ctx } = await createApp({ config: loadConfig({ configPath, dataDir, port: 0 }), logLevel: 'warn' });
  await app.ready();
  let next = 0;
  const post = (body) => ({
    method: 'POST',
    url: '/oauth2/token',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress: '127.0.0.1',
  });
  if (GRANT === 'anonymous') {
    const request = post({ clientId: BENCH_CLIENT, grantType: 'anonymous' });
    return { app, request: () => request };
  }
  if (GRANT === 'member-refresh') {
    const requests = [];
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 1000; i++) {
        const { refreshToken } = await ctx.tokens.createMemberSession(tx, {
          siteId: BENCH_SITE,
          clientId: BENCH_CLIENT,
          memberId: `bench-member-${i}`,
        });
        requests.push(post({ clientId: BENCH_CLIENT, grantType: 'refresh_token', refreshToken }));
      }
    });
    return { app, request: () => requests[next++ % requests.length] };
  }
  const { insertMember } = await distModule(from, 'members/store.js', 'identity/members.js');
  const { issueCode } = await distModule(from, 'sign-in/redirect-store.js', 'oauth/redirect-store.js');
  const members = [];
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < 50; i++) {
      const m = await insertMember(tx, {
        siteId: BENCH_SITE,
        email: `token-overhead-${i}@example.com`,
        passwordHash: null,
        emailVerified: true,
        approved: true,
        profile: {},
        now: Date.now(),
      });
      members.push(m.id);
    }
  });
  let codes = [];
  return {
    app,
    // Before each block (not timed): one fresh code per request.
    prepare: async (n) => {
      codes = [];
      await ctx.db.transaction(async (tx) => {
        for (let i = 0; i < n; i++) {
          const binding = {
            siteId: BENCH_SITE,
            clientId: BENCH_CLIENT,
            redirectUri,
            codeChallenge,
            memberId: members[i % members.length],
            visitorId: null,
          };
          codes.push(await issueCode(tx, binding, Date.now()));
        }
      });
    },
    request: () =>
      post({ clientId: BENCH_CLIENT, grantType: 'authorization_code', code: codes.pop(), codeVerifier, redirectUri }),
  };
}

const all = {};
all['vitrine, limit on'] = await vitrineApp(dist, 1_000_000_000);
if (baseDist) all['base, limit on'] = await vitrineApp(baseDist, 1_000_000_000);
if (GRANT === 'anonymous') {
  all['vitrine, limit off'] = await vitrineApp(dist, 0);
  if (baseDist) all['base, limit off'] = await vitrineApp(baseDist, 0);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const headerSegment = Buffer.from(JSON.stringify({ alg: 'ES256', kid: randomUUID(), typ: 'at+jwt' })).toString(
    'base64url',
  );
  const bare = Fastify({ logger: false });
  bare.post('/oauth2/token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const iat = Math.floor(Date.now() / 1000);
    const clientId = String(request.body?.clientId);
    const claims = {
      iss: 'http://127.0.0.1:8080',
      sub: randomUUID(),
      aud: clientId,
      client_id: clientId,
      site: 'bench',
      role: 'visitor',
      iat,
      exp: iat + 14_400,
      jti: randomUUID(),
    };
    const input = `${headerSegment}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return {
      access_token: `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`,
      expires_in: 14_400,
      token_type: 'Bearer',
    };
  });
  await bare.ready();
  const request = all['vitrine, limit on'].request();
  all['bare fastify'] = { app: bare, request: () => request };
}
// TOKEN_ONLY=name: one way alone (to profile it with --cpu-prof).
const ways = process.env.TOKEN_ONLY ? { [process.env.TOKEN_ONLY]: all[process.env.TOKEN_ONLY] } : all;
/** `n` requests, 16 in flight, as under load: hooks that await cost microtasks whether or not requests overlap. */
async function block(way, n) {
  for (let i = 0; i < n; i += 16) {
    const answers = await Promise.all(Array.from({ length: Math.min(16, n - i) }, () => way.app.inject(way.request())));
    const failed = answers.find((res) => res.statusCode !== 200);
    if (failed) throw new Error(`token route answered ${failed.statusCode}: ${failed.body}`);
  }
}
for (const way of Object.values(ways)) {
  const warmup = GRANT === 'anonymous' ? 3000 : 800;
  await way.prepare?.(warmup);
  await block(way, warmup);
}

const times = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, way] of Object.entries(ways)) {
    await way.prepare?.(BLOCK);
    const start = process.cpuUsage();
    await block(way, BLOCK);
    const used = process.cpuUsage(start);
    times[name].push((used.user + used.system) / BLOCK);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)]));
console.log(`${GRANT} grant, ${ROUNDS} rounds × ${BLOCK} requests, 16 in flight (CPU-µs per request)`);
for (const [name, xs] of Object.entries(times))
  console.log(
    `${name.padEnd(22)} median ${m[name].toFixed(1)} CPU-µs per request (rounds: ${xs.map((x) => x.toFixed(0)).join(', ')})`,
  );
if (!process.env.TOKEN_ONLY) {
  if (GRANT === 'anonymous') {
    console.log(
      `the per-IP limit: ${(m['vitrine, limit on'] - m['vitrine, limit off']).toFixed(1)} CPU-µs per request`,
    );
    console.log(
      `Vitrine over bare Fastify: ${(m['vitrine, limit on'] - m['bare fastify']).toFixed(1)} CPU-µs per request (${(m['vitrine, limit on'] / m['bare fastify']).toFixed(2)}×)`,
    );
  }
  for (const limit of baseDist ? ['limit on', ...(GRANT === 'anonymous' ? ['limit off'] : [])] : []) {
    const ratios = times[`vitrine, ${limit}`].map((x, i) => x / times[`base, ${limit}`][i]);
    console.log(
      `this checkout / base (${limit}), per round: median ${median(ratios).toFixed(2)}× the CPU (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
    );
  }
}
await Promise.all(Object.values(all).map((way) => way.app.close()));
process.exit(0); // the apps' background timers would keep the process alive
