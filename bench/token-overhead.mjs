// `node bench/token-overhead.mjs`: the anonymous grant's per-request CPU cost inside one process, three
// ways in alternating blocks (same-run ratios, fair on a busy machine), through Fastify's `inject` (no
// sockets, so only the framework's and Vitrine's own work is measured):
//   - Vitrine's token route with the per-IP limit on (the production path),
//   - the same route with the limit off (VITRINE_TOKEN_RATE_LIMIT=0): the difference is the limiter,
//   - a bare Fastify route signing the same ES256 JWT: the difference is Vitrine's hooks, headers,
//     schemas and sealed refresh token on top of the framework.
// Uses the built server (packages/server/dist; `npm run build -w @vitrine/server`).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { BENCH_CLIENT, writeBenchConfig } from './lib/vitrine.mjs';
import { ROOT } from './lib/harness.mjs';

const BLOCK = Number(process.env.TOKEN_BLOCK ?? 3000);
const ROUNDS = Number(process.env.TOKEN_ROUNDS ?? 7);
const dist = join(ROOT, 'packages', 'server', 'dist');
const { createApp } = await import(join(dist, 'app.js'));
const { loadConfig } = await import(join(dist, 'config/load.js'));
const Fastify = createRequire(join(ROOT, 'packages', 'server', 'package.json'))('fastify');

const dirs = [];
process.on('exit', () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const configPath = writeBenchConfig();
/** One Vitrine app; the token limit is read when the route is registered. */
async function vitrineApp(limit) {
  process.env.VITRINE_TOKEN_RATE_LIMIT = String(limit);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-token-overhead-'));
  dirs.push(dataDir);
  const { app } = await createApp({ config: loadConfig({ configPath, dataDir, port: 0 }), logLevel: 'warn' });
  await app.ready();
  return app;
}
const limited = await vitrineApp(1_000_000_000);
const unlimited = await vitrineApp(0);

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const headerSegment = Buffer.from(JSON.stringify({ alg: 'ES256', kid: randomUUID(), typ: 'at+jwt' })).toString('base64url');
const bare = Fastify({ logger: false });
async function bareRoute(request, reply) {
  reply.header('cache-control', 'no-store');
  const iat = Math.floor(Date.now() / 1000);
  const clientId = String(request.body?.clientId);
  const claims = { iss: 'http://127.0.0.1:8080', sub: randomUUID(), aud: clientId, client_id: clientId, site: 'bench', role: 'visitor', iat, exp: iat + 14_400, jti: randomUUID() };
  const input = `${headerSegment}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { access_token: `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`, expires_in: 14_400, token_type: 'Bearer' };
}
bare.post('/oauth2/token', bareRoute);
await bare.ready();

const payload = JSON.stringify({ clientId: BENCH_CLIENT, grantType: 'anonymous' });
const request = { method: 'POST', url: '/oauth2/token', headers: { 'content-type': 'application/json' }, payload, remoteAddress: '127.0.0.1' };
const all = { 'vitrine, limit on': limited, 'vitrine, limit off': unlimited, 'bare fastify': bare };
// TOKEN_ONLY=name: one way alone (to profile it with --cpu-prof).
const ways = process.env.TOKEN_ONLY ? { [process.env.TOKEN_ONLY]: all[process.env.TOKEN_ONLY] } : all;
for (const app of Object.values(ways)) {
  for (let i = 0; i < 3000; i++) {
    const res = await app.inject(request);
    if (res.statusCode !== 200) throw new Error(`token route answered ${res.statusCode}: ${res.body}`);
  }
}

const times = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, app] of Object.entries(ways)) {
    // 16 in flight, as under load: hooks that await cost microtasks whether or not requests overlap.
    const start = process.cpuUsage();
    for (let i = 0; i < BLOCK; i += 16) await Promise.all(Array.from({ length: 16 }, () => app.inject(request)));
    const used = process.cpuUsage(start);
    times[name].push((used.user + used.system) / BLOCK);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)]));
for (const [name, xs] of Object.entries(times)) console.log(`${name.padEnd(22)} median ${m[name].toFixed(1)} CPU-µs per request (rounds: ${xs.map((x) => x.toFixed(0)).join(', ')})`);
if (!process.env.TOKEN_ONLY) {
  console.log(`the per-IP limit: ${(m['vitrine, limit on'] - m['vitrine, limit off']).toFixed(1)} CPU-µs per request`);
console.log(`Vitrine over bare Fastify: ${(m['vitrine, limit on'] - m['bare fastify']).toFixed(1)} CPU-µs per request (${(m['vitrine, limit on'] / m['bare fastify']).toFixed(2)}×)`);
}
await Promise.all(Object.values(all).map((app) => app.close()));
process.exit(0); // the apps' background timers would keep the process alive
