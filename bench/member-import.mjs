// Member import at scale (issue #33): MEMBERS rows of Vitrine's CSV imported through `vitrine members
// import`'s own code path (import, then the same file again: the idempotent re-run), then the first sign-in
// of imported bcrypt members (bcrypt verify + argon2id rehash + write) beside sign-ins of native argon2id
// members, over HTTP to the real server.
//
//   MEMBERS=100000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrine_import node bench/member-import.mjs
//   MEMBERS=100000 PGLITE_DIR=/tmp/pglite-import node bench/member-import.mjs      (the embedded database)
//
// Runs the built server (packages/server/dist; `npm run build -w packages/server`). Use an empty database:
// a second run finds the members there and measures updates. Options (env): MEMBERS (default 100000),
// SIGN_INS (sign-ins per kind, default 20). Every row carries the same bcrypt hash (cost 10): hashing
// 100 000 distinct ones would take hours and the import never computes them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const SIGN_INS = Number(process.env.SIGN_INS ?? 20);
const DATABASE_URL = process.env.DATABASE_URL;
const PGLITE_DIR = process.env.PGLITE_DIR;
if (!DATABASE_URL && !PGLITE_DIR) throw new Error('set DATABASE_URL (PostgreSQL) or PGLITE_DIR (PGlite data dir)');
process.env.VITRINE_AUTH_RATE_LIMITS = '0';

const dist = new URL('../packages/server/dist/', import.meta.url);
const { importMembersCommand } = await import(new URL('cli-members.js', dist).href);
const { createApp } = await import(new URL('app.js', dist).href);
const { loadConfig } = await import(new URL('config-files/load.js', dist).href);
const bcrypt = (await import('bcryptjs')).default;

const PASSWORD = 'bench passphrase 1';
const hash = await bcrypt.hash(PASSWORD, 10);
const scratch = mkdtempSync(join(tmpdir(), 'vitrine-import-bench-'));
const file = join(scratch, 'members.csv');
const lines = ['email,email_verified,password_hash,first_name,last_name,created_at'];
for (let i = 0; i < MEMBERS; i++)
  lines.push(`m${i}@bench.example,true,${hash},First${i},Last${i % 977},2020-01-0${1 + (i % 9)}T00:00:00Z`);
writeFileSync(file, lines.join('\n'));

const config = loadConfig({
  env: { ...(DATABASE_URL ? { DATABASE_URL } : {}), VITRINE_ADMIN_KEY: 'bench-admin-key-0123456789abcdef' },
  dataDir: PGLITE_DIR ?? scratch,
  port: 0,
});
for (const site of config.sites) site.policies = { ...site.policies, emailVerification: 'off', captcha: 'off' };

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
const runImport = async (label) => {
  const started = performance.now();
  let last = 0;
  const report = await importMembersCommand(config, file, { format: 'csv', dryRun: false }, (line) => {
    if (performance.now() - last < 5000) return;
    last = performance.now();
    console.error(`  ${label}: ${line}`);
  });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, report };
};
const first = await runImport('import');
const again = await runImport('re-run');
clearInterval(sampler);

const vitrine = await createApp({ config, logLevel: 'silent', mailDelivery: false });
const url = await vitrine.app.listen({ port: 0, host: '127.0.0.1' });
const post = async (path, body, token) => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const visitor = (await post('/oauth2/token', { clientId: config.storefront.clientId, grantType: 'anonymous' })).body
  .access_token;
const timedLogin = async (email) => {
  const started = performance.now();
  const res = await post('/_api/iam/authentication/v2/login', { loginId: { email }, password: PASSWORD }, visitor);
  if (res.body.state !== 'SUCCESS') throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return performance.now() - started;
};
const natives = [];
for (let i = 0; i < SIGN_INS; i++) {
  const email = `native${i}-${Date.now()}@bench.example`;
  const reg = await post('/_api/iam/authentication/v2/register', { loginId: { email }, password: PASSWORD }, visitor);
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  natives.push(email);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const imported = [];
const native = [];
const secondImported = [];
// Interleaved, so both kinds see the same machine load.
for (let i = 0; i < SIGN_INS; i++) {
  imported.push(await timedLogin(`m${i}@bench.example`));
  native.push(await timedLogin(natives[i]));
}
for (let i = 0; i < SIGN_INS; i++) secondImported.push(await timedLogin(`m${i}@bench.example`));
await vitrine.close();
rmSync(scratch, { recursive: true, force: true });

const r = first.report;
console.log(`| database | members | import | re-run (updates) | peak RSS | refused |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
console.log(
  `| ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} | ${MEMBERS} | ${first.seconds.toFixed(1)} s (${Math.round(MEMBERS / first.seconds)}/s; ${r.created} new) | ${again.seconds.toFixed(1)} s (${again.report.updated} updated) | ${Math.round(peak / 1048576)} MB | ${r.refused.length} |`,
);
console.log('');
console.log(
  `| sign-in (median of ${SIGN_INS}, ms) | imported bcrypt, first | native argon2id | imported, second (rehashed) |`,
);
console.log(`|---|---:|---:|---:|`);
console.log(
  `| login over HTTP | ${median(imported).toFixed(0)} | ${median(native).toFixed(0)} | ${median(secondImported).toFixed(0)} |`,
);
